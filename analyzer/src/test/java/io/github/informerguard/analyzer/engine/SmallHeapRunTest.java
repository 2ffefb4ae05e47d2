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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI in its own JVM with a heap far too small for some files: the run must still end
 * normally with status 2 (it is incomplete), write a valid report with the findings of the files
 * it could analyze, name each file it had to skip, and say so in one line, never with a stack
 * trace. A heap that small cannot be given to the test JVM itself.
 *
 * <p>At 64 MB the start (API model, catalog, pools) has room to spare and only the huge files are
 * skipped. At 32 MB the main thread itself may run out (it did once in CI): then the files it had
 * not collected yet are named too. At 16 MB the run cannot even get through reading the files.
 */
class SmallHeapRunTest {

  @TempDir Path dir;

  private static final List<String> SMALL = List.of("A", "B", "C");
  private static final Pattern INCOMPLETE = Pattern.compile(
      "informer-guard: incomplete: (\\d+) of 13 files not analyzed for lack of memory \\(max heap \\d+ MB\\); "
          + "give the JVM more heap, e\\.g\\. java -Xmx1g -jar informer-guard\\.jar");

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

  /** Three small files with two findings each, sorted first so the workers take them first, and ten huge ones. */
  private List<String> tree() throws IOException {
    Path src = dir.resolve("src");
    for (String name : SMALL) {
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
    return huge;
  }

  /** Runs the CLI on {@code src} with {@code -Xmx<heapMb>m}; standard output and error go to their own files. */
  private int cli(int heapMb, String... options) throws Exception {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx" + heapMb + "m", "-cp", System.getProperty("java.class.path"),
        "io.github.informerguard.analyzer.cli.Main",
        "--fail-on", "never", "--rules", "ShortResyncPeriod,WatchNeverClosed"));
    command.addAll(List.of(options));
    command.add("src");
    Process p = new ProcessBuilder(command).directory(dir.toFile())
        .redirectOutput(dir.resolve("out.log").toFile()).redirectError(dir.resolve("err.log").toFile()).start();
    assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("CLI finished").isTrue();
    return p.exitValue();
  }

  private String log(String name) throws IOException {
    return Files.readString(dir.resolve(name));
  }

  @Test
  void runShortOfHeapWritesItsReportWithTheAnalyzedFilesAndNamesTheSkippedOnes() throws Exception {
    List<String> huge = tree();
    int status = cli(64, "--format", "json", "--output", "report.json", "--write-baseline", "baseline.json");
    String err = log("err.log");
    assertThat(status).as(err).isEqualTo(2);
    assertNoTrace(err + log("out.log"));
    // A baseline without the skipped files' findings would report them as new in the next full run.
    assertThat(dir.resolve("baseline.json")).doesNotExist();
    assertThat(err.lines()).containsExactly(
        "informer-guard: baseline not written to baseline.json: the run is incomplete",
        err.lines().toList().get(1),
        err.lines().toList().get(2));
    assertThat(err.lines().toList().get(1)).startsWith("informer-guard: 6 findings, 10 file errors; 13 files scanned");
    assertThat(err.lines().toList().get(2)).matches(INCOMPLETE.pattern().replace("(\\d+)", "10"));

    JsonNode json = new ObjectMapper().readTree(dir.resolve("report.json").toFile());
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

  @Test
  void mainThreadShortOfHeapStillWritesAValidReportNamingEveryFileNotAnalyzed() throws Exception {
    List<String> huge = tree();
    int status = cli(32, "--format", "json", "--output", "report.json");
    String err = log("err.log");
    assertThat(status).as(err).isEqualTo(2);
    assertNoTrace(err + log("out.log"));
    Matcher incomplete = INCOMPLETE.matcher(err.lines().reduce((a, b) -> b).orElse(""));
    assertThat(incomplete.matches()).as(err).isTrue();

    JsonNode json = new ObjectMapper().readTree(dir.resolve("report.json").toFile());
    assertThat(json.path("stats").path("filesScanned").asInt()).isEqualTo(13);
    List<String> accounted = new ArrayList<>();
    json.path("errors").forEach(e -> {
      assertThat(e.path("message").asText()).matches("not (enough memory to (read|analyze) this file|analyzed: the run ran out of memory while) .*");
      accounted.add(e.path("file").asText());
    });
    assertThat(accounted).hasSize(Integer.parseInt(incomplete.group(1)));
    for (String name : huge) {
      assertThat(accounted).contains("src/z/" + name + ".java");
    }
    // A small file is either analyzed, with both its findings, or named as not analyzed: never half.
    for (String name : SMALL) {
      String file = "src/a/" + name + ".java";
      List<Integer> lines = new ArrayList<>();
      json.path("findings").forEach(f -> {
        if (f.path("file").asText().equals(file)) {
          lines.add(f.path("line").asInt());
        }
      });
      if (accounted.contains(file)) {
        assertThat(lines).as(file).isEmpty();
      } else {
        assertThat(lines).as(file).containsExactly(9, 10);
      }
    }
  }

  @Test
  void heapTooSmallToGetStartedIsOneLineOnStandardErrorAndATextReportNamingEveryFile() throws Exception {
    tree();
    int status = cli(16);
    String err = log("err.log");
    String out = log("out.log");
    assertThat(status).as(err).isEqualTo(2);
    assertNoTrace(err + out);
    assertThat(err.lines()).as(err).singleElement().asString().satisfiesAnyOf(
        line -> assertThat(line).matches(INCOMPLETE.pattern()),
        line -> assertThat(line).matches("informer-guard: not enough memory to .* \\(max heap \\d+ MB\\); give the JVM more heap.*"));
    if (err.contains("incomplete")) {
      // The text report still went out: every file not analyzed has its line, and the summary is last.
      int skipped = Integer.parseInt(INCOMPLETE.matcher(err.strip()).results().findFirst().orElseThrow().group(1));
      assertThat(out.lines().filter(l -> l.matches("src/[az]/\\w+\\.java: error: not (enough memory|analyzed).*"))).hasSize(skipped);
      assertThat(out.lines().reduce((a, b) -> b).orElse("")).contains("13 files scanned");
    }
  }

  private static void assertNoTrace(String output) {
    assertThat(output).doesNotContain("OutOfMemoryError").doesNotContain("\tat ").doesNotContain("Exception in thread");
  }

  private static void write(Path p, String text) throws IOException {
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }
}
