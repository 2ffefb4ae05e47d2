package io.github.informerguard.checkstyle;

/** A check for a rule this analyzer build does not have (as a newer check jar on an older analyzer would be). */
public final class NoSuchRuleCheck extends AbstractInformerGuardCheck {
  public NoSuchRuleCheck() {
    super("NoSuchRule");
  }
}
