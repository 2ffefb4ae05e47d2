package io.github.informerguard.maven;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.Severity;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class VerdictTest {

  private static Finding at(Severity s) {
    return new Finding("ShortResyncPeriod", s, Path.of("/p/A.java"), 1, 1, 1, 2, "m");
  }

  private final List<Finding> findings = List.of(at(Severity.INFO), at(Severity.WARNING), at(Severity.ERROR));

  @Test
  void countsOnlyFindingsAtOrAboveTheThreshold() {
    assertThat(Verdict.of(findings, Severity.INFO, 0).failing()).isEqualTo(3);
    assertThat(Verdict.of(findings, Severity.WARNING, 0).failing()).isEqualTo(2);
    assertThat(Verdict.of(findings, Severity.ERROR, 0).failing()).isEqualTo(1);
  }

  @Test
  void failsOnlyWhenTheCountExceedsMaxAllowedViolations() {
    assertThat(Verdict.of(findings, Severity.WARNING, 0).exceeded()).isTrue();
    assertThat(Verdict.of(findings, Severity.WARNING, 1).exceeded()).isTrue();
    assertThat(Verdict.of(findings, Severity.WARNING, 2).exceeded()).isFalse();
    assertThat(Verdict.of(List.of(at(Severity.INFO)), Severity.WARNING, 0).exceeded()).isFalse();
  }

  @Test
  void describesTheCountAndTheTolerance() {
    assertThat(Verdict.of(findings, Severity.WARNING, 0).describe()).isEqualTo("2 findings at or above warning");
    assertThat(Verdict.of(findings, Severity.WARNING, 1).describe())
        .isEqualTo("2 findings at or above warning, more than maxAllowedViolations (1)");
    assertThat(Verdict.of(findings, Severity.ERROR, 1).describe())
        .isEqualTo("1 finding at or above error, within maxAllowedViolations (1)");
  }
}
