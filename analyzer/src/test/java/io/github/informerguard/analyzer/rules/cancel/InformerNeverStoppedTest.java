package io.github.informerguard.analyzer.rules.cancel;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.testing.Fixture;
import io.github.informerguard.analyzer.testing.FixtureRunner;
import org.junit.jupiter.api.Test;

class InformerNeverStoppedTest {

  private static final String ID = "InformerNeverStopped";


  private static Finding at(AnalysisResult r, String file, String lineText) {
    return CancelFixtures.findingAt(r, ID, file, lineText);
  }

  @Test
  void discardedFabric8InformerMessageExplainsTheLeakAndTheFix() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, true);
    assertThat(at(r, "Fabric8Leaks.java", "client.pods().inNamespace(\"default\").inform(handler);").message())
        .contains("started by inform(...) is never kept")
        .contains("until stop()/close() or until the KubernetesClient is closed")
        .contains("try-with-resources")
        .contains("InformerGuard.builder(resources).build()");
  }

  @Test
  void fieldMessageNamesTheFieldAndTheClass() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, true);
    assertThat(at(r, "Fabric8Leaks.java", "configMaps = client.configMaps().inform();").message())
        .contains("Informer field 'configMaps'")
        .contains("no code of Fabric8Leaks stops or closes it");
  }

  @Test
  void freshFactoryTrapSaysInformersReturnsANewFactoryEachCall() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    assertThat(at(r, "Fabric8Leaks.java", "client.informers().startAllRegisteredInformers();").message())
        .contains("client.informers() returns a new SharedInformerFactory on every call")
        .contains("starts nothing");
  }

  @Test
  void clientJavaMessageMentionsNonDaemonThreads() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, true);
    assertThat(at(r, "ClientJavaLeaks.java", "factory.startAllRegisteredInformers();").message())
        .contains("SharedInformerFactory 'factory'")
        .contains("non-daemon threads")
        .contains("stopAllRegisteredInformers()");
    assertThat(at(r, "ClientJavaLeaks.java", "informer.run();").message())
        .contains("Informer 'informer'")
        .contains("keeps the JVM from exiting");
  }
}
