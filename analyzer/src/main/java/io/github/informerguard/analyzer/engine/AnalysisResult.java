package io.github.informerguard.analyzer.engine;

import io.github.informerguard.analyzer.api.AnalysisMode;
import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.api.Severity;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything an analysis produced, sorted deterministically (file, line, column).
 * {@code dependsOn} maps an analyzed file to the other source files its findings took
 * declarations from (see {@link FileOutcome#dependsOn()}); files without any are left out.
 */
public record AnalysisResult(
    AnalysisMode mode,
    List<RuleDescriptor> rules,
    List<Finding> findings,
    List<AnalysisError> errors,
    AnalysisStats stats,
    Map<Path, Set<Path>> dependsOn) {

  public AnalysisResult {
    rules = List.copyOf(rules);
    findings = findings.stream().sorted(Finding.ORDER).toList();
    errors = errors.stream().sorted(AnalysisError.ORDER).toList();
    dependsOn = Map.copyOf(dependsOn);
  }

  public AnalysisResult(AnalysisMode mode, List<RuleDescriptor> rules, List<Finding> findings,
      List<AnalysisError> errors, AnalysisStats stats) {
    this(mode, rules, findings, errors, stats, Map.of());
  }

  /** Files skipped for lack of memory: when there is any, the run is incomplete. */
  public long skippedForLackOfMemory() {
    return errors.stream().filter(AnalysisError::outOfMemory).count();
  }

  /** Whether any finding is at or above {@code level}; {@code null} (never) answers false. */
  public boolean hasFindingsAtOrAbove(Severity level) {
    return level != null && findings.stream().anyMatch(f -> f.severity().atLeast(level));
  }
}
