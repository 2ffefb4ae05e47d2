package io.github.informerguard.analyzer.engine;

import io.github.informerguard.analyzer.api.Finding;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * What analyzing one file produced. {@code parsed} is false when the prefilter skipped it or it
 * failed to parse. {@code dependsOn} holds the other source files whose declarations (a
 * constant's value) the findings were computed from.
 */
public record FileOutcome(List<Finding> findings, List<AnalysisError> errors, boolean parsed, Set<Path> dependsOn) {

  public FileOutcome {
    findings = Fingerprints.disambiguate(findings).stream().sorted(Finding.ORDER).toList();
    errors = List.copyOf(errors);
    dependsOn = Set.copyOf(dependsOn);
  }

  public FileOutcome(List<Finding> findings, List<AnalysisError> errors, boolean parsed) {
    this(findings, errors, parsed, Set.of());
  }

  static FileOutcome skipped() {
    return new FileOutcome(List.of(), List.of(), false);
  }
}
