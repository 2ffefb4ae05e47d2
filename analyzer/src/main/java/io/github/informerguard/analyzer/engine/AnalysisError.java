package io.github.informerguard.analyzer.engine;

import java.nio.file.Path;
import java.util.Comparator;

/**
 * A file that could not be analyzed (does not parse, is binary or empty, cannot be read), or a
 * rule that failed on it. The file is skipped; the others are still analyzed.
 *
 * @param line 1-based line of the problem, 0 when unknown
 * @param outOfMemory the file was skipped for lack of heap, not for what it holds: the run is
 *     incomplete (the CLI exits with status 2) and the same file may well pass with more heap
 */
public record AnalysisError(Path file, int line, String message, boolean outOfMemory) {

  public AnalysisError(Path file, int line, String message) {
    this(file, line, message, false);
  }

  /** A file the run had no memory left for; {@code message} says what it could not do and ends with the advice. */
  public static AnalysisError outOfMemory(Path file, String message) {
    return new AnalysisError(file, 0, message, true);
  }

  public static final Comparator<AnalysisError> ORDER =
      Comparator.comparing((AnalysisError e) -> e.file().toString())
          .thenComparingInt(AnalysisError::line)
          .thenComparing(AnalysisError::message);
}
