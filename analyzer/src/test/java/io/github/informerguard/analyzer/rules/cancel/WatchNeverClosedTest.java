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
  void clientJavaNormalPathCloseGetsItsOwnMessage() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, true);
    assertThat(CancelFixtures.findingAt(r, ID, "ClientJavaWatches.java", "Watch<V1Pod> watch = Watch.createWatch( // violation").fullText())
        .contains("Watch 'watch' opened by Watch.createWatch(...) is not closed on every path")
        .contains("try (Watch<T> watch = Watch.createWatch(...))");
  }
}
