package io.github.informerguard.analyzer.engine;

import io.github.informerguard.analyzer.api.AnalysisMode;
import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.api.Severity;
import java.util.List;

/** Everything an analysis produced, sorted deterministically (file, line, column). */
public record AnalysisResult(
    AnalysisMode mode,
    List<RuleDescriptor> rules,
    List<Finding> findings,
    List<AnalysisError> errors,
    AnalysisStats stats) {

  public AnalysisResult {
    rules = List.copyOf(rules);
    findings = findings.stream().sorted(Finding.ORDER).toList();
    errors = errors.stream().sorted(AnalysisError.ORDER).toList();
  }

  /** Whether any finding is at or above {@code level}; {@code null} (never) answers false. */
  public boolean hasFindingsAtOrAbove(Severity level) {
    return level != null && findings.stream().anyMatch(f -> f.severity().atLeast(level));
  }
}
