package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.policy.PolicyLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Test code (DESIGN.md): test roots and JUnit/TestNG/AssertJ users report nothing unless testSources: report. */
class TestCodeTest {

  @TempDir Path dir;

  private static final String SHORT_RESYNC = """
      package p;
      %s
      import io.fabric8.kubernetes.client.KubernetesClient;
      import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
      import io.fabric8.kubernetes.api.model.Pod;

      class %s {
        void start(KubernetesClient client, ResourceEventHandler<Pod> h) {
          client.pods().inform(h, 30_000);
        }
      }
      """;

  private void write(String relative, String extraImport) throws IOException {
    Path p = dir.resolve(relative);
    Files.createDirectories(p.getParent());
    String name = p.getFileName().toString().replace(".java", "");
    Files.writeString(p, SHORT_RESYNC.formatted(extraImport, name));
  }

  private Set<String> reportedFiles(Policy policy, Path workingDirectory) {
    AnalysisResult r = new Analyzer().analyze(new AnalysisRequest(List.of(dir), Optional.empty(), policy,
        Optional.of(Set.of("ShortResyncPeriod")), workingDirectory, 0));
    Set<String> out = new TreeSet<>();
    for (Finding f : r.findings()) {
      out.add(dir.relativize(f.file()).toString().replace('\\', '/'));
    }
    return out;
  }

  private void project() throws IOException {
    write("src/main/java/p/Operator.java", "");
    write("src/test/java/p/OperatorIT.java", "");
    write("src/it/smoke/src/main/java/p/Smoke.java", "");
    write("src/testFixtures/java/p/Fixtures.java", "");
    write("src/main/java/p/UsesJUnit.java", "import org.junit.jupiter.api.Test;");
    write("src/main/java/p/UsesAssertJ.java", "import static org.assertj.core.api.Assertions.assertThat;");
    write("src/main/java/p/UsesTestNG.java", "import org.testng.annotations.*;");
    write("src/main/java/p/UsesJUnit3.java", "import junit.framework.TestCase;");
    write("src/main/java/p/UsesJunitLookalike.java", "import org.junitpioneer.Pioneer;");
  }

  @Test
  void testRootsAndTestFrameworkUsersReportNothingByDefault() throws IOException {
    project();
    assertThat(reportedFiles(Policy.defaults(), dir))
        .containsExactly("src/main/java/p/Operator.java", "src/main/java/p/UsesJunitLookalike.java");
  }

  @Test
  void testSourcesReportReportsThemAll() throws IOException {
    project();
    Policy report = new PolicyLoader(RuleRegistry.builtIn().descriptors()).parse("testSources: report\n", "x.yaml");
    assertThat(reportedFiles(report, dir)).hasSize(9);
    assertThat(reportedFiles(Policy.defaults().withTestSourcesReported(), dir)).hasSize(9);
  }

  @Test
  void foldersAboveTheWorkingDirectoryDoNotMakeEverythingTestCode() throws IOException {
    // A checkout that happens to live under .../src/test/ is not all test code.
    Path checkout = dir.resolve("src/test/checkout");
    Path file = checkout.resolve("src/main/java/p/Operator.java");
    Files.createDirectories(file.getParent());
    Files.writeString(file, SHORT_RESYNC.formatted("", "Operator"));
    assertThat(reportedFiles(Policy.defaults(), checkout)).containsExactly("src/test/checkout/src/main/java/p/Operator.java");
  }

  @Test
  void qualifiedTestAnnotationWithoutImportIsTestCode() throws IOException {
    Path p = dir.resolve("p/Qualified.java");
    Files.createDirectories(p.getParent());
    Files.writeString(p, SHORT_RESYNC.formatted("", "Qualified")
        .replace("  void start(", "  @org.junit.jupiter.api.Test\n  void start("));
    assertThat(reportedFiles(Policy.defaults(), dir)).isEmpty();
    assertThat(reportedFiles(Policy.defaults().withTestSourcesReported(), dir)).containsExactly("p/Qualified.java");
  }
}
