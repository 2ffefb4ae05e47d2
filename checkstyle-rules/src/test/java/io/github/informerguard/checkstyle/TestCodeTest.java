package io.github.informerguard.checkstyle;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.puppycrawl.tools.checkstyle.DefaultConfiguration;
import io.github.informerguard.analyzer.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checks skip test code as the CLI does (DESIGN.md "Test code": test source roots and JUnit,
 * TestNG or AssertJ users), and {@code testSources=report} checks it, through the real Checker.
 */
class TestCodeTest {

  @TempDir
  Path project;

  /** One short informer resync in production code, under a test root, and in a JUnit user. */
  private static String source(String pkg, String name, String extraImport) {
    return """
        package %s;

        import io.fabric8.kubernetes.api.model.Pod;
        import io.fabric8.kubernetes.client.KubernetesClient;
        %s

        public class %s {
          void start(KubernetesClient client) {
            client.pods().inform(null, 30_000L);
          }
        }
        """.formatted(pkg, extraImport, name);
  }

  @BeforeEach
  void writeProject() throws Exception {
    write("src/main/java/demo/Production.java", source("demo", "Production", ""));
    write("src/test/java/demo/UnderTestRoot.java", source("demo", "UnderTestRoot", ""));
    write("src/it/java/demo/UnderItRoot.java", source("demo", "UnderItRoot", ""));
    write("src/main/java/demo/UsesJUnit.java", source("demo", "UsesJUnit", "import org.junit.jupiter.api.Test;"));
  }

  private void write(String relative, String text) throws Exception {
    Path f = project.resolve(relative);
    Files.createDirectories(f.getParent());
    Files.writeString(f, text);
  }

  private Set<String> checkstyle(String testSources) throws Exception {
    DefaultConfiguration config = CheckstyleHarness.shippedForThisBuild();
    if (testSources != null) {
      for (var child : config.getChildren()) {
        ((DefaultConfiguration) child).addProperty("testSources", testSources);
      }
    }
    CheckstyleHarness.Run run = CheckstyleHarness.runAsConfigured(config, project, CheckstyleHarness.javaFiles(project));
    assertThat(run.exceptions()).isEmpty();
    return run.reported().stream().map(r -> r.ruleId() + " " + r.file() + ":" + r.line())
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private Set<String> cli(boolean includeTests) throws Exception {
    List<String> args = new ArrayList<>(List.of("--format", "json", "--fail-on", "never"));
    if (includeTests) {
      args.add("--include-tests");
    }
    args.add(project.toString());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args.toArray(String[]::new), project, new PrintWriter(out, true), new PrintWriter(err, true));
    assertThat(code).as("CLI exit status; stderr: %s", err).isZero();
    Set<String> found = new TreeSet<>();
    for (JsonNode f : new ObjectMapper().readTree(out.toString()).get("findings")) {
      found.add(f.get("ruleId").asText() + " " + f.get("file").asText() + ":" + f.get("line").asInt());
    }
    return found;
  }

  @Test
  void byDefaultTheChecksSkipWhatTheCliSkips() throws Exception {
    Set<String> reported = checkstyle(null);
    // The inform(...) call is both a short resync and an informer that is never stopped.
    assertThat(reported).containsExactly("InformerNeverStopped src/main/java/demo/Production.java:9",
        "ShortResyncPeriod src/main/java/demo/Production.java:9");
    assertThat(reported).isEqualTo(cli(false));
    assertThat(checkstyle("skip")).isEqualTo(reported);
  }

  @Test
  void testSourcesReportChecksTestCodeAsTheCliWithIncludeTests() throws Exception {
    Set<String> reported = checkstyle("report");
    assertThat(reported.stream().map(r -> r.substring(r.indexOf(' ') + 1)).distinct()).containsExactly(
        "src/it/java/demo/UnderItRoot.java:9", "src/main/java/demo/Production.java:9",
        "src/main/java/demo/UsesJUnit.java:9", "src/test/java/demo/UnderTestRoot.java:9");
    assertThat(reported).hasSize(8);
    assertThat(reported).isEqualTo(cli(true));
  }

  @Test
  void aValueOtherThanSkipOrReportIsAConfigurationError() throws Exception {
    DefaultConfiguration config = CheckstyleHarness.shippedForThisBuild();
    ((DefaultConfiguration) config.getChildren()[0]).addProperty("testSources", "include");
    org.assertj.core.api.Assertions.assertThatThrownBy(
        () -> CheckstyleHarness.runAsConfigured(config, project, List.of()))
        .hasStackTraceContaining("must be skip or report");
  }
}
