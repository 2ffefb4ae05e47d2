package io.github.informerguard.analyzer.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.informerguard.analyzer.api.AnalysisMode;
import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.engine.AnalysisRequest;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.engine.AnalysisStats;
import io.github.informerguard.analyzer.engine.Analyzer;
import io.github.informerguard.analyzer.engine.RuleRegistry;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.report.json.JsonReport;
import io.github.informerguard.analyzer.report.sarif.SarifLog;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The multi-run log the Maven plugin writes for a reactor, and the message/detail plumbing. */
class SarifLogTest {

  @TempDir Path repo;

  private static final String OP = """
      package p;

      import io.fabric8.kubernetes.client.KubernetesClient;
      import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
      import io.fabric8.kubernetes.api.model.Pod;

      class Op {
        void start(KubernetesClient client, ResourceEventHandler<Pod> h) {
          client.pods().inform(h, 30_000).close();
        }
      }
      """;

  private AnalysisResult module(String name) throws IOException {
    Path src = Files.createDirectories(repo.resolve(name + "/src/main/java/p"));
    Files.writeString(src.resolve("Op.java"), OP);
    return new Analyzer().analyze(AnalysisRequest.lenient(List.of(repo.resolve(name + "/src/main/java")),
        Policy.defaults(), repo.resolve(name)));
  }

  @Test
  void repositoryRootIsTheNearestFolderWithGit() throws IOException {
    Files.createDirectories(repo.resolve(".git"));
    Path module = Files.createDirectories(repo.resolve("a/src/main/java"));
    assertThat(RepositoryRoot.find(List.of(module, repo.resolve("a/src/main/java/p/Op.java")))).contains(repo.toAbsolutePath().normalize());
    Files.writeString(repo.resolve("a/.git"), "gitdir: ../.git/worktrees/a\\n");
    assertThat(RepositoryRoot.find(List.of(module))).as("a worktree's .git file counts").contains(repo.resolve("a").toAbsolutePath().normalize());
  }

  @Test
  void reactorLogHasOneRunPerModuleWithRepositoryRootUrisThatExist() throws IOException {
    AnalysisResult a = module("module-a");
    AnalysisResult b = module("module-b");
    SarifLog log = new SarifLog(repo).addRun(SarifLog.automationId("module-a"), a);
    Path bLog = repo.resolve("module-b/target/informer-guard/informer-guard.sarif");
    new SarifLog(repo).addRun(SarifLog.automationId("module-b"), b).write(bLog);
    log.addRunsOf(bLog);
    Path out = repo.resolve("target/informer-guard/informer-guard.sarif");
    log.write(out);

    JsonNode json = new ObjectMapper().readTree(out.toFile());
    assertThat(SarifReportTest.schema().validate(json)).isEmpty();
    assertThat(log.automationIds()).containsExactly("informer-guard/module-a/", "informer-guard/module-b/");
    assertThat(json.get("runs")).hasSize(2);
    for (JsonNode run : json.get("runs")) {
      assertThat(run.get("results")).isNotEmpty();
      for (JsonNode r : run.get("results")) {
        String uri = r.get("locations").get(0).get("physicalLocation").get("artifactLocation").get("uri").asText();
        assertThat(repo.resolve(uri)).as("resolves from the repository root: %s", uri).isRegularFile();
        assertThat(r.get("partialFingerprints").get(SarifLog.FINGERPRINT_KEY).asText()).isNotBlank();
      }
    }
  }

  @Test
  void twoRunsWithOneAutomationIdAreRefused() throws IOException {
    AnalysisResult a = module("module-a");
    SarifLog log = new SarifLog(repo).addRun(SarifLog.automationId("x"), a).addRun(SarifLog.automationId("x/"), a);
    assertThatThrownBy(log::toJson).hasMessageContaining("informer-guard/x/");
  }

  @Test
  void sarifTextIsMessageThenDetailAndJsonCarriesBoth() throws IOException {
    Finding f = new Finding("ShortResyncPeriod", Severity.WARNING, repo.resolve("p/Op.java"), 9, 19, 9, 40,
        "resync period resolves to 30s.", "A resync replays the cache; pass 0.", "0123abcd");
    AnalysisResult result = new AnalysisResult(AnalysisMode.PRECISE, RuleRegistry.builtIn().descriptors(),
        List.of(f), List.of(), new AnalysisStats(1, 1, 5));
    StringWriter sarif = new StringWriter();
    new SarifLog(repo).addRun(SarifLog.DEFAULT_AUTOMATION_ID, result).write(sarif);
    JsonNode run = new ObjectMapper().readTree(sarif.toString()).get("runs").get(0);
    assertThat(run.get("results").get(0).get("message").get("text").asText())
        .isEqualTo("resync period resolves to 30s. A resync replays the cache; pass 0.");
    assertThat(run.get("results").get(0).get("partialFingerprints").get("informerGuard/v1").asText()).isEqualTo("0123abcd");
    assertThat(run.get("tool").get("driver").get("rules").get(0).get("properties").get("precision").asText()).isEqualTo("high");

    StringWriter json = new StringWriter();
    new JsonReport(repo).write(result, json);
    JsonNode finding = new ObjectMapper().readTree(json.toString()).get("findings").get(0);
    assertThat(finding.get("message").asText()).isEqualTo("resync period resolves to 30s.");
    assertThat(finding.get("detail").asText()).isEqualTo("A resync replays the cache; pass 0.");
    assertThat(finding.get("fingerprint").asText()).isEqualTo("0123abcd");
  }
}
