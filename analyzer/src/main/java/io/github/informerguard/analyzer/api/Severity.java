package io.github.informerguard.analyzer.api;

import java.util.Locale;

/** How serious a finding is. Ordered from least to most severe. */
public enum Severity {
  INFO,
  WARNING,
  ERROR;

  /** The lower-case name used in reports, policy files and the CLI. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  public boolean atLeast(Severity other) {
    return compareTo(other) >= 0;
  }

  /** Parses {@code info}, {@code warning} or {@code error}, ignoring case. */
  public static Severity parse(String text) {
    for (Severity s : values()) {
      if (s.id().equalsIgnoreCase(text.trim())) {
        return s;
      }
    }
    throw new IllegalArgumentException(
        "'" + text + "' is not a severity; expected one of info, warning, error");
  }
}
