package io.github.informerguard.runtime.core;

/**
 * The one rule for exceptions thrown by user code (handlers, index functions, transforms): every
 * {@link Throwable} is contained, counted and logged by the caller, so that one bad object or
 * handler never stops the informer; only a {@link VirtualMachineError} (out of memory, stack
 * overflow, internal error) is passed on, because nothing the informer does next can be trusted
 * after one. Undeclared checked exceptions (Kotlin, Lombok's {@code @SneakyThrows}) are
 * contained like any other.
 */
final class UserCode {
  private UserCode() {}

  /** Rethrows {@code t} if it must not be contained; returns normally otherwise. */
  static void rethrowIfFatal(Throwable t) {
    if (t instanceof VirtualMachineError fatal) {
      throw fatal;
    }
  }
}
