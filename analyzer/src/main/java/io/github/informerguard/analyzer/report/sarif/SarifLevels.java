package io.github.informerguard.analyzer.report.sarif;

import io.github.informerguard.analyzer.api.Severity;

/** SARIF's {@code level} for a severity. */
final class SarifLevels {

  private SarifLevels() {}

  static String level(Severity s) {
    return switch (s) {
      case ERROR -> "error";
      case WARNING -> "warning";
      case INFO -> "note";
    };
  }
}
