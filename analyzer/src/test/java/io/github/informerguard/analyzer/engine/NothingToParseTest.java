package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.testing.TestClasspath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DESIGN.md: "nothing is set up when no file passes the prefilter". A precise run opens the
 * classpath and builds the symbol solver only when some file is left to parse, so a module whose
 * files mention no client API, or whose files all come from the plugin's cache, costs no set-up.
 */
class NothingToParseTest {

  @TempDir Path dir;

  private static final String INFORMER_USER = """
      package p;

      import io.fabric8.kubernetes.client.KubernetesClient;
      import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
      import io.fabric8.kubernetes.api.model.Pod;

      class Op {
        void start(KubernetesClient client, ResourceEventHandler<Pod> h) {
          client.pods().inform(h, 30_000);
        }
      }
      """;

  private AnalysisResult precise(Set<Path> indexOnly) {
    return new Analyzer().analyze(AnalysisRequest.precise(List.of(dir), TestClasspath.entries(), Policy.defaults(), dir), indexOnly);
  }

  @Test
  void noSolverIsSetUpWhenNoFilePassesThePrefilter() throws IOException {
    Files.createDirectories(dir.resolve("p"));
    Files.writeString(dir.resolve("p/Plain.java"), "package p; class Plain { int twice(int x) { return 2 * x; } }");
    int before = Analyzer.Worker.PRECISE_SETUPS.get();

    AnalysisResult r = precise(Set.of());

    assertThat(r.stats().filesScanned()).isEqualTo(1);
    assertThat(r.stats().filesParsed()).isZero();
    assertThat(Analyzer.Worker.PRECISE_SETUPS.get()).as("precise set-ups").isEqualTo(before);
  }

  @Test
  void noSolverIsSetUpWhenEveryCandidateIsIndexOnly() throws IOException {
    Files.createDirectories(dir.resolve("p"));
    Path op = Files.writeString(dir.resolve("p/Op.java"), INFORMER_USER);
    int before = Analyzer.Worker.PRECISE_SETUPS.get();

    AnalysisResult r = precise(Set.of(op));

    assertThat(r.findings()).isEmpty();
    assertThat(Analyzer.Worker.PRECISE_SETUPS.get()).as("precise set-ups").isEqualTo(before);
  }

  @Test
  void aFileThatPassesThePrefilterSetsUpOneSolverForTheRun() throws IOException {
    Files.createDirectories(dir.resolve("p"));
    Files.writeString(dir.resolve("p/Op.java"), INFORMER_USER);
    Files.writeString(dir.resolve("p/Plain.java"), "package p; class Plain { int twice(int x) { return 2 * x; } }");
    int before = Analyzer.Worker.PRECISE_SETUPS.get();

    AnalysisResult r = precise(Set.of());

    assertThat(r.stats().filesParsed()).isEqualTo(1);
    assertThat(r.findings()).extracting(f -> f.ruleId()).contains("ShortResyncPeriod");
    assertThat(Analyzer.Worker.PRECISE_SETUPS.get()).as("precise set-ups").isEqualTo(before + 1);
  }
}
