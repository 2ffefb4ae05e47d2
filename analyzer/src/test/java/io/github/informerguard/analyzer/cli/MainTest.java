package io.github.informerguard.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.informerguard.analyzer.engine.RuleRegistry;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {

  @TempDir Path dir;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @BeforeEach
  void sources() throws IOException {
    Files.createDirectories(dir.resolve("src/p"));
    Files.writeString(dir.resolve("src/p/Op.java"), """
        package p;

        import io.fabric8.kubernetes.client.KubernetesClient;
        import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
        import io.fabric8.kubernetes.api.model.Pod;

        class Op {
          void start(KubernetesClient client, ResourceEventHandler<Pod> h) {
            client.pods().inform(h, 30_000);
            client.pods().inform(h, Long.getLong("resync", 10_000));
          }
        }
        """);
  }

  /** Runs the CLI with only the resync rule (the sample also discards informer handles). */
  private int run(String... args) {
    if (args.length > 0 && !java.util.Arrays.asList(args).contains("--rules") && !args[0].equals("--list-rules")
        && !args[0].equals("--version") && !args[0].equals("--help")) {
      String[] withRules = new String[args.length + 2];
      withRules[0] = "--rules";
      withRules[1] = "ShortResyncPeriod";
      System.arraycopy(args, 0, withRules, 2, args.length);
      args = withRules;
    }
    return runAll(args);
  }

  private int runAll(String... args) {
    return Main.run(args, dir, new PrintWriter(out), new PrintWriter(err));
  }

  @Test
  void textReportIsJavacStyleAndExitIsOneOnWarnings() {
    assertThat(run("src")).isEqualTo(1);
    assertThat(out.toString()).contains("src/p/Op.java:9:19: warning: [ShortResyncPeriod] resync period resolves to 30s");
    assertThat(out.toString()).contains("src/p/Op.java:10:19: info: [ShortResyncPeriod]");
    assertThat(out.toString()).contains("2 findings, 0 file errors; 1 file scanned, 1 parsed, lenient mode");
  }

  @Test
  void everyTextFindingEndsWithItsRulePageAddress() {
    assertThat(run("src")).isEqualTo(1);
    String page = " (see https://github.com/informerguard/informer-guard/blob/main/docs/rules/ShortResyncPeriod.md)";
    assertThat(out.toString().lines().filter(l -> l.contains(": [ShortResyncPeriod] ")))
        .hasSize(2)
        .allSatisfy(l -> assertThat(l).endsWith(page));
  }

  @Test
  void includeTestsReportsTestCode() throws IOException {
    Files.createDirectories(dir.resolve("src/test/java/p"));
    Files.writeString(dir.resolve("src/test/java/p/OpTest.java"), Files.readString(dir.resolve("src/p/Op.java"))
        .replace("class Op", "class OpTest"));
    assertThat(run("--format", "json", "src")).isEqualTo(1);
    assertThat(out.toString()).doesNotContain("OpTest.java");
    out.getBuffer().setLength(0);
    assertThat(run("--format", "json", "--include-tests", "src")).isEqualTo(1);
    assertThat(out.toString()).contains("src/test/java/p/OpTest.java");
  }

  @Test
  void failOnDecidesTheExitStatus() {
    assertThat(run("--fail-on", "error", "src")).isZero();
    assertThat(run("--fail-on", "info", "src")).isEqualTo(1);
    assertThat(run("--fail-on", "never", "src")).isZero();
    assertThat(run("--fail-on", "warning", "src")).isEqualTo(1);
  }

  @Test
  void usageConfigAndIoErrorsExitWithTwo() throws IOException {
    assertThat(run("--format", "xml", "src")).isEqualTo(2);
    assertThat(err.toString()).contains("unknown format 'xml'");
    assertThat(run("--fail-on", "fatal", "src")).isEqualTo(2);
    assertThat(run("--rules", "NoSuchRule", "src")).isEqualTo(2);
    assertThat(err.toString()).contains("unknown rule 'NoSuchRule'");
    assertThat(run("does-not-exist")).isEqualTo(2);
    assertThat(err.toString()).contains("does-not-exist");
    assertThat(run("--no-such-option", "src")).isEqualTo(2);
    assertThat(runAll()).isEqualTo(2);
    Files.writeString(dir.resolve("bad.yaml"), "rules: { ShortResyncPeriod: { minimumPeriod: soon } }");
    assertThat(run("--config", "bad.yaml", "src")).isEqualTo(2);
    assertThat(err.toString()).contains("bad.yaml").contains("rules.ShortResyncPeriod.minimumPeriod");
    assertThat(run("--config", "missing.yaml", "src")).isEqualTo(2);
    assertThat(run("--classpath", "nope.jar", "src")).isEqualTo(2);
  }

  @Test
  void policyInWorkingDirectoryIsPickedUp() throws IOException {
    Files.writeString(dir.resolve("informer-guard.yaml"), "rules: { ShortResyncPeriod: { minimumPeriod: 20s } }");
    assertThat(run("--format", "json", "src")).isEqualTo(0);
  }

  @Test
  void unparsableFileAloneDoesNotChangeTheExitStatus() throws IOException {
    // "x.inform  (" has the shape of a resync call, so the prefilter sends the file to the parser.
    Files.writeString(dir.resolve("src/p/Broken.java"), "package p; class Broken { void f() { x.inform  ( }");
    assertThat(run("--rules", "ShortResyncPeriod", "--fail-on", "error", "src")).isZero();
    assertThat(out.toString()).contains("src/p/Broken.java:1: error: does not parse: found \"}\" at column 48"
        + System.lineSeparator());
    assertThat(out.toString()).as("not JavaParser's list of forty expected tokens").doesNotContain("expected one of", "\"abstract\"");
  }

  @Test
  void pathWithoutJavaFilesIsAnErrorNamingIt() throws IOException {
    Files.createDirectories(dir.resolve("docs"));
    Files.writeString(dir.resolve("docs/README.md"), "# not java");
    assertThat(run("docs")).isEqualTo(2);
    assertThat(err.toString()).contains("informer-guard: docs holds no .java file");
    assertThat(run("docs/README.md")).isEqualTo(2);
    assertThat(err.toString()).contains("docs/README.md is not a .java file");
    assertThat(out.toString()).doesNotContain("0 files scanned");
  }

  @Test
  void aPathThatIsALinkToASourceFolderIsAnalyzedThroughTheLink() throws IOException {
    Files.createSymbolicLink(dir.resolve("linked"), dir.resolve("src"));
    assertThat(run("--format", "json", "--output", "linked.json", "linked")).isEqualTo(1);
    assertThat(err.toString()).doesNotContain("holds no .java file");
    assertThat(Files.readString(dir.resolve("linked.json"))).contains("linked/p/Op.java").contains("ShortResyncPeriod");
  }

  @Test
  void unknownOptionIsOneLineAndAHintNotTheWholeHelp() {
    assertThat(run("--outptu", "x.json", "src")).isEqualTo(2);
    assertThat(err.toString().lines().toList()).containsExactly(
        "informer-guard: Unknown option: '--outptu' (did you mean --output?)",
        "Try 'java -jar informer-guard.jar --help' for the options.");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void runningOutOfMemoryWhileWritingTheReportIsOneLineAndStatusTwo() {
    java.io.Writer starved = new java.io.Writer() {
      @Override
      public void write(char[] cbuf, int off, int len) {
        throw new OutOfMemoryError("Java heap space");
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    int status = Main.run(new String[] {"--rules", "ShortResyncPeriod", "src"}, dir, new PrintWriter(starved), new PrintWriter(err));
    assertThat(status).isEqualTo(2);
    assertThat(err.toString()).matches("informer-guard: not enough memory to write the report \\(max heap \\d+ MB\\); "
        + "give the JVM more heap, e.g. java -Xmx1g -jar informer-guard.jar\\R");
  }

  @Test
  void outputFileStillGetsAOneLineSummaryOnStandardError() {
    assertThat(run("--output", "ig.txt", "src")).as("findings at the fail level: documented exit 1").isEqualTo(1);
    assertThat(dir.resolve("ig.txt")).content().contains("[ShortResyncPeriod]");
    assertThat(err.toString().lines().toList()).containsExactly(
        err.toString().lines().findFirst().orElseThrow());
    assertThat(err.toString()).startsWith("informer-guard: 2 findings, 0 file errors; 1 file scanned, 1 parsed, lenient mode, ")
        .contains("; report: ig.txt");
    assertThat(run("--fail-on", "never", "--output", "ig.txt", "src")).isZero();
  }

  @Test
  void helpKeepsCommandsAndTheDocsAddressWholeAtAnyWidth() {
    for (String width : new String[] {"60", "80", "120"}) {
      System.setProperty("picocli.usage.width", width);
      try {
        StringWriter help = new StringWriter();
        assertThat(Main.run(new String[] {"--help"}, dir, new PrintWriter(help), new PrintWriter(err))).isZero();
        java.util.List<String> lines = help.toString().lines().toList();
        assertThat(lines).as("width %s", width)
            .contains("  " + io.github.informerguard.analyzer.api.RuleDescriptor.DOCS_BASE)
            .contains("  java -jar informer-guard.jar --classpath \"$(cat cp.txt)\" --format sarif --output ig.sarif src/main/java")
            .contains("  mvn dependency:build-classpath -Dmdep.outputFile=cp.txt")
            .anySatisfy(l -> assertThat(l).contains("informer-guard.yaml"));
        lines.stream().filter(l -> !l.startsWith("  java ") && !l.startsWith("  mvn ") && !l.startsWith("  https:"))
            .forEach(l -> assertThat(l.length()).as("prose wrapped at %s: %s", width, l).isLessThanOrEqualTo(Integer.parseInt(width)));
      } finally {
        System.clearProperty("picocli.usage.width");
      }
    }
  }

  @Test
  void jsonReportHasTheDocumentedShape() throws IOException {
    assertThat(run("--format", "json", "--output", "out/report.json", "src")).isEqualTo(1);
    JsonNode json = new ObjectMapper().readTree(dir.resolve("out/report.json").toFile());
    assertThat(json.get("tool").get("name").asText()).isEqualTo("informer-guard");
    assertThat(json.get("tool").get("version").asText()).isEqualTo("0.1.0-SNAPSHOT");
    assertThat(json.get("mode").asText()).isEqualTo("lenient");
    JsonNode f = json.get("findings").get(0);
    assertThat(f.fieldNames()).toIterable().containsExactly("ruleId", "severity", "file", "line", "column", "message", "detail", "fingerprint");
    assertThat(f.get("fingerprint").asText()).matches("[0-9a-f]{32}");
    assertThat(f.get("ruleId").asText()).isEqualTo("ShortResyncPeriod");
    assertThat(f.get("severity").asText()).isEqualTo("warning");
    assertThat(f.get("file").asText()).isEqualTo("src/p/Op.java");
    assertThat(f.get("line").asInt()).isEqualTo(9);
    assertThat(f.get("column").asInt()).isEqualTo(19); // "inform", the called method
    assertThat(json.get("errors").isArray()).isTrue();
    assertThat(json.get("stats").fieldNames()).toIterable().containsExactly("filesScanned", "filesParsed", "millis");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void preciseModeIsSelectedByClasspath() throws IOException {
    assertThat(run("--format", "json", "--classpath", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")), "src")).isEqualTo(1);
    JsonNode json = new ObjectMapper().readTree(out.toString());
    assertThat(json.get("mode").asText()).isEqualTo("precise");
    assertThat(json.get("findings")).hasSize(2);
  }

  @Test
  void listRulesVersionAndHelp() {
    assertThat(run("--list-rules")).isZero();
    RuleRegistry.builtIn().descriptors().forEach(d -> assertThat(out.toString()).contains(d.id()));
    assertThat(out.toString()).as("the severities a rule really reports")
        .contains("severity: warning; error inside informer, watch and reconcile callbacks")
        .contains("severity: warning; info for a hardcoded configuration default");
    assertThat(run("--version")).isZero();
    assertThat(out.toString()).contains("informer-guard 0.1.0-SNAPSHOT");
    assertThat(run("--help")).isZero();
    assertThat(out.toString()).contains("--classpath").contains("Exit status").contains("@SuppressWarnings");
  }

  private String sarifUri(Path workingDirectory, String... args) throws IOException {
    StringWriter sarif = new StringWriter();
    assertThat(Main.run(args, workingDirectory, new PrintWriter(sarif), new PrintWriter(err))).isEqualTo(1);
    return new ObjectMapper().readTree(sarif.toString()).get("runs").get(0).get("results").get(0)
        .get("locations").get(0).get("physicalLocation").get("artifactLocation").get("uri").asText();
  }

  @Test
  void sarifPathsAreRelativeToTheRepositoryRootOrSourceRoot() throws IOException {
    Files.createDirectories(dir.resolve(".git"));
    Path module = dir.resolve("src");
    assertThat(sarifUri(module, "--rules", "ShortResyncPeriod", "--format", "sarif", "p"))
        .as("found from .git above the analyzed files, not the working directory").isEqualTo("src/p/Op.java");
    assertThat(sarifUri(module, "--rules", "ShortResyncPeriod", "--format", "sarif", "--source-root", ".", "p"))
        .isEqualTo("p/Op.java");
    assertThat(run("--format", "sarif", "--source-root", "nowhere", "src")).isEqualTo(2);
    assertThat(err.toString()).contains("--source-root nowhere is not a directory");
  }
}
