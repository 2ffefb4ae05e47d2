package io.github.informerguard.analyzer.api;

import com.github.javaparser.ast.Node;
import java.util.Set;

/**
 * A rule. Implementations are stateless and thread-safe: the engine calls {@link #check} for
 * many files concurrently. A rule never knows which front end (CLI, Maven, Checkstyle) runs it.
 *
 * <p>Built-in rules are listed in {@code RuleRegistry}; third-party rules are found through
 * {@link java.util.ServiceLoader} under {@code META-INF/services/io.github.informerguard.analyzer.api.Rule}.
 */
public interface Rule {

  RuleDescriptor descriptor();

  /**
   * The node kinds the rule (and the helpers it calls) asks the file for through
   * {@link RuleContext#nodes}: the engine collects them all in one walk of the file before any rule
   * runs. A kind not listed still works, at the cost of a walk of its own.
   */
  default Set<Class<? extends Node>> nodesToVisit() {
    return Set.of();
  }

  /** Inspects one parsed file and reports through {@link RuleContext#report}. */
  void check(RuleContext context);
}
