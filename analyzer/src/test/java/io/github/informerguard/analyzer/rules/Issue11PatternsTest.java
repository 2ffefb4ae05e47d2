package io.github.informerguard.analyzer.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.engine.RuleRegistry;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.policy.PolicyLoader;
import io.github.informerguard.analyzer.testing.Fixture;
import io.github.informerguard.analyzer.testing.FixtureRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The patterns of issue 11 that the rules' own fixtures did not yet show in both modes (see
 * docs/evaluation/issue-11-patterns.md): each fixture folder under {@code fixtures/Issue11/} holds a
 * positive and its look-alike negative, checked in precise and in lenient mode.
 */
class Issue11PatternsTest {

  private static final String WNC = "WatchNeverClosed";
  private static final String UIW = "UnboundedInformerWait";
  private static final String SRP = "ShortResyncPeriod";
  private static final String INS = "InformerNeverStopped";
  private static final String MGH = "MissingGoneHandling";

  private static Fixture fixture(String name) {
    return Fixture.of("Issue11/" + name);
  }

  /** Compiles the folder against the real client jars, then checks its markers in both modes. */
  private static AnalysisResult verify(String ruleId, String folder, Path out) throws IOException {
    Fixture f = fixture(folder);
    FixtureRunner.assertCompiles(f, Files.createDirectories(out.resolve(folder)));
    return FixtureRunner.verify(ruleId, f, FixtureRunner.FIXTURE_POLICY);
  }

  private static int lineOf(Fixture fixture, String fileName, String text) {
    Path file = fixture.files().stream().filter(p -> p.getFileName().toString().equals(fileName)).findFirst()
        .orElseThrow(() -> new AssertionError("no fixture file " + fileName));
    try {
      List<String> lines = Files.readAllLines(file);
      int found = -1;
      for (int i = 0; i < lines.size(); i++) {
        if (lines.get(i).contains(text)) {
          assertThat(found).as("'%s' occurs once in %s", text, fileName).isEqualTo(-1);
          found = i + 1;
        }
      }
      assertThat(found).as("'%s' in %s", text, fileName).isPositive();
      return found;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Finding at(AnalysisResult r, Fixture fixture, String fileName, String text) {
    int line = lineOf(fixture, fileName, text);
    return r.findings().stream().filter(f -> f.file().getFileName().toString().equals(fileName) && f.line() == line)
        .findFirst().orElseThrow(() -> new AssertionError("no finding at " + fileName + ":" + line));
  }

  private static Set<String> lines(AnalysisResult r, Fixture fixture) {
    Set<String> out = new TreeSet<>();
    r.findings().forEach(f -> out.add(f.ruleId() + " " + fixture.directory().relativize(f.file()).toString()
        .replace('\\', '/') + ":" + f.line()));
    return out;
  }

  // ---- WatchNeverClosed: a handle stored in a map entry that a repeat call overwrites ----

  @Test
  void watchPutOverAnEntryAnEarlierCallMayHoldIsReportedInBothModes(@TempDir Path out) throws IOException {
    verify(WNC, WNC, out);
    for (boolean precise : new boolean[] {true, false}) {
      AnalysisResult r = FixtureRunner.run(fixture(WNC), WNC, precise);
      Finding f = at(r, fixture(WNC), "ReplacedWatches.java", "podWatches.put(ns");
      assertThat(f.ruleId()).isEqualTo(WNC);
      assertThat(r.findings()).as("precise=%s", precise).singleElement();
    }
  }

  // ---- UnboundedInformerWait: a project method wrapping isWatching(); join/await only a handler ends ----

  @Test
  void wrappedIsWatchingLoopAndHandlerOnlyWaitsAreReportedInBothModes(@TempDir Path out) throws IOException {
    verify(UIW, UIW, out);
    for (boolean precise : new boolean[] {true, false}) {
      AnalysisResult r = FixtureRunner.run(fixture(UIW), UIW, precise);
      assertThat(at(r, fixture(UIW), "WrappedCallbackWaits.java", "while (!watching()) {").ruleId()).isEqualTo(UIW);
      assertThat(at(r, fixture(UIW), "WrappedCallbackWaits.java", "return added.join();").ruleId()).isEqualTo(UIW);
      assertThat(at(r, fixture(UIW), "WrappedCallbackWaits.java", "deleted.await();").ruleId()).isEqualTo(UIW);
      assertThat(r.findings()).as("precise=%s", precise).hasSize(3);
    }
  }

  // ---- ShortResyncPeriod: a system property lookup with a short default ----

  @Test
  void systemPropertyWithAShortDefaultIsAnInfoInBothModes(@TempDir Path out) throws IOException {
    verify(SRP, SRP, out);
    for (boolean precise : new boolean[] {true, false}) {
      AnalysisResult r = FixtureRunner.run(fixture(SRP), SRP, precise);
      Finding f = at(r, fixture(SRP), "PropertyPeriods.java", "\"15000\"");
      assertThat(f.severity().id()).isEqualTo("info");
      assertThat(f.message()).contains("15");
      assertThat(r.findings()).as("precise=%s", precise).singleElement();
    }
  }

  // ---- InformerNeverStopped: a SmartLifecycle whose stop() stops nothing ----

  @Test
  void smartLifecycleWhoseStopStopsNoFactoryIsReportedInBothModes(@TempDir Path out) throws IOException {
    verify(INS, INS, out);
    for (boolean precise : new boolean[] {true, false}) {
      AnalysisResult r = FixtureRunner.run(fixture(INS), INS, precise);
      Finding f = at(r, fixture(INS), "LifecycleLookAlikes.java", "factory.startAllRegisteredInformers();");
      assertThat(f.message()).contains("SharedInformerFactory 'factory'");
      assertThat(r.findings()).as("precise=%s", precise).singleElement();
    }
  }

  // ---- InformerNeverStopped: a @Bean's inferred close() stops it; a method of another name is never called ----

  @Test
  void beanWhoseOnlyStopIsAMethodSpringDoesNotInferIsReportedInBothModes(@TempDir Path out) throws IOException {
    String folder = INS + "Inferred";
    verify(INS, folder, out);
    for (boolean precise : new boolean[] {true, false}) {
      AnalysisResult r = FixtureRunner.run(fixture(folder), INS, precise);
      Finding f = at(r, fixture(folder), "InferredDestroyBeans.java", "client.configMaps().inform();");
      assertThat(f.message()).contains("'informer'");
      assertThat(r.findings()).as("precise=%s", precise).singleElement();
    }
  }

  // ---- MissingGoneHandling: the 4.x onClose(KubernetesClientException) signature, and its look-alike ----

  @Test
  void legacyCloseSignatureIsJudgedByWhatItDoesWithTheCodeInBothModes(@TempDir Path out) throws IOException {
    verify(MGH, MGH, out);
    for (boolean precise : new boolean[] {true, false}) {
      AnalysisResult r = FixtureRunner.run(fixture(MGH), MGH, precise);
      assertThat(r.findings()).as("precise=%s", precise).singleElement()
          .satisfies(f -> assertThat(f.line()).isEqualTo(lineOf(fixture(MGH), "LegacyCloseHandlers.java",
              "// violation: MissingGoneHandling")));
    }
  }

  // ---- test code: nothing by default, everything with testSources: report, in both modes ----

  @Test
  void testCodeReportsNothingByDefaultAndEverythingWithTestSourcesReportInBothModes(@TempDir Path out)
      throws IOException {
    Fixture f = fixture("TestCode");
    FixtureRunner.assertCompiles(f, Files.createDirectories(out.resolve("TestCode")));
    Policy report = new PolicyLoader(RuleRegistry.builtIn().descriptors()).parse("testSources: report\n", "t.yaml");
    for (boolean precise : new boolean[] {true, false}) {
      assertThat(lines(FixtureRunner.run(f, SRP, precise, Policy.defaults()), f)).as("default, precise=%s", precise)
          .containsExactly(SRP + " src/main/java/fixtures/issue11/MainOperator.java:11");
      assertThat(lines(FixtureRunner.run(f, SRP, precise, report), f)).as("testSources: report, precise=%s", precise)
          .containsExactly(
              SRP + " src/main/java/fixtures/issue11/AssertingHelper.java:13",
              SRP + " src/main/java/fixtures/issue11/MainOperator.java:11",
              SRP + " src/test/java/fixtures/issue11/OperatorTest.java:11");
    }
    // The markers agree with the report run, in both modes.
    FixtureRunner.verify(SRP, f, report);
  }

  // ---- messages: lenient mode says exactly what precise mode says ----

  @Test
  void everyRuleFixtureGivesTheSameMessageAndDetailInBothModes() {
    Policy scopeAll = new PolicyLoader(RuleRegistry.builtIn().descriptors())
        .parse("rules:\n  InterruptSwallowed: { scope: all }\ntestSources: report\n", "all.yaml");
    List<String[]> runs = new java.util.ArrayList<>();
    RuleRegistry.builtIn().descriptors().forEach(d -> runs.add(new String[] {d.id(), d.id()}));
    runs.add(new String[] {"InterruptSwallowed", "InterruptSwallowedAllScope"});
    for (String[] run : runs) {
      Fixture f = Fixture.of(run[1]);
      Policy policy = run[1].endsWith("AllScope") ? scopeAll : FixtureRunner.FIXTURE_POLICY;
      Set<String> precise = texts(FixtureRunner.run(f, run[0], true, policy), f);
      Set<String> lenient = texts(FixtureRunner.run(f, run[0], false, policy), f);
      assertThat(precise).as("%s has findings", run[1]).isNotEmpty();
      assertThat(lenient).as("messages and details of %s, lenient equal precise", run[1])
          .containsExactlyInAnyOrderElementsOf(precise);
    }
  }

  private static Set<String> texts(AnalysisResult r, Fixture fixture) {
    Set<String> out = new TreeSet<>();
    r.findings().forEach(f -> out.add(fixture.directory().relativize(f.file()).toString().replace('\\', '/') + ":"
        + f.line() + " [" + f.severity().id() + "] " + f.message() + " || " + f.detail()));
    return out;
  }
}
