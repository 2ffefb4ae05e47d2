package io.github.informerguard.checkstyle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.puppycrawl.tools.checkstyle.DefaultConfiguration;
import com.puppycrawl.tools.checkstyle.api.CheckstyleException;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.checkstyle.CheckstyleHarness.Reported;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The shipped configuration, through the real Checkstyle Checker, on the analyzer's own
 * fixtures: every marked line is reported, nothing unmarked is, and the result is exactly what
 * the analyzer reports in lenient mode (the CLI without --classpath) on the same files.
 *
 * <p>Data-driven over the seven rule ids of DESIGN.md: a rule that is in this analyzer build is
 * checked against its fixture; a rule that is not yet in it must make its check fail to
 * configure with a clear message (and its fixture test is reported as skipped, never passed).
 */
class FixturesThroughCheckerTest {

  static List<String> ruleIds() {
    return CheckstyleHarness.DESIGN_RULE_IDS;
  }

  @ParameterizedTest
  @MethodSource("ruleIds")
  void fixtureOfRuleMatchesMarkersAndAnalyzer(String ruleId) throws CheckstyleException {
    assumeTrue(CheckstyleHarness.inThisBuild(ruleId), ruleId + " is not in this analyzer build yet");
    Path dir = CheckstyleHarness.fixturesRoot().resolve(ruleId);
    assertThat(dir).as("a rule in the build has a fixture folder").isDirectory();
    List<File> files = CheckstyleHarness.javaFiles(dir);

    CheckstyleHarness.Run run = CheckstyleHarness.run(CheckstyleHarness.shippedForThisBuild(), dir, files);
    assertThat(run.exceptions()).as("Checkstyle exceptions").isEmpty();

    Set<String> reportedLines = run.reported().stream().filter(r -> r.ruleId().equals(ruleId))
        .map(r -> ruleId + " " + r.file() + ":" + r.line()).collect(Collectors.toCollection(TreeSet::new));
    Markers markers = Markers.read(dir, files);
    Set<String> marked = markers.marks().stream().filter(m -> m.ruleId().equals(ruleId))
        .map(Markers.Mark::key).collect(Collectors.toCollection(TreeSet::new));
    assertThat(marked).as("the fixture of %s has expectations", ruleId).isNotEmpty();
    assertThat(reportedLines).as("exactly the marked lines of %s are reported", ruleId).isEqualTo(marked);

    assertSameAsAnalyzer(run, dir);
  }

  @Test
  void checkOfRuleMissingFromThisBuildIsAConfigurationError() throws Exception {
    DefaultConfiguration config = CheckstyleHarness.loadXml(Path.of("target"), """
        <?xml version="1.0"?>
        <!DOCTYPE module PUBLIC "-//Checkstyle//DTD Checkstyle Configuration 1.3//EN"
            "https://checkstyle.org/dtds/configuration_1_3.dtd">
        <module name="Checker"><module name="%s"/></module>
        """.formatted(NoSuchRuleCheck.class.getName()));
    assertThatThrownBy(() -> CheckstyleHarness.run(config, Path.of("."), List.of()))
        .isInstanceOf(CheckstyleException.class)
        .hasStackTraceContaining("rule NoSuchRule is not in this analyzer build");
  }

  @ParameterizedTest
  @MethodSource("ruleIds")
  void everyShippedCheckHasItsRuleInThisBuild(String ruleId) {
    assertThat(CheckstyleHarness.inThisBuild(ruleId)).as("%s is registered in the analyzer", ruleId).isTrue();
  }

  /** All fixtures at once: the union of every rule's fixture, same as the analyzer, nothing else. */
  @Test
  void allFixturesTogetherMatchTheAnalyzer() throws CheckstyleException {
    Path root = CheckstyleHarness.fixturesRoot();
    CheckstyleHarness.Run run = CheckstyleHarness.run(CheckstyleHarness.shippedForThisBuild(), root,
        CheckstyleHarness.javaFiles(root));
    assertThat(run.exceptions()).isEmpty();
    assertThat(run.reported()).as("the fixtures produce findings").isNotEmpty();
    assertSameAsAnalyzer(run, root);
  }

  private static void assertSameAsAnalyzer(CheckstyleHarness.Run run, Path dir) {
    Set<Reported> checkstyle = run.reported().stream().map(Reported::withoutModuleId)
        .collect(Collectors.toCollection(TreeSet::new));
    // The shipped configuration's Checker says warning: an engine error is reported at warning.
    Set<Reported> analyzer = CheckstyleHarness.analyzerLenient(dir, dir, Policy.defaults()).stream()
        .map(r -> r.severityAtMost(Severity.WARNING)).collect(Collectors.toCollection(TreeSet::new));
    assertThat(checkstyle).as("Checkstyle reports exactly the analyzer's lenient findings "
        + "(rule, file, line, column, severity up to the Checker's, message)").containsExactlyElementsOf(analyzer);
  }
}
