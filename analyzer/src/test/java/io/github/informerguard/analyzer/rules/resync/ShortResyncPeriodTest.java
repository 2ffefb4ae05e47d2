package io.github.informerguard.analyzer.rules.resync;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.policy.PolicyLoader;
import io.github.informerguard.analyzer.engine.RuleRegistry;
import io.github.informerguard.analyzer.testing.Fixture;
import io.github.informerguard.analyzer.testing.FixtureRunner;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShortResyncPeriodTest {


  @Test
  void messageStatesTheValueTheMechanismAndTheFix() {
    AnalysisResult r = FixtureRunner.run(Fixture.of("ShortResyncPeriod"), "ShortResyncPeriod", true);
    Finding thirty = r.findings().stream().filter(f -> f.message().contains("30s (30000 ms)")).findFirst().orElseThrow();
    assertThat(thirty.fullText())
        .contains("below the 5m minimum")
        .contains("does not re-list")
        .contains("onUpdate(obj, obj)")
        .contains("Pass 0 to disable resync");
  }

  @Test
  void shippedConfigurationValueNamesTheKeyAndTheFileInBothModes() {
    for (boolean precise : new boolean[] {true, false}) {
      AnalysisResult r = FixtureRunner.run(Fixture.of("ShortResyncPeriod"), "ShortResyncPeriod", precise);
      Finding shipped = r.findings().stream().filter(f -> f.file().endsWith("ShippedPeriods.java"))
          .filter(f -> f.message().contains("informers.resync in")).findFirst().orElseThrow();
      assertThat(shipped.message())
          .isEqualTo("resync period, set by informers.resync in src/main/resources/application.properties, is 30s"
              + " (30000 ms), below the 5m minimum.");
      assertThat(shipped.severity()).isEqualTo(io.github.informerguard.analyzer.api.Severity.WARNING);
      assertThat(shipped.detail()).contains("shipped configuration").contains("change it there");
    }
  }

  @Test
  void boundPropertiesGetterFoldsToTheShippedKeyOrTheFieldDefaultInBothModes() {
    for (boolean precise : new boolean[] {true, false}) {
      AnalysisResult r = FixtureRunner.run(Fixture.of("ShortResyncPeriod"), "ShortResyncPeriod", precise);
      List<Finding> bound = r.findings().stream().filter(f -> f.file().endsWith("BoundPeriods.java")).toList();
      assertThat(bound).extracting(Finding::message).containsExactly(
          "resync period, set by informers.bound.watcher-interval in src/main/resources/application.properties,"
              + " is 30s (30000 ms), below the 5m minimum.",
          "resync period has a hardcoded configuration default of 1m (60000 ms), below the 5m minimum.",
          "resync period has a hardcoded configuration default of 20s (20000 ms), below the 5m minimum.");
      assertThat(bound).extracting(Finding::severity)
          .containsExactly(Severity.WARNING, Severity.INFO, Severity.INFO);
    }
  }

  @Test
  void shippedDurationReachingTheInformerThroughToMillisNamesTheKeyInBothModes() {
    for (boolean precise : new boolean[] {true, false}) {
      AnalysisResult r = FixtureRunner.run(Fixture.of("ShortResyncPeriod"), "ShortResyncPeriod", precise);
      assertThat(r.findings()).filteredOn(f -> f.file().endsWith("ShippedDurations.java"))
          .extracting(Finding::message)
          .contains("resync period, set by informers.duration-resync in src/main/resources/application.properties,"
              + " is 30s (30000 ms), below the 5m minimum.")
          .contains("resync period, set by informers.iso-resync in src/main/resources/application.properties,"
              + " is 45s (45000 ms), below the 5m minimum.");
    }
  }

  @Test
  void subSecondPeriodGetsTheUnitMistakeMessage() {
    AnalysisResult r = FixtureRunner.run(Fixture.of("ShortResyncPeriod"), "ShortResyncPeriod", true);
    assertThat(r.findings()).anySatisfy(f -> assertThat(f.fullText()).contains("500 ms, probably seconds passed as milliseconds")
        // fabric8 5.12 to 8.0 raise a handler period below 1 s to 1 s (docs/client-facts.md): not "several times a second".
        .contains("every second (fabric8 raises a handler's period below 1s to 1s)"));
  }

  @Test
  void negativePeriodSaysFabric8Throws() {
    AnalysisResult r = FixtureRunner.run(Fixture.of("ShortResyncPeriod"), "ShortResyncPeriod", false);
    assertThat(r.findings()).anySatisfy(f -> assertThat(f.fullText()).contains("-1 ms, a negative period").contains("IllegalArgumentException"));
  }

  @Test
  void multiLineChainIsReportedAtTheCalledMethodsName() {
    AnalysisResult r = FixtureRunner.run(Fixture.of("ShortResyncPeriod"), "ShortResyncPeriod", true);
    assertThat(r.findings()).anySatisfy(f -> {
      assertThat(f.fullText()).contains("15s");
      // "runnableInformer" on the chain's last line, not "client.pods()" two lines up
      assertThat(f.line()).isEqualTo(34);
      assertThat(f.column()).isEqualTo(10);
      assertThat(f.endLine()).isEqualTo(34);
      assertThat(f.endColumn()).isEqualTo(56);
    });
  }

  @Test
  void annotationFindingIsAtTheElementThatHoldsThePeriod() {
    AnalysisResult r = FixtureRunner.run(Fixture.of("ShortResyncPeriod"), "ShortResyncPeriod", true);
    assertThat(r.findings()).anySatisfy(f -> {
      assertThat(f.file().getFileName()).hasToString("SpringResync.java");
      assertThat(f.line()).isEqualTo(15);
      assertThat(f.column()).isEqualTo(7); // "resyncPeriodMillis = ...", not "@KubernetesInformer(" four lines up
    });
  }

  @Test
  void policyMinimumChangesTheThreshold() {
    Policy strict = new PolicyLoader(RuleRegistry.builtIn().descriptors())
        .parse("rules:\n  ShortResyncPeriod: { minimumPeriod: 20s, minimumReconciliationInterval: 1m }\n", "test.yaml");
    AnalysisResult r = FixtureRunner.run(Fixture.of("ShortResyncPeriod"), "ShortResyncPeriod", false, strict);
    assertThat(r.findings()).noneSatisfy(f -> assertThat(f.fullText()).contains("30s (30000 ms)"));
    assertThat(r.findings()).anySatisfy(f -> assertThat(f.fullText()).contains("15s (15000 ms)"));
    assertThat(r.findings()).anySatisfy(f -> assertThat(f.fullText()).contains("maxReconciliationInterval resolves to 30s"));
    assertThat(r.findings()).noneSatisfy(f -> assertThat(f.fullText()).contains("maxReconciliationInterval resolves to 2m"));
  }

  @Test
  void clientJavaHandlerPeriodMessageSaysTheClientIgnoresIt() {
    AnalysisResult r = FixtureRunner.run(Fixture.of("ShortResyncPeriod"), "ShortResyncPeriod", true);
    Finding builder = r.findings().stream()
        .filter(f -> f.file().getFileName().toString().equals("ClientJavaResync.java") && f.message().contains("30s"))
        .filter(f -> f.message().startsWith("handler resync period"))
        .findFirst().orElseThrow();
    assertThat(builder.fullText()).contains("kubernetes-client/java#2219").contains("informer's period").doesNotContain("InformerGuard")
        .contains("new GuardedInformerFactory(apiClient)").contains("honour each handler's own period");
  }
}
