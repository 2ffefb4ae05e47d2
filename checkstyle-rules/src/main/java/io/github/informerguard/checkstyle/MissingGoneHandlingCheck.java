package io.github.informerguard.checkstyle;

/**
 * Reports informer-guard rule {@code MissingGoneHandling}: a raw watch whose close or error path ignores HTTP 410 Gone.
 * Docs: docs/rules/MissingGoneHandling.md.
 */
public final class MissingGoneHandlingCheck extends AbstractInformerGuardCheck {

  /** The informer-guard rule id. */
  public static final String RULE_ID = "MissingGoneHandling";

  /** The message key. */
  public static final String MSG_KEY = "missing.gone.handling";

  public MissingGoneHandlingCheck() {
    super(RULE_ID);
  }
}
