package io.github.informerguard.analyzer.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.engine.AnalysisRequest;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.engine.Analyzer;
import io.github.informerguard.analyzer.policy.Policy;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Checks a rule against its fixture in both directions and both modes: every marked line is
 * reported, nothing unmarked is, and lenient mode reports exactly what precise mode does.
 */
public final class FixtureRunner {

  private FixtureRunner() {}

  /** Compiles the fixture with javac against the real client jars; fails with javac's output. */
  public static void assertCompiles(Fixture fixture, Path outputDir) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    List<String> args = new java.util.ArrayList<>(List.of(
        "-proc:none", "-nowarn", "-d", outputDir.toString(), "-cp", TestClasspath.asString()));
    fixture.files().forEach(f -> args.add(f.toString()));
    int rc = javac.run(null, out, out, args.toArray(String[]::new));
    assertThat(rc).as("fixture %s must compile against the real client APIs:%n%s", fixture.directory(), out).isZero();
  }

  /**
   * The policy rule fixtures run under: the defaults, but with test code reported, since a fixture
   * specifies what a rule does wherever it runs (fixtures that use JUnit or AssertJ included);
   * skipping test code is the engine's job and has its own tests.
   */
  public static final Policy FIXTURE_POLICY = Policy.defaults().withTestSourcesReported();

  public static AnalysisResult run(Fixture fixture, String ruleId, boolean precise) {
    return run(fixture, ruleId, precise, FIXTURE_POLICY);
  }

  public static AnalysisResult run(Fixture fixture, String ruleId, boolean precise, Policy policy) {
    AnalysisRequest request = new AnalysisRequest(
        List.of(fixture.directory()),
        precise ? Optional.of(TestClasspath.entries()) : Optional.empty(),
        policy,
        Optional.of(Set.of(ruleId)),
        fixture.directory(),
        0);
    AnalysisResult result = new Analyzer().analyze(request);
    assertThat(result.errors()).as("no file or rule errors on fixture %s", fixture.directory()).isEmpty();
    return result;
  }

  /** Runs both modes and checks every expectation; returns the precise result for further checks. */
  public static AnalysisResult verify(String ruleId) {
    return verify(ruleId, Fixture.of(ruleId), FIXTURE_POLICY);
  }

  /**
   * As {@link #verify(String)} for a fixture folder that holds the cases of one policy setting
   * (a folder beside the rule's own, such as {@code fixtures/InterruptSwallowedAllScope}).
   */
  public static AnalysisResult verify(String ruleId, Fixture fixture, Policy policy) {
    List<Fixture.Expected> expected = fixture.expectations().stream().filter(e -> e.ruleId().equals(ruleId)).toList();
    assertThat(expected).as("fixture for %s has expectations", ruleId).isNotEmpty();

    AnalysisResult precise = run(fixture, ruleId, true, policy);
    assertThat(keys(precise, fixture)).as("precise findings of %s", ruleId)
        .containsExactlyInAnyOrderElementsOf(expectedKeys(expected));
    assertSeverities(precise, fixture, expected);
    assertColumns(precise, fixture, expected);

    AnalysisResult lenient = run(fixture, ruleId, false, policy);
    Set<String> lenientKeys = keys(lenient, fixture);
    // Lenient mode types through the generated API model as precise mode does through the
    // solver: the two must agree on every fixture, not only lenient within precise.
    assertThat(lenientKeys).as("lenient findings of %s equal precise findings", ruleId)
        .containsExactlyInAnyOrderElementsOf(keys(precise, fixture));
    return precise;
  }

  private static void assertSeverities(AnalysisResult result, Fixture fixture, List<Fixture.Expected> expected) {
    for (Fixture.Expected e : expected) {
      if (e.severity() == null) {
        continue;
      }
      Finding f = result.findings().stream()
          .filter(x -> key(x, fixture).equals(e.file() + ":" + e.line()))
          .findFirst().orElseThrow();
      assertThat(f.severity().id()).as("severity at %s:%d", e.file(), e.line()).isEqualTo(e.severity().toLowerCase(Locale.ROOT));
    }
  }

  private static void assertColumns(AnalysisResult result, Fixture fixture, List<Fixture.Expected> expected) {
    for (Fixture.Expected e : expected) {
      if (e.column() == null) {
        continue;
      }
      assertThat(result.findings().stream().filter(x -> key(x, fixture).equals(e.file() + ":" + e.line()))
          .map(Finding::column).toList()).as("column at %s:%d (the offending name)", e.file(), e.line()).contains(e.column());
    }
  }

  private static Set<String> keys(AnalysisResult r, Fixture fixture) {
    Set<String> out = new TreeSet<>();
    r.findings().forEach(f -> out.add(key(f, fixture)));
    return out;
  }

  private static String key(Finding f, Fixture fixture) {
    return fixture.directory().relativize(f.file()).toString().replace('\\', '/') + ":" + f.line();
  }

  private static Set<String> expectedKeys(List<Fixture.Expected> expected) {
    Set<String> out = new TreeSet<>();
    expected.forEach(e -> out.add(e.file() + ":" + e.line()));
    return out;
  }
}
