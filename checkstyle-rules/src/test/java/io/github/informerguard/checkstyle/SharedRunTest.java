package io.github.informerguard.checkstyle;

import static org.assertj.core.api.Assertions.assertThat;

import com.puppycrawl.tools.checkstyle.DefaultConfiguration;
import io.github.informerguard.analyzer.api.RuleSettings;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.checkstyle.CheckstyleHarness.Reported;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The checks of one Checker share one engine run per file; checks with other settings get their own. */
class SharedRunTest {

  private static final Path DIR = CheckstyleHarness.fixturesRoot().resolve("ShortResyncPeriod");

  @Test
  void checksOfOneCheckerParseEachFileOncePerSettings() throws Exception {
    DefaultConfiguration config = CheckstyleHarness.shippedForThisBuild();
    // A second check of a rule with the same settings joins the same engine run ...
    DefaultConfiguration twin = new DefaultConfiguration("ShortResyncPeriod");
    twin.addProperty("id", "twin");
    twin.addProperty("minimumPeriod", "5m");
    twin.addProperty("minimumReconciliationInterval", "5m");
    config.addChild(twin);
    // ... one with different settings cannot share it and gets its own.
    DefaultConfiguration strict = new DefaultConfiguration("ShortResyncPeriod");
    strict.addProperty("id", "strict");
    strict.addProperty("minimumPeriod", "1m");
    config.addChild(strict);
    List<File> files = CheckstyleHarness.javaFiles(DIR);

    CheckstyleHarness.Run run = CheckstyleHarness.run(config, DIR, files);

    List<AbstractInformerGuardCheck> checks = run.modules().stream()
        .filter(AbstractInformerGuardCheck.class::isInstance).map(AbstractInformerGuardCheck.class::cast).toList();
    AbstractInformerGuardCheck strictCheck = checks.stream().filter(c -> "strict".equals(c.getId())).findFirst().orElseThrow();
    List<AbstractInformerGuardCheck> shared = checks.stream().filter(c -> c != strictCheck).toList();
    assertThat(shared).hasSizeGreaterThanOrEqualTo(2);
    assertThat(shared).as("checks with compatible settings share one engine group")
        .allSatisfy(c -> assertThat(c.group()).isSameAs(shared.get(0).group()));
    assertThat(shared.get(0).group().ruleIds()).containsExactlyInAnyOrderElementsOf(
        CheckstyleHarness.DESIGN_RULE_IDS.stream().filter(CheckstyleHarness::inThisBuild).toList());
    assertThat(shared.get(0).group().engineRuns())
        .as("%d checks read %d files; the engine ran once per file", shared.size(), files.size())
        .isEqualTo(files.size());
    assertThat(strictCheck.group()).isNotSameAs(shared.get(0).group());
    assertThat(strictCheck.group().engineRuns()).isEqualTo(files.size());

    Set<Reported> byDefault = reportedBy(run, null);
    Set<Reported> byTwin = reportedBy(run, "twin");
    Set<Reported> byStrict = reportedBy(run, "strict");
    assertThat(byTwin).isEqualTo(byDefault.stream().filter(r -> r.ruleId().equals("ShortResyncPeriod"))
        .collect(Collectors.toCollection(TreeSet::new)));
    Policy oneMinute = new Policy("test", Map.of("ShortResyncPeriod",
        new RuleSettings(true, Severity.WARNING, Map.of("minimumPeriod", Duration.ofMinutes(1)))), List.of());
    Set<Reported> expectedStrict = CheckstyleHarness.analyzerLenient(DIR, DIR, oneMinute).stream()
        .filter(r -> r.ruleId().equals("ShortResyncPeriod")).collect(Collectors.toCollection(TreeSet::new));
    assertThat(byStrict).as("minimumPeriod=1m reaches the engine").isEqualTo(expectedStrict);
    assertThat(byStrict).as("a 1m minimum flags fewer calls than 5m").isNotEmpty().hasSizeLessThan(byTwin.size());
  }

  @Test
  void separateCheckersDoNotShareResults() throws Exception {
    List<File> files = CheckstyleHarness.javaFiles(DIR);
    CheckstyleHarness.Run first = CheckstyleHarness.run(CheckstyleHarness.shippedForThisBuild(), DIR, files);
    CheckstyleHarness.Run second = CheckstyleHarness.run(CheckstyleHarness.shippedForThisBuild(), DIR, files);
    AbstractInformerGuardCheck a = (AbstractInformerGuardCheck) first.modules().stream()
        .filter(AbstractInformerGuardCheck.class::isInstance).findFirst().orElseThrow();
    AbstractInformerGuardCheck b = (AbstractInformerGuardCheck) second.modules().stream()
        .filter(AbstractInformerGuardCheck.class::isInstance).findFirst().orElseThrow();
    assertThat(a.group()).isNotSameAs(b.group());
    assertThat(b.group().engineRuns()).isEqualTo(files.size());
    assertThat(second.reported()).isEqualTo(first.reported());
  }

  private static Set<Reported> reportedBy(CheckstyleHarness.Run run, String id) {
    return run.reported().stream().filter(r -> java.util.Objects.equals(r.moduleId(), id))
        .map(Reported::withoutModuleId).collect(Collectors.toCollection(TreeSet::new));
  }
}
