package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.testing.TestClasspath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workers parse the candidates while the main thread opens the classpath and builds the
 * symbol solver (a small module's run is mostly those two), and a tree parsed before the solver
 * existed still gets it: the precise findings are those of a tree parsed with the solver's own
 * configuration.
 */
class ParseBeforeSetUpTest {

  @TempDir Path dir;

  @AfterEach
  void noSeams() {
    Analyzer.phaseListener = phase -> {};
    Analyzer.parseListener = file -> {};
  }

  @Test
  void candidatesAreParsedWhileTheSolverIsSetUpAndResolvedAfterwards() throws IOException, InterruptedException {
    Files.createDirectories(dir.resolve("p"));
    Files.writeString(dir.resolve("p/Op.java"), """
        package p;

        import io.fabric8.kubernetes.client.KubernetesClient;
        import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
        import io.fabric8.kubernetes.api.model.Pod;

        class Op {
          static final long PERIOD = Periods.SHORT;

          void start(KubernetesClient client, ResourceEventHandler<Pod> h) {
            client.pods().inform(h, PERIOD);
          }
        }
        """);
    // Found only by the solver's source-root lookup, across files.
    Files.writeString(dir.resolve("p/Periods.java"), "package p;\n\nfinal class Periods {\n  static final long SHORT = 10_000;\n}\n");
    CountDownLatch parsed = new CountDownLatch(1);
    boolean[] parsedBeforeSetUp = {false};
    Analyzer.parseListener = file -> parsed.countDown();
    Analyzer.phaseListener = phase -> {
      if (phase == Analyzer.Phase.SET_UP) {
        try {
          parsedBeforeSetUp[0] = parsed.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    };

    AnalysisResult r = new Analyzer().analyze(AnalysisRequest.precise(List.of(dir), TestClasspath.entries(), Policy.defaults(), dir), Set.of());

    assertThat(parsedBeforeSetUp[0]).as("a candidate parsed before the set-up began").isTrue();
    assertThat(r.errors()).isEmpty();
    assertThat(r.findings()).extracting(Finding::ruleId, Finding::line).containsExactly(
        org.assertj.core.groups.Tuple.tuple("InformerNeverStopped", 11), org.assertj.core.groups.Tuple.tuple("ShortResyncPeriod", 11));
    assertThat(r.findings().get(1).message()).contains("10s");
  }
}
