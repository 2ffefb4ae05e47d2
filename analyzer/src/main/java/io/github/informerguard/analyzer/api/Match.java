package io.github.informerguard.analyzer.api;

/** Three-valued answer of type questions. Rules report only on {@link #YES}. */
public enum Match {
  YES,
  NO,
  UNKNOWN;

  public static Match of(boolean b) {
    return b ? YES : NO;
  }

  public boolean isYes() {
    return this == YES;
  }
}
