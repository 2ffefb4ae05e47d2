package io.github.informerguard.checkstyle;

/**
 * Reports informer-guard rule {@code UnboundedInformerWait}: waiting for informer start or sync with no timeout.
 * Docs: docs/rules/UnboundedInformerWait.md.
 */
public final class UnboundedInformerWaitCheck extends AbstractInformerGuardCheck {

  /** The informer-guard rule id. */
  public static final String RULE_ID = "UnboundedInformerWait";

  /** The message key. */
  public static final String MSG_KEY = "unbounded.informer.wait";

  public UnboundedInformerWaitCheck() {
    super(RULE_ID);
  }
}
