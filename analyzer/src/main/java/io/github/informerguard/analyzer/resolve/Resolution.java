package io.github.informerguard.analyzer.resolve;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * The one place where symbol-solver calls are made safe. The solver throws a zoo of
 * exceptions (and sometimes errors) for code it cannot resolve; an unresolved symbol must
 * never crash the analysis or turn into a guess.
 */
public final class Resolution {

  private Resolution() {}

  public static <T> Optional<T> attempt(Supplier<T> resolver) {
    try {
      return Optional.ofNullable(resolver.get());
    } catch (RuntimeException | NoClassDefFoundError | StackOverflowError | ExceptionInInitializerError e) {
      // UnsolvedSymbolException, UnsupportedOperationException, IllegalStateException,
      // IllegalArgumentException and javassist's NotFoundException wrappers all land here.
      Diagnostics.debug("unresolved: " + e);
      return Optional.empty();
    }
  }
}
