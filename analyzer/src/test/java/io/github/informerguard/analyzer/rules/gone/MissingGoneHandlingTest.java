package io.github.informerguard.analyzer.rules.gone;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.engine.RuleRegistry;
import io.github.informerguard.analyzer.testing.Fixture;
import io.github.informerguard.analyzer.testing.FixtureRunner;
import java.util.List;
import org.junit.jupiter.api.Test;

class MissingGoneHandlingTest {

  private static final String ID = "MissingGoneHandling";


  @Test
  void isRegisteredAfterStatefulIndexFunction() {
    List<String> ids = RuleRegistry.builtIn().rules().stream().map(r -> r.descriptor().id()).toList();
    assertThat(ids).containsSubsequence("ShortResyncPeriod", "StatefulIndexFunction", ID);
  }

  @Test
  void fabric8FindingIsAtTheOnCloseNameAndExplainsTheMechanics() {
    AnalysisResult r = precise();
    Finding f = r.findings().stream()
        .filter(x -> x.message().contains("client.pods().inNamespace(\"default\").watch(...)")).findFirst().orElseThrow();
    assertThat(f.column()).as("reported at the onClose name").isEqualTo(19);
    assertThat(f.fullText())
        .contains("e.isHttpGone()")
        .contains("410 Gone")
        .contains("does not re-list or re-watch by itself")
        .contains("list() again and watch from the list's resourceVersion")
        .contains("InformerGuard.inform(resources, handler)")
        .contains("RelistBudget");
  }

  @Test
  void errorCaseInEventReceivedIsCalledOutAsNoSubstitute() {
    assertThat(precise().findings()).anySatisfy(f -> assertThat(f.fullText())
        .contains("passed to client.pods().inAnyNamespace().watch(...)")
        .contains("The Action.ERROR case in eventReceived does not cover this"));
  }

  @Test
  void clientJavaFindingIsAtTheCreateWatchCall() {
    AnalysisResult r = precise();
    List<Finding> cj = r.findings().stream().filter(f -> f.file().endsWith("ClientJavaWatches.java")).toList();
    assertThat(cj).hasSize(4);
    assertThat(cj.get(0).fullText())
        .startsWith("Watch.createWatch(api.listNamespacedPod(ns).watch(true).buildCall(null))")
        .contains("ApiException with code 410")
        .contains("ERROR event (object null, status.code 410)")
        .contains("watch from the list's resourceVersion");
  }

  @Test
  void aGoneTestOnlyOnApiExceptionIsToldApartFromNoTestInBothModes() {
    for (boolean precise : new boolean[] {true, false}) {
      List<Finding> cj = FixtureRunner.run(Fixture.of(ID), ID, precise).findings().stream()
          .filter(f -> f.file().endsWith("ClientJavaWatches.java")).toList();
      assertThat(cj).as("precise=%s", precise).filteredOn(f -> f.message().contains("handled only as an ApiException"))
          .singleElement().satisfies(f -> assertThat(f.fullText())
              .contains("HTTP 200")
              .contains("ERROR event (object null, status.code 410)")
              .contains("never throws it as an ApiException"));
    }
  }

  @Test
  void aProjectMethodThatOpensTheWatchIsNamedInTheMessageInBothModes() {
    for (boolean precise : new boolean[] {true, false}) {
      List<Finding> panels = FixtureRunner.run(Fixture.of(ID), ID, precise).findings().stream()
          .filter(f -> f.file().endsWith("PodPanels.java")).toList();
      assertThat(panels).as("precise=%s", precise).hasSize(2)
          .allSatisfy(f -> assertThat(f.message()).contains("passed to feeds.followPods(...)"));
    }
  }

  private static AnalysisResult precise() {
    return FixtureRunner.run(Fixture.of(ID), ID, true);
  }
}
