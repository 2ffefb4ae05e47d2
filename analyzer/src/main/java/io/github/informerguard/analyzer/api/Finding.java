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
 */
public record Finding(
    String ruleId,
    Severity severity,
    Path file,
    int line,
    int column,
    int endLine,
    int endColumn,
    String message) {

  /** Report order: file, line, column, then rule id and message so that output is stable. */
  public static final Comparator<Finding> ORDER =
      Comparator.comparing((Finding f) -> f.file().toString())
          .thenComparingInt(Finding::line)
          .thenComparingInt(Finding::column)
          .thenComparing(Finding::ruleId)
          .thenComparing(Finding::message);

  public Finding withSeverity(Severity newSeverity) {
    return new Finding(ruleId, newSeverity, file, line, column, endLine, endColumn, message);
  }
}
