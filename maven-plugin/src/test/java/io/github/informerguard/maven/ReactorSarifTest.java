package io.github.informerguard.maven;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.AnalysisMode;
import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.engine.AnalysisStats;
import io.github.informerguard.analyzer.engine.Analyzer;
import io.github.informerguard.analyzer.report.sarif.SarifLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReactorSarifTest {

  @TempDir Path root;

  @Test
  void reactorLogIsKeptWhileEveryModuleLogIsWhatItWasMadeFrom() throws Exception {
    Path a = moduleLog("a", 0);
    Path b = moduleLog("b", 0);
    Path target = ReactorSarif.location(root);
    List<Path> logs = List.of(a, b);

    assertThat(ReactorSarif.write(target, root, logs, 0)).isEqualTo(2);
    String first = Files.readString(target);
    assertThat(ReactorSarif.write(target, root, logs, 0)).as("nothing changed").isEqualTo(ReactorSarif.KEPT);
    Files.setLastModifiedTime(b, FileTime.fromMillis(System.currentTimeMillis()));
    assertThat(ReactorSarif.write(target, root, logs, 0)).as("only touched").isEqualTo(ReactorSarif.KEPT);
    assertThat(Files.readString(target)).isEqualTo(first);

    moduleLog("b", 1);
    assertThat(ReactorSarif.write(target, root, logs, 0)).as("b's log changed").isEqualTo(2);
    assertThat(Files.readString(target)).isNotEqualTo(first).contains("b/src/B.java");
    assertThat(ReactorSarif.write(target, root, List.of(a), 0)).as("b is not in this build").isEqualTo(1);
  }

  @Test
  void moduleLogsFromBeforeTheBuildAreLeftOutWhenTheReactorLogIsRewritten() throws Exception {
    Path a = moduleLog("a", 0);
    Path old = moduleLog("old", 0);
    Files.setLastModifiedTime(old, FileTime.fromMillis(1_000));
    Path target = ReactorSarif.location(root);
    assertThat(ReactorSarif.write(target, root, List.of(a, old), 2_000)).isEqualTo(1);
    assertThat(ReactorSarif.write(target, root, List.of(a, old), 2_000))
        .as("the old log is not what the reactor log was made from").isEqualTo(1);
  }

  /** A module's SARIF log as the goal writes it, with {@code findings} findings in {@code module}/src/B.java. */
  private Path moduleLog(String module, int findings) throws Exception {
    Path file = root.resolve(module).resolve("target/informer-guard/informer-guard.sarif");
    Files.createDirectories(file.getParent());
    List<Finding> found = findings == 0 ? List.of() : List.of(new Finding("ShortResyncPeriod", Severity.WARNING,
        root.resolve(module).resolve("src/B.java"), 3, 5, 3, 9, "resync period resolves to 1s", "", "fp"));
    AnalysisResult result = new AnalysisResult(AnalysisMode.PRECISE, new Analyzer().registry().descriptors(), found, List.of(),
        new AnalysisStats(1, findings, 0));
    new SarifLog(root).addRun(SarifLog.automationId(module), result).write(file);
    return file;
  }
}
