package io.github.informerguard.checkstyle;

import static org.assertj.core.api.Assertions.assertThat;

import com.puppycrawl.tools.checkstyle.DefaultConfiguration;
import com.puppycrawl.tools.checkstyle.api.Configuration;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.checkstyle.CheckstyleHarness.Reported;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The checks added to Checkstyle's own {@code google_checks.xml} (Checker severity warning,
 * {@code SuppressWarningsFilter} with {@code SuppressWarningsHolder}): a build that fails on
 * errors still passes, and exactly the CLI's findings are reported, suppressions included.
 */
class GoogleChecksTest {

  private static DefaultConfiguration googleWithOurChecks() throws Exception {
    DefaultConfiguration google = (DefaultConfiguration) com.puppycrawl.tools.checkstyle.ConfigurationLoader
        .loadConfiguration("google_checks.xml", new com.puppycrawl.tools.checkstyle.PropertiesExpander(System.getProperties()));
    for (Configuration ours : CheckstyleHarness.shippedForThisBuild().getChildren()) {
      google.addChild(ours);
    }
    return google;
  }

  @ParameterizedTest
  @ValueSource(strings = {"InterruptSwallowed", "ShortResyncPeriod", "InformerNeverStopped"})
  void googleChecksSeverityAndSuppressionsAreThoseOfTheCli(String ruleId) throws Exception {
    Path dir = CheckstyleHarness.fixturesRoot().resolve(ruleId);
    Set<Reported> cli = CheckstyleHarness.analyzerLenient(dir, dir, Policy.defaults());
    assertThat(cli).extracting(Reported::ruleId).contains(ruleId);

    CheckstyleHarness.Run run = CheckstyleHarness.run(googleWithOurChecks(), dir, CheckstyleHarness.javaFiles(dir));
    assertThat(run.exceptions()).isEmpty();

    List<Reported> ours = run.reported().stream().filter(r -> CheckstyleHarness.DESIGN_RULE_IDS.contains(r.ruleId())).toList();
    assertThat(run.reported()).as("google_checks.xml reports at warning; so do the informer-guard checks")
        .extracting(Reported::severity).doesNotContain("error");
    Set<String> reported = ours.stream().map(GoogleChecksTest::where).collect(Collectors.toCollection(TreeSet::new));
    Set<String> expected = cli.stream().map(GoogleChecksTest::where).collect(Collectors.toCollection(TreeSet::new));
    assertThat(reported).as("the same findings as the CLI, @SuppressWarnings(\"informer-guard...\") honoured the same way")
        .containsExactlyElementsOf(expected);
  }

  private static String where(Reported r) {
    return r.ruleId() + " " + r.file() + ":" + r.line() + ":" + r.column();
  }
}
