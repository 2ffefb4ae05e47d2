package io.github.informerguard.checkstyle;

/**
 * Reports informer-guard rule {@code StatefulIndexFunction}: an index function that writes shared state, mutates its object, is non-deterministic or does I/O.
 * Docs: docs/rules/StatefulIndexFunction.md.
 */
public final class StatefulIndexFunctionCheck extends AbstractInformerGuardCheck {

  /** The informer-guard rule id. */
  public static final String RULE_ID = "StatefulIndexFunction";

  /** The message key. */
  public static final String MSG_KEY = "stateful.index.function";

  public StatefulIndexFunctionCheck() {
    super(RULE_ID);
  }
}
