package io.github.informerguard.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.maven.lifecycle.Lifecycle;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class EarlyAnalysisTest {

  private static final String PREFIX = "informer-guard";
  private static final String COORDINATES = "io.github.informerguard:informer-guard-maven-plugin";

  /** The default lifecycle's phases as the Maven on the test classpath declares them. */
  private static List<String> phases;

  @BeforeAll
  static void readMavensDefaultLifecycle() throws Exception {
    URL core = Lifecycle.class.getProtectionDomain().getCodeSource().getLocation();
    try (var jar = new java.util.jar.JarFile(Path.of(core.toURI()).toFile());
        InputStream in = jar.getInputStream(jar.getEntry("META-INF/plexus/components.xml"))) {
      NodeList components = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in).getElementsByTagName("component");
      for (int i = 0; i < components.getLength(); i++) {
        Element c = (Element) components.item(i);
        if (text(c, "role").equals(Lifecycle.class.getName()) && text(c, "role-hint").equals("default")) {
          NodeList phase = c.getElementsByTagName("phase");
          List<String> out = new ArrayList<>();
          for (int j = 0; j < phase.getLength(); j++) {
            out.add(phase.item(j).getTextContent().trim());
          }
          phases = out;
        }
      }
    }
    assertThat(phases).contains("generate-resources", "package", "verify", "install");
  }

  private static String text(Element e, String child) {
    NodeList n = e.getElementsByTagName(child);
    return n.getLength() == 0 ? "" : n.item(0).getTextContent().trim();
  }

  private static boolean runs(List<String> tasks, String... checkPhases) {
    return EarlyAnalysis.checkRuns(tasks, phases, Set.of(checkPhases), PREFIX, COORDINATES);
  }

  @Test
  void aBuildThatReachesTheChecksPhaseRunsIt() {
    assertThat(runs(List.of("verify"), "verify")).isTrue();
    assertThat(runs(List.of("clean", "install"), "verify")).isTrue();
    assertThat(runs(List.of("deploy"), "verify")).isTrue();
  }

  @Test
  void aBuildThatStopsBeforeItDoesNot() {
    assertThat(runs(List.of("package"), "verify")).isFalse();
    assertThat(runs(List.of("clean", "compile"), "verify")).isFalse();
    assertThat(runs(List.of("clean"), "verify")).isFalse();
    assertThat(runs(List.of("site"), "verify")).isFalse();
    // A check bound earlier by the user runs in a shorter build.
    assertThat(runs(List.of("package"), "package")).isTrue();
    assertThat(runs(List.of("package"), "verify", "package")).isTrue();
  }

  @Test
  void theCheckGoalNamedOnTheCommandLineRunsIt() {
    assertThat(runs(List.of("compile", "informer-guard:check"))).isTrue();
    assertThat(runs(List.of("compile", COORDINATES + ":0.1.0-SNAPSHOT:check"))).isTrue();
    assertThat(runs(List.of("compile", COORDINATES + ":check"))).isTrue();
    assertThat(runs(List.of("compile", "informer-guard:start"))).isFalse();
    assertThat(runs(List.of("compile", "other:check"))).isFalse();
  }

  private static EarlyAnalysis.Outcome outcome(String key) {
    return new EarlyAnalysis.Outcome(key, null, Map.of(), List.of(), 0, 0);
  }

  @Test
  void theCheckTakesTheOutcomeOfItsOwnBuildAndModuleOnce() throws Exception {
    Object build = new Object();
    EarlyAnalysis.start(build, "/m/a", () -> outcome("a"));
    assertThat(EarlyAnalysis.take(new Object(), "/m/a").outcome()).isEmpty();
    EarlyAnalysis.start(build, "/m/a", () -> outcome("a"));
    EarlyAnalysis.start(build, "/m/b", () -> outcome("b"));
    awaitIdle(build);
    assertThat(EarlyAnalysis.take(build, "/m/b").outcome()).map(EarlyAnalysis.Outcome::key).contains("b");
    assertThat(EarlyAnalysis.take(build, "/m/a").outcome()).map(EarlyAnalysis.Outcome::key).contains("a");
    assertThat(EarlyAnalysis.take(build, "/m/a").outcome()).isEmpty();
  }

  @Test
  void aFailedAnalysisLeavesTheWorkToTheCheck() throws Exception {
    Object build = new Object();
    EarlyAnalysis.start(build, "/m/c", () -> {
      throw new IllegalStateException("bad policy");
    });
    awaitIdle(build);
    EarlyAnalysis.Taken taken = EarlyAnalysis.take(build, "/m/c");
    assertThat(taken.outcome()).isEmpty();
    assertThat(taken.why()).contains("failed").contains("bad policy");
  }

  @Test
  void anAnalysisNotBegunIsCancelledRatherThanWaitedFor() throws Exception {
    Object build = new Object();
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch busy = new CountDownLatch(1);
    List<String> ran = Collections.synchronizedList(new ArrayList<>());
    EarlyAnalysis.start(build, "/m/first", () -> {
      busy.countDown();
      release.await();
      return outcome("first");
    });
    EarlyAnalysis.start(build, "/m/queued", () -> {
      ran.add("queued");
      return outcome("queued");
    });
    busy.await(30, TimeUnit.SECONDS);
    EarlyAnalysis.Taken queued = EarlyAnalysis.take(build, "/m/queued");
    assertThat(queued.outcome()).isEmpty();
    assertThat(queued.why()).contains("had not begun");
    release.countDown();
    assertThat(EarlyAnalysis.take(build, "/m/first").outcome()).map(EarlyAnalysis.Outcome::key).contains("first");
    awaitIdle(build);
    assertThat(ran).isEmpty();
  }

  /** Waits until the background thread has run everything submitted so far. */
  private static void awaitIdle(Object build) throws Exception {
    CountDownLatch done = new CountDownLatch(1);
    EarlyAnalysis.start(build, "/marker", () -> {
      done.countDown();
      return outcome("marker");
    });
    assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
  }
}
