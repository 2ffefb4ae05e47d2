package io.github.informerguard.analyzer.report;

import java.util.Locale;

/** The report formats of the CLI's {@code --format}. */
public enum ReportFormat {
  TEXT,
  JSON,
  SARIF;

  public static ReportFormat parse(String text) {
    for (ReportFormat f : values()) {
      if (f.name().equalsIgnoreCase(text.trim())) {
        return f;
      }
    }
    throw new IllegalArgumentException("unknown format '" + text + "'; expected text, json or sarif");
  }

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
