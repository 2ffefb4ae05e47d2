package io.github.informerguard.checkstyle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.puppycrawl.tools.checkstyle.DefaultConfiguration;
import com.puppycrawl.tools.checkstyle.api.CheckstyleException;
import io.github.informerguard.analyzer.api.RuleSettings;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.checkstyle.CheckstyleHarness.Reported;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Module names, properties, severity, custom messages and columns of the checks. */
class PropertiesTest {

  private static final Path DIR = CheckstyleHarness.fixturesRoot().resolve("ShortResyncPeriod");

  /** The Checker-level severity of the shipped configuration, the CLI's default level. */
  private static final String WARNING = "<property name=\"severity\" value=\"warning\"/>";

  @TempDir
  Path temp;

  private CheckstyleHarness.Run runOne(String moduleXml, Path dir) throws CheckstyleException {
    DefaultConfiguration config = CheckstyleHarness.loadXml(temp, """
        <?xml version="1.0"?>
        <!DOCTYPE module PUBLIC "-//Checkstyle//DTD Checkstyle Configuration 1.3//EN"
            "https://checkstyle.org/dtds/configuration_1_3.dtd">
        <module name="Checker">%s</module>
        """.formatted(moduleXml));
    CheckstyleHarness.Run run = CheckstyleHarness.run(config, dir, CheckstyleHarness.javaFiles(dir));
    assertThat(run.exceptions()).isEmpty();
    return run;
  }

  private static Set<Reported> analyzer(Policy policy) {
    return CheckstyleHarness.analyzerLenient(DIR, DIR, policy).stream()
        .filter(r -> r.ruleId().equals("ShortResyncPeriod")).collect(Collectors.toCollection(TreeSet::new));
  }

  private static Set<Reported> plain(CheckstyleHarness.Run run) {
    return run.reported().stream().map(Reported::withoutModuleId).collect(Collectors.toCollection(TreeSet::new));
  }

  @Test
  void shortNameCheckSuffixAndFullyQualifiedNameAllResolve() throws CheckstyleException {
    Set<Reported> expected = analyzer(Policy.defaults());
    assertThat(expected).isNotEmpty();
    assertThat(plain(runOne(WARNING + "<module name=\"ShortResyncPeriod\"/>", DIR))).isEqualTo(expected);
    assertThat(plain(runOne(WARNING + "<module name=\"ShortResyncPeriodCheck\"/>", DIR))).isEqualTo(expected);
    assertThat(plain(runOne(WARNING + "<module name=\"io.github.informerguard.checkstyle.ShortResyncPeriodCheck\"/>", DIR)))
        .isEqualTo(expected);
  }

  private static final Path INTERRUPTS = CheckstyleHarness.fixturesRoot().resolve("InterruptSwallowed");

  /** A Checkstyle check of its own beside ours: what Checkstyle itself does with severity. */
  private static final String OWN_CHECK =
      "<module name=\"RegexpSingleline\"><property name=\"format\" value=\"catch \\(InterruptedException\"/></module>";

  private static Set<String> severities(CheckstyleHarness.Run run, String ruleId) {
    return run.reported().stream().filter(r -> r.ruleId().equals(ruleId)).map(Reported::severity)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  @Test
  void checkerSeverityIsInheritedAsByCheckstylesOwnChecks() throws CheckstyleException {
    assertThat(CheckstyleHarness.analyzerLenient(INTERRUPTS, INTERRUPTS, Policy.defaults()))
        .as("the engine raises swallowed interrupts in callbacks to error").extracting(Reported::severity)
        .contains("error");
    CheckstyleHarness.Run run = runOne("<property name=\"severity\" value=\"warning\"/>"
        + "<module name=\"InterruptSwallowed\"/>" + OWN_CHECK, INTERRUPTS);
    assertThat(severities(run, "RegexpSingleline")).containsExactly("warning");
    assertThat(severities(run, "InterruptSwallowed")).as("never above the Checker's warning").containsExactly("warning");
  }

  @Test
  void withNoSeverityAnywhereViolationsAreErrorsAsForCheckstylesOwnChecks() throws CheckstyleException {
    CheckstyleHarness.Run run = runOne("<module name=\"InterruptSwallowed\"/>" + OWN_CHECK, INTERRUPTS);
    assertThat(severities(run, "RegexpSingleline")).containsExactly("error");
    assertThat(severities(run, "InterruptSwallowed")).containsExactly("error");
  }

  @Test
  void engineHintsBelowTheModuleSeverityKeepTheirLevel() throws CheckstyleException {
    CheckstyleHarness.Run run = runOne("<module name=\"ShortResyncPeriod\"/>", DIR);
    assertThat(severities(run, "ShortResyncPeriod")).containsExactly("error", "info");
  }

  @Test
  void moduleSeverityOverridesTheCheckers() throws CheckstyleException {
    CheckstyleHarness.Run run = runOne("<property name=\"severity\" value=\"error\"/>"
        + "<module name=\"InterruptSwallowed\"><property name=\"severity\" value=\"info\"/></module>", INTERRUPTS);
    assertThat(severities(run, "InterruptSwallowed")).containsExactly("info");
  }

  @Test
  void moduleSeverityIsThePolicySeverity() throws CheckstyleException {
    Set<Reported> reported = plain(runOne(
        "<module name=\"ShortResyncPeriod\"><property name=\"severity\" value=\"error\"/></module>", DIR));
    Set<Reported> expected = analyzer(new Policy("test",
        Map.of("ShortResyncPeriod", new RuleSettings(true, Severity.ERROR, Map.of())), List.of()));
    assertThat(reported).isEqualTo(expected);
    assertThat(reported).extracting(Reported::severity).contains("error").doesNotContain("warning");
  }

  @Test
  void severityIgnoreSilencesEveryViolation() throws CheckstyleException {
    CheckstyleHarness.Run run = runOne(
        "<module name=\"ShortResyncPeriod\"><property name=\"severity\" value=\"ignore\"/></module>", DIR);
    assertThat(run.reported()).isNotEmpty().extracting(Reported::severity).containsOnly("ignore");
  }

  @Test
  void durationPropertiesAndGenericOptionsReachTheEngine() throws CheckstyleException {
    Set<Reported> expected = analyzer(new Policy("test", Map.of("ShortResyncPeriod", new RuleSettings(true,
        Severity.WARNING, Map.of("minimumPeriod", Duration.ofSeconds(45)))), List.of()));
    assertThat(expected).isNotEqualTo(analyzer(Policy.defaults()));
    assertThat(plain(runOne(WARNING
        + "<module name=\"ShortResyncPeriod\"><property name=\"minimumPeriod\" value=\"45s\"/></module>", DIR)))
        .isEqualTo(expected);
    assertThat(plain(runOne(WARNING
        + "<module name=\"ShortResyncPeriod\"><property name=\"options\" value=\"minimumPeriod=PT45S\"/></module>", DIR)))
        .isEqualTo(expected);
  }

  @Test
  void interruptScopePropertyReachesTheEngine() throws CheckstyleException {
    Path dir = CheckstyleHarness.fixturesRoot().resolve("InterruptSwallowedAllScope");
    Set<Reported> all = CheckstyleHarness.analyzerLenient(dir, dir, new Policy("test", Map.of("InterruptSwallowed",
        new RuleSettings(true, Severity.WARNING, Map.of("scope", "all"))), List.of()));
    assertThat(all).isNotEmpty();
    assertThat(plain(runOne(WARNING + "<module name=\"InterruptSwallowed\"><property name=\"scope\" value=\"all\"/></module>",
        dir))).isEqualTo(all);
    assertThat(plain(runOne("<module name=\"InterruptSwallowed\"/>", dir))).isEmpty();
    assertThatThrownBy(() -> runOne(
        "<module name=\"InterruptSwallowed\"><property name=\"scope\" value=\"everything\"/></module>", dir))
        .hasStackTraceContaining("option 'scope': 'everything' must be one of kubernetes, all");
  }

  @Test
  void badValuesAndUnknownOptionsAreConfigurationErrors() {
    assertThatThrownBy(() -> runOne(
        "<module name=\"ShortResyncPeriod\"><property name=\"minimumPeriod\" value=\"five minutes\"/></module>", DIR))
        .isInstanceOf(CheckstyleException.class)
        .hasStackTraceContaining("minimumPeriod").hasStackTraceContaining("is not a duration");
    assertThatThrownBy(() -> runOne(
        "<module name=\"ShortResyncPeriod\"><property name=\"options\" value=\"minimumPeriodd=1m\"/></module>", DIR))
        .isInstanceOf(CheckstyleException.class)
        .hasStackTraceContaining("ShortResyncPeriod has no option 'minimumPeriodd'")
        .hasStackTraceContaining("minimumPeriod, minimumReconciliationInterval");
    assertThatThrownBy(() -> runOne(
        "<module name=\"ShortResyncPeriod\"><property name=\"options\" value=\"minimumPeriod\"/></module>", DIR))
        .isInstanceOf(CheckstyleException.class).hasStackTraceContaining("key=value");
  }

  @Test
  void customMessageWrapsTheEngineText() throws CheckstyleException {
    CheckstyleHarness.Run run = runOne("""
        <module name="ShortResyncPeriod">
          <message key="short.resync.period" value="[team policy] {0}"/>
        </module>""", DIR);
    Set<Reported> expected = analyzer(Policy.defaults());
    assertThat(run.reported()).hasSameSizeAs(expected);
    assertThat(run.reported()).allSatisfy(r -> assertThat(r.message()).startsWith("[team policy] "));
    assertThat(run.reported().stream().map(r -> r.message().substring("[team policy] ".length())).toList())
        .containsExactlyInAnyOrderElementsOf(expected.stream().map(Reported::message).toList());
  }

  @Test
  void sameLineAsTheAnalyzerAndTabsExpandedLikeEveryCheckstyleColumn() throws Exception {
    Path pkg = Files.createDirectories(temp.resolve("src/demo"));
    Path file = pkg.resolve("Tabs.java");
    Files.writeString(file, String.join("\n",
        "package demo;",
        "",
        "import io.fabric8.kubernetes.client.KubernetesClient;",
        "import io.fabric8.kubernetes.client.informers.ResourceEventHandler;",
        "",
        "class Tabs {",
        "\tvoid start(KubernetesClient client, ResourceEventHandler<io.fabric8.kubernetes.api.model.Pod> h) {",
        "\t\tclient.pods().inform(h, 1000);",
        "  \tclient.pods().inform(h, 2000);",
        "\t}",
        "}",
        ""));
    Path src = temp.resolve("src");
    CheckstyleHarness.Run run = runOne("<property name=\"tabWidth\" value=\"4\"/><module name=\"ShortResyncPeriod\"/>", src);
    Set<Reported> engine = CheckstyleHarness.analyzerLenient(src, src, Policy.defaults()).stream()
        .filter(r -> r.ruleId().equals("ShortResyncPeriod")).collect(Collectors.toCollection(TreeSet::new));
    assertThat(engine).extracting(Reported::line).containsExactly(8, 9);
    assertThat(engine).as("at \"inform\", the called method").extracting(Reported::column).containsExactly(17, 18);
    assertThat(run.reported()).extracting(Reported::line).containsExactly(8, 9);
    assertThat(run.reported()).as("columns with tabs expanded to tabWidth 4").extracting(Reported::column)
        .containsExactly(23, 19);
  }

  @Test
  void onlyJavaFilesByDefault() throws Exception {
    Path dir = Files.createDirectories(temp.resolve("txt"));
    Files.copy(DIR.resolve("fixtures/resync/Fabric8Resync.java"), dir.resolve("Fabric8Resync.txt"));
    DefaultConfiguration config = CheckstyleHarness.loadXml(temp, """
        <?xml version="1.0"?>
        <!DOCTYPE module PUBLIC "-//Checkstyle//DTD Checkstyle Configuration 1.3//EN"
            "https://checkstyle.org/dtds/configuration_1_3.dtd">
        <module name="Checker"><module name="ShortResyncPeriod"/></module>
        """);
    File txt = dir.resolve("Fabric8Resync.txt").toFile();
    assertThat(CheckstyleHarness.run(config, dir, List.of(txt)).reported()).isEmpty();
  }
}
