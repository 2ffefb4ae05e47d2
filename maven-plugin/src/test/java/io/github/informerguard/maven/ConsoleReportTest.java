package io.github.informerguard.maven;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.AnalysisMode;
import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.engine.AnalysisError;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.engine.AnalysisStats;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsoleReportTest {

  private static final Path FILE = Path.of("/work/app/src/main/java/demo/Foo.java");

  private static Finding finding(String rule, Severity s, int line) {
    return new Finding(rule, s, FILE, line, 9, line, 40, "resync period resolves to 30s");
  }

  @Test
  void findingLineHasTheJavacShapeMavenUsesForCompilerWarningsAndEndsWithTheRulePage() {
    assertThat(ConsoleReport.finding(finding("ShortResyncPeriod", Severity.WARNING, 12)))
        .isEqualTo("/work/app/src/main/java/demo/Foo.java:[12,9] ShortResyncPeriod: resync period resolves to 30s"
            + " (see https://github.com/informerguard/informer-guard/blob/main/docs/rules/ShortResyncPeriod.md)");
  }

  @Test
  void errorLineNamesFileLineAndMessage() {
    assertThat(ConsoleReport.error(new AnalysisError(FILE, 3, "does not parse: x")))
        .isEqualTo("/work/app/src/main/java/demo/Foo.java:3: does not parse: x");
    assertThat(ConsoleReport.error(new AnalysisError(FILE, 0, "empty file")))
        .isEqualTo("/work/app/src/main/java/demo/Foo.java: empty file");
  }

  @Test
  void oneSummaryLinePerRuleInIdOrderWithSeverityBreakdown() {
    List<Finding> findings = List.of(
        finding("WatchNeverClosed", Severity.WARNING, 1),
        finding("ShortResyncPeriod", Severity.INFO, 2),
        finding("ShortResyncPeriod", Severity.WARNING, 3),
        finding("ShortResyncPeriod", Severity.WARNING, 4));
    assertThat(ConsoleReport.perRule(findings)).containsExactly(
        "ShortResyncPeriod: 3 findings (2 warning, 1 info)",
        "WatchNeverClosed: 1 finding (1 warning)");
  }

  @Test
  void closingSummaryCountsFindingsFilesAndErrors() {
    AnalysisResult result = new AnalysisResult(AnalysisMode.PRECISE, List.of(),
        List.of(finding("ShortResyncPeriod", Severity.ERROR, 2), finding("ShortResyncPeriod", Severity.WARNING, 5)),
        List.of(new AnalysisError(Path.of("/x/Bad.java"), 1, "does not parse")),
        new AnalysisStats(12, 4, 321));
    assertThat(ConsoleReport.summary(result)).isEqualTo(
        "informer-guard: 2 findings (1 error, 1 warning) in 1 file, 1 file not analyzed; 12 files scanned, 4 parsed, precise mode, 321 ms");
  }

  @Test
  void closingSummaryUsesTheSingularForOneFile() {
    AnalysisResult result = new AnalysisResult(AnalysisMode.LENIENT, List.of(),
        List.of(finding("ShortResyncPeriod", Severity.WARNING, 2)), List.of(), new AnalysisStats(1, 1, 7));
    assertThat(ConsoleReport.summary(result)).isEqualTo(
        "informer-guard: 1 finding (1 warning) in 1 file; 1 file scanned, 1 parsed, lenient mode, 7 ms");
  }

  @Test
  void closingSummarySaysSoWhenThereIsNothing() {
    AnalysisResult result = new AnalysisResult(AnalysisMode.PRECISE, List.of(), List.of(), List.of(), new AnalysisStats(3, 0, 5));
    assertThat(ConsoleReport.summary(result))
        .isEqualTo("informer-guard: no findings; 3 files scanned, 0 parsed, precise mode, 5 ms");
  }
}
