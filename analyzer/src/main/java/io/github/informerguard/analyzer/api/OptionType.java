package io.github.informerguard.analyzer.api;

/** The value type of a rule option in the policy file. */
public enum OptionType {
  /** {@code 5m}, {@code 30s}, {@code 1500ms}, {@code 2h} or ISO-8601 {@code PT5M}. */
  DURATION,
  BOOLEAN,
  INTEGER
}
