package io.github.informerguard.analyzer.engine;

import java.util.Optional;

/**
 * @param filesScanned Java files found under the inputs, after excludes
 * @param filesParsed files that passed the prefilter and were parsed
 * @param millis wall time of the whole analysis
 * @param baseline what the baseline left out, when one was applied
 */
public record AnalysisStats(int filesScanned, int filesParsed, long millis, Optional<BaselineStats> baseline) {

  public AnalysisStats(int filesScanned, int filesParsed, long millis) {
    this(filesScanned, filesParsed, millis, Optional.empty());
  }

  public AnalysisStats withBaseline(BaselineStats stats) {
    return new AnalysisStats(filesScanned, filesParsed, millis, Optional.of(stats));
  }
}
