package io.github.informerguard.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportInputsTest {

  @TempDir Path dir;

  @Test
  void reportsAreKeptOnlyWhenRecordedFromTheSameInputsAndAllPresent() throws Exception {
    List<Path> reports = List.of(Files.writeString(dir.resolve("r.json"), "{}"), Files.writeString(dir.resolve("r.sarif"), "{}"));
    String inputs = ReportInputs.of("results-1", "none", false, dir, dir, "informer-guard/m/");
    assertThat(ReportInputs.kept(dir, inputs, reports)).as("nothing recorded").isFalse();

    ReportInputs.record(dir, inputs);
    Files.setLastModifiedTime(reports.get(0), FileTime.fromMillis(1_000));
    assertThat(ReportInputs.kept(dir, inputs, reports)).isTrue();
    assertThat(Files.getLastModifiedTime(reports.get(0)).toMillis()).as("touched for the reactor log").isGreaterThan(1_000);

    assertThat(ReportInputs.kept(dir, ReportInputs.of("results-2", "none", false, dir, dir, "informer-guard/m/"), reports))
        .as("other results").isFalse();
    assertThat(ReportInputs.kept(dir, ReportInputs.of("results-1", "baseline.json abc", false, dir, dir, "informer-guard/m/"),
        reports)).as("a baseline appeared").isFalse();
    assertThat(ReportInputs.kept(dir, ReportInputs.of("results-1", "none", false, dir, dir.getParent(), "informer-guard/m/"),
        reports)).as("another repository root").isFalse();

    Files.delete(reports.get(1));
    assertThat(ReportInputs.kept(dir, inputs, reports)).as("a report is missing").isFalse();
    ReportInputs.forget(dir);
    Files.writeString(reports.get(1), "{}");
    assertThat(ReportInputs.kept(dir, inputs, reports)).as("forgotten").isFalse();
  }
}
