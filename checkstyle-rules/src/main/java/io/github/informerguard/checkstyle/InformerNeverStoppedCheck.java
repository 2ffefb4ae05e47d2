package io.github.informerguard.checkstyle;

/**
 * Reports informer-guard rule {@code InformerNeverStopped}: an informer or informer factory started with no reachable stop or close.
 * Docs: docs/rules/InformerNeverStopped.md.
 */
public final class InformerNeverStoppedCheck extends AbstractInformerGuardCheck {

  /** The informer-guard rule id. */
  public static final String RULE_ID = "InformerNeverStopped";

  /** The message key. */
  public static final String MSG_KEY = "informer.never.stopped";

  public InformerNeverStoppedCheck() {
    super(RULE_ID);
  }
}
