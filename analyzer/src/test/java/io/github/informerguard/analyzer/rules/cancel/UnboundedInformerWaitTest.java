package io.github.informerguard.analyzer.rules.cancel;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.testing.Fixture;
import io.github.informerguard.analyzer.testing.FixtureRunner;
import org.junit.jupiter.api.Test;

class UnboundedInformerWaitTest {

  private static final String ID = "UnboundedInformerWait";


  @Test
  void startWaitMessageNamesTheCallAndTheBoundedForm() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, true);
    Finding f = CancelFixtures.findingAt(r, ID, "Fabric8Waits.java", "informer.start().toCompletableFuture().get(); //");
    assertThat(f.fullText())
        .contains("start().toCompletableFuture().get() waits with no timeout")
        .contains("get(timeout, unit)")
        .contains("cacheSyncTimeout");
  }

  @Test
  void informOnConditionMessageRecommendsWaitUntilCondition() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    Finding f = CancelFixtures.findingAt(r, ID, "Fabric8Waits.java", "informOnCondition(pods -> !pods.isEmpty()).get(); //");
    assertThat(f.fullText()).contains("hidden informer").contains("waitUntilCondition(predicate, amount, unit)");
  }

  @Test
  void spinMessageNamesTheInformerAndIsReportedAtTheLoop() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, true);
    Finding f = CancelFixtures.findingAt(r, ID, "ClientJavaWaits.java", "while (!pods.hasSynced() || !configMaps");
    assertThat(f.message()).startsWith("while (!pods.hasSynced() || !configMaps.hasSynced()) spins until the sync with no deadline");
    assertThat(f.detail()).contains("withReadyTimeout").doesNotContain("GuardedInformer");
    assertThat(f.column()).isEqualTo(5);
  }

  @Test
  void skipUntilSyncedMessageNamesTheSkipAndIsReportedAtTheLoop() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    Finding f = CancelFixtures.findingAt(r, ID, "ControllerLoopWaits.java",
        "while (!Thread.currentThread().isInterrupted()) {");
    assertThat(f.message())
        .startsWith("if (!informer.hasSynced()) continue; spins this loop on a busy core until the sync");
    assertThat(f.detail()).contains("re-tests the loop's flags").contains("GuardedInformer");
    assertThat(f.column()).isEqualTo(5);
  }
}
