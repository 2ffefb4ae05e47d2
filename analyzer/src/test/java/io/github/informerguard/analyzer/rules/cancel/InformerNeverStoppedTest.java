package io.github.informerguard.analyzer.rules.cancel;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.testing.Fixture;
import io.github.informerguard.analyzer.testing.FixtureRunner;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
  void mainThatReturnsMessageSaysNothingStopsItInBothModes() {
    for (boolean precise : new boolean[] {true, false}) {
      AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, precise);
      assertThat(at(r, "MainsThatReturn.java", "client.configMaps().inform(new LoggingHandler<>()); // violation").message())
          .isEqualTo("The informer started by inform(...) is started in main and nothing stops it: no stop or close,"
              + " and no shutdown hook.");
      assertThat(at(r, "MainsThatReturn.java", ".inform(new LoggingHandler<>(), 600_000L); // violation").message())
          .startsWith("Informer 'pods' is started in main and nothing stops it");
      Finding factory = at(r, "MainHookStopsNothing.java", "factory.startAllRegisteredInformers();");
      assertThat(factory.message()).startsWith("SharedInformerFactory 'factory' is started in main and nothing stops it");
      assertThat(factory.detail()).contains("SIGTERM").contains("addShutdownHook").contains("stopAllRegisteredInformers()");
    }
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

  @Test
  void freshFactoryStopMessageSaysTheStopRunsOnANewFactory() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    Finding f = at(r, "FreshFactoryStops.java", "getInformers().startAllRegisteredInformers(); // violation");
    assertThat(f.message()).isEqualTo("The SharedInformerFactory from getInformers() starts its informers here, but"
        + " this class's only stopAllRegisteredInformers() (line 31) runs on a new, empty factory from"
        + " client.informers(), so nothing stops it.");
    assertThat(f.detail()).contains("before fabric8 6.10").contains("InformerGuard.builder(resources).build()");
  }

  @Test
  void discardedManagerMessageSaysShutdownCanNeverBeCalled() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, true);
    Finding f = at(r, "RunManagers.java", "return args -> builder.build().run();");
    assertThat(f.message()).contains("ControllerManager built here is run but never kept")
        .contains("its shutdown(), which stops the informers of its SharedInformerFactory, can never be called");
    assertThat(f.detail()).contains("Spring infers its public shutdown() as the destroy method");
  }

  @Test
  void conditionFutureMessageSaysATimeOutLeavesTheInformerRunning() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    Finding f = at(r, "ConditionWaits.java", "informOnCondition(List::isEmpty); // violation");
    assertThat(f.message()).isEqualTo("Future 'ready' of informOnCondition(...) is waited on with a timed get(..) and"
        + " never cancelled, so when the wait times out the informer it started keeps running.");
    assertThat(f.detail()).contains("future.cancel(true)").contains("waitUntilCondition(predicate, amount, unit)");
  }

  /**
   * A source set of its own, outside fixtures/: what it shows depends on every file of the analysis,
   * so it cannot share a tree with the other rules' fixtures (which name factory stops).
   */
  private static Fixture sourceSet(String name) {
    try {
      Path dir = Path.of(InformerNeverStoppedTest.class.getClassLoader().getResource("sourcesets/" + name).toURI());
      try (java.util.stream.Stream<Path> s = java.nio.file.Files.walk(dir)) {
        return new Fixture(dir, s.filter(p -> p.toString().endsWith(".java")).sorted().toList());
      }
    } catch (java.net.URISyntaxException | java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Sources that never name a factory stop: a factory handed to a runner or out through a getter is never stopped. */
  @Test
  void factoriesOfSourcesThatNeverStopOneAreReportedInBothModes(@TempDir Path out) {
    Fixture fixture = sourceSet(ID + "Unstopped");
    FixtureRunner.assertCompiles(fixture, out);
    AnalysisResult r = FixtureRunner.verify(ID, fixture, FixtureRunner.FIXTURE_POLICY);
    Path runner = fixture.files().stream().filter(f -> f.endsWith("ControllerRunner.java")).findFirst().orElseThrow();
    int line = CancelFixtures.lineOf(runner, "informerFactory.startAllRegisteredInformers();");
    assertThat(r.findings()).filteredOn(f -> f.file().endsWith("ControllerRunner.java") && f.line() == line)
        .singleElement().extracting(Finding::message)
        .isEqualTo("SharedInformerFactory 'informerFactory' starts its informers here, and no source file calls"
            + " stopAllRegisteredInformers() or runs a ControllerManager, so nothing ever stops them.");
  }

  /** The same sources with a destroy method named as text in another file: nothing reported. */
  @Test
  void aStopNamedAnywhereInTheSourcesWithholdsTheFinding(@TempDir Path out) throws java.io.IOException {
    Path sources = out.resolve("sources");
    java.util.List<Path> files = new java.util.ArrayList<>();
    for (Fixture part : java.util.List.of(sourceSet(ID + "Unstopped"), sourceSet(ID + "StoppedByName"))) {
      for (Path f : part.files()) {
        Path copy = sources.resolve(part.directory().relativize(f).toString());
        java.nio.file.Files.createDirectories(copy.getParent());
        files.add(java.nio.file.Files.copy(f, copy));
      }
    }
    Fixture fixture = new Fixture(sources, files);
    FixtureRunner.assertCompiles(fixture, java.nio.file.Files.createDirectories(out.resolve("classes")));
    for (boolean precise : new boolean[] {true, false}) {
      assertThat(FixtureRunner.run(fixture, ID, precise).findings()).as("precise=%s", precise).isEmpty();
    }
  }
}
