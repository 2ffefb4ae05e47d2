package io.github.informerguard.checkstyle;

/**
 * Reports informer-guard rule {@code WatchNeverClosed}: a watch opened whose handle is discarded or never closed.
 * Docs: docs/rules/WatchNeverClosed.md.
 */
public final class WatchNeverClosedCheck extends AbstractInformerGuardCheck {

  /** The informer-guard rule id. */
  public static final String RULE_ID = "WatchNeverClosed";

  /** The message key. */
  public static final String MSG_KEY = "watch.never.closed";

  public WatchNeverClosedCheck() {
    super(RULE_ID);
  }
}
