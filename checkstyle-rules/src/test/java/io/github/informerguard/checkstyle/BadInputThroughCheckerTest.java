package io.github.informerguard.checkstyle;

import static org.assertj.core.api.Assertions.assertThat;

import com.puppycrawl.tools.checkstyle.DefaultConfiguration;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped checks under the real Checker on the odd source files of the CLI's bad-input sweep
 * (the analyzer's BadInputTest): no Checkstyle exception on any of them, and the files that are
 * Java are checked as the CLI checks them; a file the engine could not analyze is reported once per
 * run (not once per check), as a warning at the line the engine names.
 */
class BadInputThroughCheckerTest {

  @TempDir Path dir;

  private static final String OP = """
      package p;

      import io.fabric8.kubernetes.client.KubernetesClient;
      import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
      import io.fabric8.kubernetes.api.model.Pod;

      class %s {
        void start(KubernetesClient client, ResourceEventHandler<Pod> h) {
          client.pods().inform(h, 30_000);
        }
      }
      """;

  @Test
  void oddSourceFilesRaiseNoExceptionAndTheJavaOnesAreChecked() throws Exception {
    write("p/Op.java", OP.formatted("Op"));
    write("p/Empty.java", "");
    write("p/Bom.java", "\uFEFF" + OP.formatted("Bom"));
    write("p/Cr.java", OP.formatted("Cr").replace('\n', '\r'));
    // Checkstyle decodes with the Checker's charset (UTF-8 here), so the Latin-1 bytes are not
    // the CLI's text; the file costs no exception and is reported as not analyzed.
    Files.write(dir.resolve("p/Lat.java"), OP.formatted("Gr\u00fc\u00dfe").getBytes(StandardCharsets.ISO_8859_1));
    write("p/Broken.java", "package p;\n\nclass Broken { void f() { x.inform  ( }\n");
    write("module-info.java", "module op { requires io.fabric8.kubernetes.client.api; }\n");
    write("p/package-info.java", "/** Operators. */\npackage p;\n");
    // Records, sealed types, pattern switch, a text block and _: the analyzer's BadInputTest source.
    Files.copy(CheckstyleHarness.fixturesRoot().resolveSibling("sources").resolve("J21.java"), dir.resolve("p/J21.java"));

    CheckstyleHarness.Run run = CheckstyleHarness.run(CheckstyleHarness.shippedForThisBuild(), dir,
        CheckstyleHarness.javaFiles(dir));

    assertThat(run.exceptions()).as("Checkstyle exceptions").isEmpty();
    Set<String> resync = run.reported().stream()
        .filter(r -> r.ruleId().equals("ShortResyncPeriod") && !r.message().startsWith("informer-guard could not analyze"))
        .map(r -> r.file() + ":" + r.line()).collect(Collectors.toCollection(TreeSet::new));
    assertThat(resync).containsExactly("p/Bom.java:9", "p/Cr.java:9", "p/J21.java:25", "p/Op.java:9");
    Set<String> notAnalyzed = run.reported().stream()
        .filter(r -> r.message().startsWith("informer-guard could not analyze"))
        .map(r -> r.file() + ":" + r.line() + ":" + r.severity()).collect(Collectors.toCollection(TreeSet::new));
    // Lat.java's Latin-1 bytes, decoded as UTF-8 by the Checker, hold a character no Java token
    // starts with; an empty file has nothing the rules look for and is passed over in silence.
    assertThat(notAnalyzed).containsExactly("p/Broken.java:3:warning", "p/Lat.java:7:warning");
    assertThat(run.reported().stream().filter(r -> r.file().equals("p/Broken.java")))
        .singleElement().satisfies(r -> assertThat(r.message()).contains("does not parse"));
  }

  @Test
  void anUnanalyzableFileIsNeverReportedAboveTheModuleSeverityNorByAnIgnoredCheck() throws Exception {
    write("p/Broken.java", "package p;\n\nclass Broken { void f() { x.inform  ( }\n");
    DefaultConfiguration config = new DefaultConfiguration("Checker");
    // The ignored check runs first: it must leave the report to the other.
    DefaultConfiguration ignored = new DefaultConfiguration("InterruptSwallowed");
    ignored.addProperty("severity", "ignore");
    DefaultConfiguration info = new DefaultConfiguration("ShortResyncPeriod");
    info.addProperty("severity", "info");
    config.addChild(ignored);
    config.addChild(info);

    CheckstyleHarness.Run run = CheckstyleHarness.run(config, dir, CheckstyleHarness.javaFiles(dir));

    assertThat(run.exceptions()).isEmpty();
    assertThat(run.reported()).singleElement().satisfies(r -> {
      assertThat(r.ruleId()).isEqualTo("ShortResyncPeriod");
      assertThat(r.severity()).isEqualTo("info");
      assertThat(r.line()).isEqualTo(3);
    });
  }

  private void write(String relative, String text) throws IOException {
    Path p = dir.resolve(relative);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }
}
