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
    Finding f = at(r, "Fabric8Leaks.java", "client.pods().inNamespace(\"default\").inform(handler);");
    assertThat(f.message()).isEqualTo("The informer started by inform(...) is never kept, so nothing can stop it.");
    assertThat(f.detail())
        .contains("until its stop()/close() or until the KubernetesClient is closed")
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
    Finding f = at(r, "Fabric8Leaks.java", "client.informers().startAllRegisteredInformers();");
    assertThat(f.message()).contains("runs on a new, empty factory").contains("never start")
        .contains("client.informers().sharedIndexInformerFor(...)");
    assertThat(f.detail()).contains("client.informers() returns a new SharedInformerFactory on every call")
        .contains("starts nothing").doesNotContain("InformerGuard");
  }

  @Test
  void parkedMainMessageSaysTheCloseAfterTheWaitNeverRuns() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    Finding f = at(r, "ParkedMains.java", "factory.startAllRegisteredInformers(); // violation");
    assertThat(f.message()).contains("SharedInformerFactory 'factory' is started in main, which then waits forever");
    assertThat(f.detail()).contains("shutdown hooks").contains("addShutdownHook").contains("stopAllRegisteredInformers()");
    assertThat(at(r, "ParkedMains.java", "client.pods().inform(new Handler()); // violation").message())
        .startsWith("Informer 'pods'");
    assertThat(at(r, "ParkedMains.java", "informers.startAllRegisteredInformers(); // violation").message())
        .startsWith("SharedInformerFactory 'informers' is started in main, which then waits forever");
  }

  @Test
  void clientJavaMessageMentionsNonDaemonThreads() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, true);
    Finding factory = at(r, "ClientJavaLeaks.java", "factory.startAllRegisteredInformers();");
    assertThat(factory.message()).contains("SharedInformerFactory 'factory'");
    assertThat(factory.detail())
        .contains("non-daemon threads")
        .doesNotContain("InformerGuard")
        .contains("stopAllRegisteredInformers()")
        .contains("new GuardedInformerFactory(apiClient)").contains("daemon threads, so a forgotten one");
    Finding informer = at(r, "ClientJavaLeaks.java", "informer.run();");
    assertThat(informer.message()).contains("Informer 'informer'");
    assertThat(informer.detail()).contains("keeps the JVM from exiting").doesNotContain("InformerGuard")
        .contains("new GuardedInformerFactory(apiClient)");
  }

  @Test
  void factoryStoppedOnlyOnTheNormalPathSaysSo() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    assertThat(at(r, "ClientJavaLeaks.java", "podFactory.startAllRegisteredInformers();").message())
        .isEqualTo("SharedInformerFactory 'podFactory' is not stopped on every path: a return or throw before its"
            + " stopAllRegisteredInformers() leaves its informers running.");
  }

  @Test
  void stopOnlyInUncalledShutdownNamesTheMethod() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    Finding f = at(r, "GameManager.java", "informerFactory.startAllRegisteredInformers();");
    assertThat(f.message()).isEqualTo("SharedInformerFactory 'informerFactory' is stopped only in shutdown(), which no"
        + " code in the analyzed sources calls, so nothing ever stops it.");
    assertThat(f.detail()).contains("calls on variables of other types do not count").contains("addShutdownHook");
  }

  @Test
  void overwrittenMapEntryMessageSaysPutReplacesTheRunningInformer() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    Finding f = at(r, "OverwrittenInformers.java", "bySelector.put(selector");
    assertThat(f.message()).contains("is put into map 'bySelector' under a key that an earlier run may already hold")
        .contains("replaces that informer without stopping it");
    assertThat(f.detail()).contains("Optional.ofNullable(map.put(key, informer)).ifPresent(SharedIndexInformer::close)")
        .contains("computeIfAbsent");
  }
}
