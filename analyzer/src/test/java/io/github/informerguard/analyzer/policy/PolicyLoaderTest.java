package io.github.informerguard.analyzer.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.engine.RuleRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PolicyLoaderTest {

  private final PolicyLoader loader = new PolicyLoader(RuleRegistry.builtIn().descriptors());

  @Test
  void readsYamlWithDurationsSeverityAndExcludes() {
    Policy p = loader.parse("""
        rules:
          ShortResyncPeriod: { severity: error, minimumPeriod: 10m, minimumReconciliationInterval: PT1H }
        exclude: ["**/generated/**"]
        """, "informer-guard.yaml");
    var s = p.rules().get("ShortResyncPeriod");
    assertThat(s.severity()).isEqualTo(Severity.ERROR);
    assertThat(s.duration("minimumPeriod", Duration.ZERO)).isEqualTo(Duration.ofMinutes(10));
    assertThat(s.duration("minimumReconciliationInterval", Duration.ZERO)).isEqualTo(Duration.ofHours(1));
    assertThat(p.excludes("src/generated/A.java")).isTrue();
    assertThat(p.excludes("generated/A.java")).isTrue();
    assertThat(p.excludes("src/main/A.java")).isFalse();
  }

  @Test
  void readsJsonToo() {
    Policy p = loader.parse("{\"rules\": {\"ShortResyncPeriod\": {\"enabled\": false}}}", "p.json");
    assertThat(p.rules().get("ShortResyncPeriod").enabled()).isFalse();
  }

  @Test
  void unknownTopLevelKeyFailsNamingKeyAndFile() {
    assertThatThrownBy(() -> loader.parse("rulez: {}", "cfg/informer-guard.yaml"))
        .isInstanceOf(PolicyException.class)
        .hasMessageContaining("cfg/informer-guard.yaml")
        .hasMessageContaining("'rulez'");
  }

  @Test
  void unknownRuleFailsAndListsKnownRules() {
    assertThatThrownBy(() -> loader.parse("rules: { ShortResync: {} }", "x.yaml"))
        .hasMessageContaining("rules.ShortResync").hasMessageContaining("ShortResyncPeriod");
  }

  @Test
  void unknownRuleOptionFailsNamingTheFullKey() {
    assertThatThrownBy(() -> loader.parse("rules: { ShortResyncPeriod: { minimumPeriodMillis: 5 } }", "x.yaml"))
        .hasMessageContaining("'rules.ShortResyncPeriod.minimumPeriodMillis'")
        .hasMessageContaining("minimumPeriod");
  }

  @Test
  void badValuesFailNamingTheKey() {
    assertThatThrownBy(() -> loader.parse("rules: { ShortResyncPeriod: { severity: fatal } }", "x.yaml"))
        .hasMessageContaining("rules.ShortResyncPeriod.severity").hasMessageContaining("fatal");
    assertThatThrownBy(() -> loader.parse("rules: { ShortResyncPeriod: { minimumPeriod: 300000 } }", "x.yaml"))
        .hasMessageContaining("rules.ShortResyncPeriod.minimumPeriod");
    assertThatThrownBy(() -> loader.parse("rules: { ShortResyncPeriod: { minimumPeriod: five minutes } }", "x.yaml"))
        .hasMessageContaining("rules.ShortResyncPeriod.minimumPeriod").hasMessageContaining("5m");
    assertThatThrownBy(() -> loader.parse("rules: { ShortResyncPeriod: { enabled: yes-please } }", "x.yaml"))
        .hasMessageContaining("rules.ShortResyncPeriod.enabled");
    assertThatThrownBy(() -> loader.parse("exclude: \"**/gen/**\"", "x.yaml"))
        .hasMessageContaining("'exclude'");
  }

  @Test
  void testSourcesIsSkipByDefaultAndAcceptsReport() {
    assertThat(loader.parse("rules: {}", "x.yaml").reportTestSources()).isFalse();
    assertThat(loader.parse("testSources: skip", "x.yaml").reportTestSources()).isFalse();
    assertThat(loader.parse("testSources: report", "x.yaml").reportTestSources()).isTrue();
    assertThatThrownBy(() -> loader.parse("testSources: yes", "x.yaml"))
        .isInstanceOf(PolicyException.class).hasMessageContaining("'testSources' must be skip or report");
  }

  @Test
  void interruptScopeAcceptsKubernetesAndAll() {
    assertThat(loader.parse("rules: { InterruptSwallowed: { scope: all } }", "x.yaml").rules()
        .get("InterruptSwallowed").option("scope")).contains("all");
    assertThatThrownBy(() -> loader.parse("rules: { InterruptSwallowed: { scope: 3 } }", "x.yaml"))
        .hasMessageContaining("'rules.InterruptSwallowed.scope' must be one of kubernetes, all");
  }

  @Test
  void malformedYamlFailsWithLine() {
    assertThatThrownBy(() -> loader.parse("rules:\n  ShortResyncPeriod: { severity: error\n", "x.yaml"))
        .isInstanceOf(PolicyException.class)
        .hasMessage("x.yaml:3:1: not valid YAML: expected ',' or '}', but got <stream end> (while parsing a flow mapping at line 2)")
        // The Maven plugin's log would print a cause's (five-line) message after this one.
        .hasNoCause();
  }

  @Test
  void emptyPolicyMeansDefaults() {
    assertThat(loader.parse("", "x.yaml").rules()).isEmpty();
  }

  @Test
  void durationsPrintCompactly() {
    assertThat(Durations.format(300_000)).isEqualTo("5m");
    assertThat(Durations.format(30_500)).isEqualTo("30.5s");
    assertThat(Durations.format(250)).isEqualTo("250ms");
    assertThat(Durations.format(7_200_000)).isEqualTo("2h");
  }
}
