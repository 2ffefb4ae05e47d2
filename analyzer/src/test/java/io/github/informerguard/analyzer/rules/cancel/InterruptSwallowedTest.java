package io.github.informerguard.analyzer.rules.cancel;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.engine.RuleRegistry;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.policy.PolicyLoader;
import io.github.informerguard.analyzer.testing.Fixture;
import io.github.informerguard.analyzer.testing.FixtureRunner;
import org.junit.jupiter.api.Test;

class InterruptSwallowedTest {

  private static final String ID = "InterruptSwallowed";


  @Test
  void swallowedAndContinuingMessageSaysTheWorkCannotBeStopped() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    var f = CancelFixtures.findingAt(r, ID, "Tasks.java", "InterruptedException wokenEarly");
    assertThat(f.severity()).isEqualTo(Severity.WARNING);
    assertThat(f.message())
        .contains("is caught here and neither re-interrupts the thread nor is rethrown")
        .contains("clears the thread's interrupt status and the code carries on")
        .contains("cannot stop it")
        .contains("Call Thread.currentThread().interrupt()")
        .doesNotContain("callback")
        .doesNotContain("JOSDK");
  }

  @Test
  void returningMessageSaysTheWorkStopsButTheFlagIsLost() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    var f = CancelFixtures.findingAt(r, ID, "PlainCode.java", "InterruptedException | ExecutionException | TimeoutException");
    assertThat(f.message())
        .contains("InterruptedException (in this multi-catch) is caught here and the code returns without"
            + " re-interrupting the thread")
        .contains("this work stops, but catching the exception clears the thread's interrupt status")
        .contains("callers further up the stack and the thread's owner")
        .contains("later blocking calls on this thread are not interrupted")
        .doesNotContain("cannot stop")
        .contains("Call Thread.currentThread().interrupt()");
  }

  @Test
  void wrappingMessageSaysTheExceptionStopsTheWorkButTheFlagIsLost() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    var f = CancelFixtures.findingAt(r, ID, "PlainCode.java", "InterruptedException takeInterrupted");
    assertThat(f.message())
        .contains("is wrapped in another exception here without re-interrupting the thread")
        .contains("the exception stops this work, but catching the exception clears the thread's interrupt status")
        .doesNotContain("cannot stop");
  }

  @Test
  void onlyCallbackMethodsAndTheirPrivateHelpersAreRaised() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    var helper = CancelFixtures.findingAt(r, ID, "Callbacks.java", "InterruptedException inTestHook");
    assertThat(helper.severity()).isEqualTo(Severity.WARNING);
    assertThat(helper.message()).doesNotContain("callback");
    var privateHelper = CancelFixtures.findingAt(r, ID, "Callbacks.java", "InterruptedException paused");
    assertThat(privateHelper.severity()).isEqualTo(Severity.ERROR);
  }

  @Test
  void clientJavaHandlerMessageExplainsTheLeakedListenerThread() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, true);
    assertThat(r.findings()).anySatisfy(f -> assertThat(f.message())
        .contains("is wrapped in another exception here without re-interrupting the thread")
        .contains("client-java ResourceEventHandler")
        .contains("waits up to 1 minute")
        .contains("the thread leaks"));
    assertThat(r.findings()).anySatisfy(f -> assertThat(f.message())
        .contains("fabric8 ResourceEventHandler")
        .contains("shutdownNow()")
        .contains("keeps this handler running past shutdown")
        .contains("Thread.currentThread().interrupt()"));
  }

  @Test
  void callbackSeverityIsOneLevelAboveThePolicySeverity() {
    Policy info = new PolicyLoader(RuleRegistry.builtIn().descriptors())
        .parse("rules:\n  InterruptSwallowed: { severity: info }\n", "test.yaml");
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false, info);
    assertThat(r.findings()).anySatisfy(f -> assertThat(f.severity()).isEqualTo(Severity.WARNING));
    assertThat(r.findings()).anySatisfy(f -> assertThat(f.severity()).isEqualTo(Severity.INFO));
    assertThat(r.findings()).noneSatisfy(f -> assertThat(f.severity()).isEqualTo(Severity.ERROR));
  }
}
