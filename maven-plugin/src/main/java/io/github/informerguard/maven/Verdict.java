package io.github.informerguard.maven;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.Severity;
import java.util.List;

/**
 * Whether a module's findings break the build: the findings at or above {@code failOn} are
 * counted, and the build fails only when that count exceeds {@code maxAllowedViolations}.
 *
 * @param failing findings at or above {@code failOn}
 */
record Verdict(Severity failOn, int failing, int maxAllowed) {

  static Verdict of(List<Finding> findings, Severity failOn, int maxAllowed) {
    int failing = (int) findings.stream().filter(f -> f.severity().atLeast(failOn)).count();
    return new Verdict(failOn, failing, maxAllowed);
  }

  boolean exceeded() {
    return failing > maxAllowed;
  }

  /** One sentence for the log or the build failure. */
  String describe() {
    String counted = failing + (failing == 1 ? " finding" : " findings") + " at or above " + failOn.id();
    if (exceeded()) {
      return maxAllowed == 0
          ? counted
          : counted + ", more than maxAllowedViolations (" + maxAllowed + ")";
    }
    return counted + ", within maxAllowedViolations (" + maxAllowed + ")";
  }
}
