package io.github.informerguard.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Adopting the rules on existing code: accept today's findings, report only new ones. */
class BaselineTest {

  @TempDir Path dir;
  private StringWriter out;
  private StringWriter err;
  private Path op;

  private static final String OP = """
      package p;

      import io.fabric8.kubernetes.client.KubernetesClient;
      import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
      import io.fabric8.kubernetes.api.model.Pod;

      class Op {
        void start(KubernetesClient client, ResourceEventHandler<Pod> h) {
          client.pods().inform(h, 30_000).close();
          client.configMaps().inform(null, 20_000).close();
        }
      }
      """;

  @BeforeEach
  void sources() throws IOException {
    op = Files.createDirectories(dir.resolve("src/p")).resolve("Op.java");
    Files.writeString(op, OP);
  }

  private int run(String... args) {
    out = new StringWriter();
    err = new StringWriter();
    String[] all = new String[args.length + 3];
    all[0] = "--rules";
    all[1] = "ShortResyncPeriod";
    System.arraycopy(args, 0, all, 2, args.length);
    all[all.length - 1] = "src";
    return Main.run(all, dir, new PrintWriter(out), new PrintWriter(err));
  }

  private JsonNode json(String... args) throws IOException {
    String[] all = new String[args.length + 2];
    all[0] = "--format";
    all[1] = "json";
    System.arraycopy(args, 0, all, 2, args.length);
    run(all);
    return new ObjectMapper().readTree(out.toString());
  }

  @Test
  void writtenBaselineIsSortedStableAndHoldsEveryFinding() throws IOException {
    assertThat(run("--write-baseline", "ig-baseline.json")).isEqualTo(1);
    JsonNode baseline = new ObjectMapper().readTree(dir.resolve("ig-baseline.json").toFile());
    assertThat(baseline.get("tool").get("name").asText()).isEqualTo("informer-guard");
    assertThat(baseline.get("findings")).hasSize(2);
    JsonNode first = baseline.get("findings").get(0);
    assertThat(first.fieldNames()).toIterable().containsExactly("ruleId", "file", "fingerprint", "message");
    assertThat(first.get("file").asText()).isEqualTo("src/p/Op.java");
    String written = Files.readString(dir.resolve("ig-baseline.json"));

    Files.writeString(op, OP.replace("class Op {", "// moved down\n\nclass Op {\n  int unrelated;\n"));
    run("--write-baseline", "ig-baseline.json");
    assertThat(Files.readString(dir.resolve("ig-baseline.json"))).as("same bytes after lines were added above").isEqualTo(written);
  }

  @Test
  void baselinedFindingsStayQuietWhenLinesAreAddedAbove() throws IOException {
    run("--write-baseline", "ig-baseline.json");
    Files.writeString(op, OP.replace("class Op {", "/** Now documented. */\nclass Op {\n  private static final int A = 1;\n")
        .replace("client.pods().inform(h, 30_000).close();", "int before = A;\n    client.pods()\n        .inform(h, 30_000).close();"));
    assertThat(run("--baseline", "ig-baseline.json")).as("nothing new: exit 0").isZero();
    assertThat(out.toString()).doesNotContain("[ShortResyncPeriod]")
        .contains("0 findings, 0 file errors; 2 baselined, 0 stale baseline entries; 1 file scanned");
    JsonNode json = json("--baseline", "ig-baseline.json");
    assertThat(json.get("findings")).isEmpty();
    assertThat(json.get("stats").get("baselined").asInt()).isEqualTo(2);
    assertThat(json.get("stats").get("staleBaselineEntries")).isEmpty();
  }

  @Test
  void aNewViolationIsExactlyTheOneReported() throws IOException {
    run("--write-baseline", "ig-baseline.json");
    Files.writeString(op, OP.replace("client.configMaps().inform(null, 20_000).close();",
        "client.configMaps().inform(null, 20_000).close();\n    client.secrets().inform(null, 10_000).close();"));
    assertThat(run("--baseline", "ig-baseline.json")).isEqualTo(1);
    JsonNode json = json("--baseline", "ig-baseline.json");
    assertThat(json.get("findings")).hasSize(1);
    assertThat(json.get("findings").get(0).get("message").asText()).contains("10s");
    assertThat(json.get("findings").get(0).get("line").asInt()).isEqualTo(11);
  }

  @Test
  void aRemovedViolationLeavesAStaleEntry() throws IOException {
    run("--write-baseline", "ig-baseline.json");
    Files.writeString(op, OP.replace("    client.configMaps().inform(null, 20_000).close();\n", ""));
    assertThat(run("--baseline", "ig-baseline.json")).isZero();
    assertThat(out.toString()).contains("1 baselined, 1 stale baseline entry")
        .contains("ig-baseline.json: stale baseline entry (no such finding any more): src/p/Op.java: [ShortResyncPeriod]");
    JsonNode stale = json("--baseline", "ig-baseline.json").get("stats").get("staleBaselineEntries");
    assertThat(stale).hasSize(1);
    assertThat(stale.get(0).get("message").asText()).contains("20s");
  }

  @Test
  void entriesOfAFileThatNoLongerParsesAreNotStale() throws IOException {
    run("--write-baseline", "ig-baseline.json");
    Files.writeString(op, OP.replace("client.pods().inform(h, 30_000).close();", "client.pods().inform(h, 30_000).close("));
    assertThat(run("--baseline", "ig-baseline.json")).as("a parse error alone does not change the status").isZero();
    assertThat(out.toString()).contains("src/p/Op.java:10: error: does not parse")
        .contains("0 baselined, 0 stale baseline entries").doesNotContain("stale baseline entry (");
  }

  @Test
  void missingOrBrokenBaselineIsAnError() throws IOException {
    assertThat(run("--baseline", "none.json")).isEqualTo(2);
    assertThat(err.toString()).contains("baseline file not found: none.json");
    Files.writeString(dir.resolve("bad.json"), "{\"tool\": {}}");
    assertThat(run("--baseline", "bad.json")).isEqualTo(2);
    assertThat(err.toString()).contains("bad.json").contains("no \"findings\" array");
  }
}
