package io.github.informerguard.analyzer.api;

import java.nio.file.Path;
import java.util.Comparator;

/**
 * One reported problem.
 *
 * @param file the absolute, normalised path of the analyzed file
 * @param line 1-based line where the offending node begins
 * @param column 1-based column where the offending node begins
 * @param endLine 1-based line where the node ends (equal to {@code line} when unknown)
 * @param endColumn 1-based column where the node ends, inclusive
 * @param message one sentence naming what was found and the specifics resolved
 * @param detail the rest: why it hurts in production and the fix (empty when the rule has none)
 * @param fingerprint stable identity that survives moving the code (rule, file's package path,
 *     enclosing declarations, the node's text; not the line); empty when made outside the engine
 */
public record Finding(
    String ruleId,
    Severity severity,
    Path file,
    int line,
    int column,
    int endLine,
    int endColumn,
    String message,
    String detail,
    String fingerprint) {

  public Finding {
    detail = detail == null ? "" : detail;
    fingerprint = fingerprint == null ? "" : fingerprint;
  }

  public Finding(String ruleId, Severity severity, Path file, int line, int column, int endLine,
      int endColumn, String message, String detail) {
    this(ruleId, severity, file, line, column, endLine, endColumn, message, detail, "");
  }

  public Finding(String ruleId, Severity severity, Path file, int line, int column, int endLine,
      int endColumn, String message) {
    this(ruleId, severity, file, line, column, endLine, endColumn, message, "", "");
  }

  /** Report order: file, line, column, then rule id and message so that output is stable. */
  public static final Comparator<Finding> ORDER =
      Comparator.comparing((Finding f) -> f.file().toString())
          .thenComparingInt(Finding::line)
          .thenComparingInt(Finding::column)
          .thenComparing(Finding::ruleId)
          .thenComparing(Finding::message);

  /** The message followed by the detail, for formats with one text field (SARIF). */
  public String fullText() {
    return detail.isEmpty() ? message : message + " " + detail;
  }

  public Finding withSeverity(Severity newSeverity) {
    return new Finding(ruleId, newSeverity, file, line, column, endLine, endColumn, message, detail, fingerprint);
  }

  public Finding withFingerprint(String newFingerprint) {
    return new Finding(ruleId, severity, file, line, column, endLine, endColumn, message, detail, newFingerprint);
  }
}
