package io.github.informerguard.checkstyle;

import io.github.informerguard.analyzer.rules.resync.ShortResyncPeriod;

/**
 * Reports informer-guard rule {@code ShortResyncPeriod}: a hardcoded informer resync period (or
 * JOSDK maximum reconciliation interval) below the minimum, negative, or sub-second.
 * Docs: docs/rules/ShortResyncPeriod.md.
 */
public final class ShortResyncPeriodCheck extends AbstractInformerGuardCheck {

  /** The informer-guard rule id. */
  public static final String RULE_ID = ShortResyncPeriod.ID;

  /** The message key. */
  public static final String MSG_KEY = "short.resync.period";

  public ShortResyncPeriodCheck() {
    super(RULE_ID);
  }

  /**
   * The shortest acceptable resync period, as in the policy file (5m, 30s, 1500ms, PT5M). Default 5m.
   *
   * @param duration the minimum
   */
  public void setMinimumPeriod(String duration) {
    option(ShortResyncPeriod.MINIMUM_PERIOD, duration);
  }

  /**
   * The shortest acceptable JOSDK {@code maxReconciliationInterval}, as above. Default 5m.
   *
   * @param duration the minimum
   */
  public void setMinimumReconciliationInterval(String duration) {
    option(ShortResyncPeriod.MINIMUM_RECONCILIATION_INTERVAL, duration);
  }
}
