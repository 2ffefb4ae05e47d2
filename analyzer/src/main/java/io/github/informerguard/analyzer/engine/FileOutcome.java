package io.github.informerguard.analyzer.engine;

import io.github.informerguard.analyzer.api.Finding;
import java.util.List;

/** What analyzing one file produced. {@code parsed} is false when the prefilter skipped it or it failed to parse. */
public record FileOutcome(List<Finding> findings, List<AnalysisError> errors, boolean parsed) {

  public FileOutcome {
    findings = Fingerprints.disambiguate(findings).stream().sorted(Finding.ORDER).toList();
    errors = List.copyOf(errors);
  }

  static FileOutcome skipped() {
    return new FileOutcome(List.of(), List.of(), false);
  }
}
