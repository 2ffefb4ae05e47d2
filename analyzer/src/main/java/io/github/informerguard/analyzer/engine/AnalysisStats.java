package io.github.informerguard.analyzer.engine;

/**
 * @param filesScanned Java files found under the inputs, after excludes
 * @param filesParsed files that passed the prefilter and were parsed
 * @param millis wall time of the whole analysis
 */
public record AnalysisStats(int filesScanned, int filesParsed, long millis) {}
