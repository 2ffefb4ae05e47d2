package io.github.informerguard.analyzer.engine;

import java.nio.file.Path;
import java.util.Comparator;

/**
 * A file that could not be analyzed (does not parse, is binary or empty, cannot be read), or a
 * rule that failed on it. The file is skipped; the others are still analyzed.
 *
 * @param line 1-based line of the problem, 0 when unknown
 */
public record AnalysisError(Path file, int line, String message) {

  public static final Comparator<AnalysisError> ORDER =
      Comparator.comparing((AnalysisError e) -> e.file().toString())
          .thenComparingInt(AnalysisError::line)
          .thenComparing(AnalysisError::message);
}
