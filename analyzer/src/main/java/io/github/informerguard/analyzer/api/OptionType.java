package io.github.informerguard.analyzer.api;

import java.util.List;

/** The value type of a rule option in the policy file. */
public enum OptionType {
  /** {@code 5m}, {@code 30s}, {@code 1500ms}, {@code 2h} or ISO-8601 {@code PT5M}. */
  DURATION,
  BOOLEAN,
  INTEGER,
  /**
   * Which code a rule reports in: {@code kubernetes} (code that has to do with the clients) or
   * {@code all}; the first value is the default.
   */
  SCOPE("kubernetes", "all");

  private final List<String> keywords;

  OptionType(String... keywords) {
    this.keywords = List.of(keywords);
  }

  /** The accepted values of a keyword option, first the default; empty for other types. */
  public List<String> keywords() {
    return keywords;
  }
}
