package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.policy.Policy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file analyzed alone (as the Checkstyle checks see it) whose client types come in through
 * on-demand imports: the model's packages resolve them, so it gets its finding in lenient mode.
 */
class StarImportTest {

  @Test
  void onDemandImportsOfClientPackagesResolveThroughTheModel(@TempDir Path dir) throws Exception {
    Path file = Files.createDirectories(dir.resolve("demo")).resolve("Reconcilers.java");
    Files.writeString(file, """
        package demo;

        import io.javaoperatorsdk.operator.api.reconciler.*;
        import io.fabric8.kubernetes.client.*;
        import io.fabric8.kubernetes.client.informers.*;
        import java.util.concurrent.TimeUnit;

        @ControllerConfiguration(maxReconciliationInterval = @MaxReconciliationInterval(interval = 20, timeUnit = TimeUnit.SECONDS))
        class Reconcilers {
          void informs(KubernetesClient client, ResourceEventHandler<io.fabric8.kubernetes.api.model.Pod> h) {
            client.pods().inform(h, 1000L);
          }
        }
        """);
    AnalysisResult result = new Analyzer().analyze(new AnalysisRequest(
        List.of(file), Optional.empty(), Policy.defaults(), Optional.of(java.util.Set.of("ShortResyncPeriod")), dir, 0));
    assertThat(result.errors()).isEmpty();
    assertThat(result.findings()).extracting(Finding::line).containsExactlyInAnyOrder(8, 11);
  }
}
