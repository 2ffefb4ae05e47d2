package io.github.informerguard.analyzer.api;

/**
 * A rule. Implementations are stateless and thread-safe: the engine calls {@link #check} for
 * many files concurrently. A rule never knows which front end (CLI, Maven, Checkstyle) runs it.
 *
 * <p>Built-in rules are listed in {@code RuleRegistry}; third-party rules are found through
 * {@link java.util.ServiceLoader} under {@code META-INF/services/io.github.informerguard.analyzer.api.Rule}.
 */
public interface Rule {

  RuleDescriptor descriptor();

  /** Inspects one parsed file and reports through {@link RuleContext#report}. */
  void check(RuleContext context);
}
