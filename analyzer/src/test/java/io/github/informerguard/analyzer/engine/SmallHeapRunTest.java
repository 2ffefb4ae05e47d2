package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI in its own JVM with a heap far too small for some files: the run must still end
 * normally, write a valid report with the findings of the files it could analyze, and name each
 * file it had to skip. A heap that small cannot be given to the test JVM itself.
 */
class SmallHeapRunTest {

  @TempDir Path dir;

  /** A generated client's API class: the prefilter lets it through (it opens watches), and it is huge. */
  private static String hugeApiClass(String name, int methods) {
    StringBuilder b = new StringBuilder("package z;\n\nimport io.fabric8.kubernetes.client.KubernetesClient;\n\n"
        + "public class " + name + " {\n");
    for (int i = 0; i < methods; i++) {
      b.append("  public Object listPods").append(i)
          .append("(KubernetesClient client, String namespace, Boolean watch, Integer limit) {\n")
          .append("    String path = \"/api/v1/namespaces/\" + namespace + \"/pods?watch=\" + watch + \"&limit=\" + limit;\n")
          .append("    return client.pods().inNamespace(namespace).withLabel(\"app\", path).watch(null);\n")
          .append("  }\n");
    }
    return b.append("}\n").toString();
  }

  @Test
  void runShortOfHeapWritesItsReportWithTheAnalyzedFilesAndNamesTheSkippedOnes() throws Exception {
    Path src = dir.resolve("src");
    // The small files sort first, so the workers take them before the huge ones.
    for (String name : List.of("A", "B", "C")) {
      write(src.resolve("a/" + name + ".java"), AnalyzerTest.SHORT_RESYNC.replace("package p;", "package a;").formatted(name));
    }
    // Together more source than the whole heap: a run that held every text it is about to analyze
    // would die before it analyzed anything.
    List<String> huge = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      huge.add("Api" + i); // errors are sorted by file
    }
    for (String name : huge) {
      String text = hugeApiClass(name, 12_000);
      assertThat(text.length()).isGreaterThan(3_000_000);
      write(src.resolve("z/" + name + ".java"), text);
    }
    Path report = dir.resolve("report.json");

    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        // 64 MB: each huge file needs several times that to parse, while the start (API model,
        // catalog, pools) keeps a margin; at 32 MB the main thread itself ran out once in CI
        "-Xmx64m", "-cp", System.getProperty("java.class.path"),
        "io.github.informerguard.analyzer.cli.Main",
        "--format", "json", "--output", report.toString(), "--fail-on", "never", "--rules", "ShortResyncPeriod,WatchNeverClosed",
        src.toString()));
    Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(dir.resolve("cli.log").toFile()).start();
    assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("CLI finished").isTrue();
    String log = Files.readString(dir.resolve("cli.log"));
    assertThat(p.exitValue()).as(log).isZero();
    assertThat(log).doesNotContain("OutOfMemoryError");

    JsonNode json = new ObjectMapper().readTree(report.toFile());
    assertThat(json.path("stats").path("filesScanned").asInt()).isEqualTo(3 + huge.size());
    List<String> findings = new ArrayList<>();
    json.path("findings").forEach(f -> findings.add(f.path("file").asText() + ":" + f.path("line").asInt()));
    assertThat(findings).containsExactly(
        "src/a/A.java:9", "src/a/A.java:10", "src/a/B.java:9", "src/a/B.java:10", "src/a/C.java:9", "src/a/C.java:10");
    List<String> errors = new ArrayList<>();
    json.path("errors").forEach(e -> errors.add(e.path("file").asText() + ": " + e.path("message").asText()));
    assertThat(errors).hasSize(huge.size());
    for (int i = 0; i < huge.size(); i++) {
      // Depending on when the heap ran out, the file could not even be read, or read but not parsed.
      assertThat(errors.get(i)).matches("src/z/" + huge.get(i) + "\\.java: not enough memory to (read|analyze) this file .*");
    }
  }

  private static void write(Path p, String text) throws IOException {
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }
}
