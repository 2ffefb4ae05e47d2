package io.github.informerguard.checkstyle;

/**
 * Reports informer-guard rule {@code InterruptSwallowed}: InterruptedException caught without re-interrupting the thread or rethrowing.
 * Docs: docs/rules/InterruptSwallowed.md.
 */
public final class InterruptSwallowedCheck extends AbstractInformerGuardCheck {

  /** The informer-guard rule id. */
  public static final String RULE_ID = "InterruptSwallowed";

  /** The message key. */
  public static final String MSG_KEY = "interrupt.swallowed";

  public InterruptSwallowedCheck() {
    super(RULE_ID);
  }

  /**
   * Which code to report in, as the policy's {@code scope}: {@code kubernetes} (default: code that
   * uses the Kubernetes clients or runs in their callbacks) or {@code all}.
   *
   * @param scope kubernetes or all
   */
  public void setScope(String scope) {
    option("scope", scope);
  }
}
