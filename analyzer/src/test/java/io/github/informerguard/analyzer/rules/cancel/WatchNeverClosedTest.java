package io.github.informerguard.analyzer.rules.cancel;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.testing.Fixture;
import io.github.informerguard.analyzer.testing.FixtureRunner;
import org.junit.jupiter.api.Test;

class WatchNeverClosedTest {

  private static final String ID = "WatchNeverClosed";


  @Test
  void fabric8MessageExplainsEndlessReconnects() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, true);
    assertThat(CancelFixtures.findingAt(r, ID, "Fabric8Watches.java", "inNamespace(\"default\").watch(watcher);").fullText())
        .contains("never kept")
        .contains("watchReconnectLimit of -1")
        .contains("is not one of the client's informers")
        .contains("try-with-resources");
  }

  @Test
  void fieldMessageNamesFieldAndClass() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    assertThat(CancelFixtures.findingAt(r, ID, "Fabric8Watches.java", "leakedField = client.pods()").fullText())
        .contains("Watch field 'leakedField'")
        .contains("never closed by Fabric8Watches");
  }

  @Test
  void factoryWhoseCallerKeepsTheWatchInALocalNamesTheLocal() {
    for (boolean precise : new boolean[] {true, false}) {
      AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, precise);
      assertThat(CancelFixtures.findingAt(r, ID, "CallerKeptWatches.java", "api.listNamespacedSecret(namespace).watch(true) // violation")
          .message())
          .isEqualTo("The watch opened by Watch.createWatch(...) is returned to openSecrets() at line 31, which keeps it"
              + " in local 'stream' and never closes it, so nothing can close it.");
    }
  }

  @Test
  void clientJavaNormalPathCloseGetsItsOwnMessage() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, true);
    assertThat(CancelFixtures.findingAt(r, ID, "ClientJavaWatches.java", "Watch<V1Pod> watch = Watch.createWatch( // violation").fullText())
        .contains("Watch 'watch' opened by Watch.createWatch(...) is not closed on every path")
        .contains("try (Watch<T> watch = Watch.createWatch(...))");
  }

  @Test
  void closeAfterAnInterruptibleWaitNamesTheWait() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    assertThat(CancelFixtures.findingAt(r, ID, "InterruptedCloses.java", "withName(\"runner\").watch(watcher);").fullText())
        .contains("Watch 'watch' opened by watch(...) is closed only after ready.await()")
        .contains("an interrupt while it waits skips the close")
        .contains("InterruptedException from ready.await() leaves the method before watch.close() runs")
        .contains("watchReconnectLimit of -1");
  }

  @Test
  void perObjectWatchSaysOnlyTheClientCloseEndsIt() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, true);
    assertThat(CancelFixtures.findingAt(r, ID, "AgentWatches.java", "inNamespace(\"runs\").withName(podName).watch(watcher);").fullText())
        .contains("The watch of the one object 'podName' opened by watch(...) is never kept")
        .contains("only closing the client of AgentWatches ends it")
        .contains("close it where that object is stopped");
  }

  @Test
  void closeInsideItsOwnLoopIsNamed() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    assertThat(CancelFixtures.findingAt(r, ID, "LoopClosedWatches.java", "secrets = Watch.createWatch(client, // violation").fullText())
        .contains("Watch 'secrets' opened by Watch.createWatch(...) is closed only inside its own event loop")
        .contains("a stream that fails or ends leaves it open")
        .contains("secrets.close() never runs");
  }

  @Test
  void factoryDroppedByACallerInAnotherFileNamesThatCaller() {
    for (boolean precise : new boolean[] {true, false}) {
      AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, precise);
      assertThat(CancelFixtures.findingAt(r, ID, "NodeEvents.java", "return client.nodes().watch(watcher);").message())
          .isEqualTo("The watch opened by watch(...) is returned to open() in SourceBootstrap at line 19, which drops it,"
              + " so nothing can close it.");
      assertThat(CancelFixtures.findingAt(r, ID, "ServiceStreams.java", "api.listNamespacedService(namespace)").message())
          .contains("is returned to services() in ServiceFollower at line 19, which keeps it in local 'events'");
    }
  }
}
