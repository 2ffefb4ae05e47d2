package io.github.informerguard.analyzer.rules.cancel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.engine.RuleRegistry;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.policy.PolicyException;
import io.github.informerguard.analyzer.policy.PolicyLoader;
import io.github.informerguard.analyzer.testing.Fixture;
import io.github.informerguard.analyzer.testing.FixtureRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InterruptSwallowedTest {

  private static final String ID = "InterruptSwallowed";
  /** Code that uses no client type, and test helpers: reported only with scope all (and testSources report). */
  private static final String ALL_SCOPE = "InterruptSwallowedAllScope";

  private static Policy policy(String yaml) {
    return new PolicyLoader(RuleRegistry.builtIn().descriptors()).parse(yaml, "test.yaml");
  }

  private static final Policy SCOPE_ALL = policy("rules:\n  InterruptSwallowed: { scope: all }\ntestSources: report\n");

  private static Finding findingAt(AnalysisResult r, String folder, String file, String lineText) {
    return CancelFixtures.findingAt(r, folder, file, lineText);
  }

  @Test
  void scopeAllFixtureMatchesItsMarkersInBothModes(@TempDir Path out) throws Exception {
    FixtureRunner.assertCompiles(Fixture.of(ALL_SCOPE), Files.createDirectories(out.resolve("classes")));
    FixtureRunner.verify(ID, Fixture.of(ALL_SCOPE), SCOPE_ALL);
  }

  /**
   * Vert.x 4's {@code executeBlocking(blocking, resultHandler)}: the test classpath has Vert.x 5, which lacks that
   * overload, so the folder is not compiled; both modes type the receiver and agree.
   */
  @Test
  void vertx4ResultHandlerIsNotATaskInBothModes() {
    FixtureRunner.verify(ID, Fixture.of("InterruptSwallowedVertx4"), FixtureRunner.FIXTURE_POLICY);
  }

  @Test
  void defaultScopeReportsNothingInCodeThatUsesNoClientType() {
    assertThat(FixtureRunner.run(Fixture.of(ALL_SCOPE), ID, true, policy("testSources: report\n")).findings())
        .isEmpty();
    assertThat(FixtureRunner.run(Fixture.of(ALL_SCOPE), ID, false, policy("testSources: report\n")).findings())
        .isEmpty();
  }

  @Test
  void scopeAllReportsWhatTheDefaultScopeLeavesOut() {
    for (boolean precise : new boolean[] {true, false}) {
      AnalysisResult all = FixtureRunner.run(Fixture.of(ID), ID, precise, SCOPE_ALL);
      Finding unrelated = findingAt(all, ID, "Unrelated.java", "InterruptedException outOfScope");
      assertThat(unrelated.message()).contains("returns without re-interrupting the thread");
      AnalysisResult byDefault = FixtureRunner.run(Fixture.of(ID), ID, precise);
      assertThat(byDefault.findings()).noneMatch(f -> f.file().endsWith("Unrelated.java"));
      // Classes that reach the client only through the project's wrapper (directly, by a static import, or
      // through another such class) name no client type: out of the default scope, as DESIGN.md words it.
      findingAt(all, ID, "ThroughGateway.java", "InterruptedException throughWrapper");
      findingAt(all, ID, "ThroughStaticImport.java", "InterruptedException throughStaticImport");
      findingAt(all, ID, "TwoHopsAway.java", "InterruptedException twoHops");
      assertThat(byDefault.findings()).noneMatch(f -> f.file().getParent().endsWith("wrapped"));
      // A class that calls the project's holder but handles only the strings it returns uses no client type.
      findingAt(all, ID, "DelaysThenCallsService.java", "InterruptedException onlyProjectValues");
      assertThat(byDefault.findings()).noneMatch(f -> f.file().endsWith("DelaysThenCallsService.java"));
      // One that calls a method on, or passes along, a client-typed value an accessor returns uses one.
      findingAt(byDefault, ID, "WaitsForSync.java", "InterruptedException e");
      findingAt(byDefault, ID, "PassesClientAlong.java", "InterruptedException e");
      findingAt(byDefault, ID, "StartsThroughStaticImport.java", "InterruptedException e");
      assertThat(all.findings()).hasSize(byDefault.findings().size() + 5);
    }
  }

  @Test
  void badScopeValueFailsNamingTheKey() {
    assertThatThrownBy(() -> policy("rules:\n  InterruptSwallowed: { scope: everything }\n"))
        .isInstanceOf(PolicyException.class)
        .hasMessageContaining("'rules.InterruptSwallowed.scope' must be one of kubernetes, all, not \"everything\"");
  }

  @Test
  void carryingOnMessageSaysSoAndTheDetailSaysWhyAndTheFix() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    var f = findingAt(r, ID, "ClientCode.java", "InterruptedException sleepInterrupted");
    assertThat(f.severity()).isEqualTo(Severity.WARNING);
    assertThat(f.message()).isEqualTo("InterruptedException caught as 'sleepInterrupted' in waitForPods() carries on"
        + " without re-interrupting the thread or rethrowing");
    assertThat(f.detail())
        .contains("clears the thread's interrupt status")
        .contains("the work cannot be stopped")
        .contains("Fix: stop the work: call Thread.currentThread().interrupt() and return or throw")
        .doesNotContain("informer")
        .doesNotContain("InformerGuard");
  }

  @Test
  void returningMessageSaysItReturns() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    var f = findingAt(r, ID, "ClientCode.java", "InterruptedException pollInterrupted");
    assertThat(f.message()).isEqualTo(
        "InterruptedException caught as 'pollInterrupted' in awaitEvent() returns without re-interrupting the thread");
    assertThat(f.detail()).contains("This work stops, but catching InterruptedException cleared the thread's"
        + " interrupt status").contains("Fix: call Thread.currentThread().interrupt() before returning");
  }

  @Test
  void aReturnedFailedFutureIsReportedAsReturningInBothModes() {
    for (boolean precise : new boolean[] {true, false}) {
      AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, precise);
      assertThat(findingAt(r, ID, "FailedFutures.java", "InterruptedException lookupFailed").message()).isEqualTo(
          "InterruptedException caught as 'lookupFailed' (multi-catch) in a lambda in cachedName() returns without"
              + " re-interrupting the thread");
      assertThat(findingAt(r, ID, "FailedFutures.java", "InterruptedException stageInterrupted").message())
          .isEqualTo("InterruptedException caught as 'stageInterrupted' in podStage() returns without"
              + " re-interrupting the thread");
    }
  }

  @Test
  void aNegatedInstanceofIsJudgedByTheBranchTheInterruptTakesInBothModes() {
    for (boolean precise : new boolean[] {true, false}) {
      AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, precise);
      assertThat(findingAt(r, ID, "NegatedInstanceof.java", "Exception afterTheIf").message())
          .contains("carries on without re-interrupting the thread or rethrowing");
      assertThat(findingAt(r, ID, "NegatedInstanceof.java", "Exception elseReturns").message())
          .isEqualTo("InterruptedException caught as 'elseReturns' in theElseReturns() returns without"
              + " re-interrupting the thread");
      assertThat(findingAt(r, ID, "NegatedInstanceof.java", "Throwable oneTerm").message())
          .contains("carries on");
      // a branch that falls off the end of the method returns, as a plain catch that does
      assertThat(findingAt(r, ID, "NegatedInstanceof.java", "Exception fallsOff").message())
          .contains("in branchFallsOffTheEnd() returns without re-interrupting the thread");
    }
  }

  @Test
  void breakingMessageSaysItLeavesTheLoop() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, true);
    var f = findingAt(r, ID, "OwnedThreads.java", "InterruptedException breaksThenWorks");
    assertThat(f.message()).isEqualTo("InterruptedException caught as 'breaksThenWorks' in a lambda in"
        + " startBreakingOutThenWorking() leaves the loop without re-interrupting the thread");
    assertThat(f.detail()).contains("the code after the loop").contains("before the break");
  }

  @Test
  void wrappingMessageNamesTheExceptionThrownInstead() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    var f = findingAt(r, ID, "ClientCode.java", "InterruptedException takeInterrupted");
    assertThat(f.message()).isEqualTo("InterruptedException caught as 'takeInterrupted' in takeEvent() is rethrown as"
        + " KubernetesClientException without re-interrupting the thread");
    assertThat(f.detail()).contains("Fix: call Thread.currentThread().interrupt() before throwing"
        + " KubernetesClientException");
  }

  @Test
  void instanceofBranchIsJudgedByWhereTheInterruptGoesInBothModes() {
    for (boolean precise : new boolean[] {false, true}) {
      AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, precise);
      assertThat(findingAt(r, ID, "InstanceofBranches.java", "Exception logged)").message()).isEqualTo(
          "InterruptedException caught as 'logged' in onlyLogsInTheBranch() carries on without re-interrupting"
          + " the thread or rethrowing");
      assertThat(findingAt(r, ID, "InstanceofBranches.java", "Exception wrapped)").message()).isEqualTo(
          "InterruptedException caught as 'wrapped' in wrapsThePatternVariable() is rethrown as"
          + " IllegalStateException without re-interrupting the thread");
      assertThat(findingAt(r, ID, "InstanceofBranches.java", "Exception failed)").message()).isEqualTo(
          "InterruptedException caught as 'failed' in returnsFromTheBranch() returns without re-interrupting"
          + " the thread");
    }
  }

  @Test
  void multiCatchAndLambdaAreNamedInTheMessage() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ALL_SCOPE), ID, false, SCOPE_ALL);
    var multi = findingAt(r, ALL_SCOPE, "PlainCode.java", "InterruptedException | ExecutionException | TimeoutException");
    assertThat(multi.message()).startsWith("InterruptedException caught as 'e' (multi-catch) in multiCatchLogsWithSlf4j()"
        + " returns");
    var lambda = findingAt(r, ALL_SCOPE, "Tasks.java", "InterruptedException wokenEarly");
    assertThat(lambda.message()).startsWith("InterruptedException caught as 'wokenEarly' in a lambda in"
        + " catchFollowedByMoreWork() carries on");
  }

  @Test
  void everyMessageIsOneShortSentence() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, true, SCOPE_ALL);
    assertThat(r.findings()).isNotEmpty().allSatisfy(f -> {
      assertThat(f.message()).hasSizeLessThanOrEqualTo(200).doesNotContain(". ");
      assertThat(f.detail()).isNotEmpty();
    });
  }

  @Test
  void onlyCallbackMethodsAndTheirPrivateHelpersAreRaised() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false);
    var hook = findingAt(r, ID, "Callbacks.java", "InterruptedException inTestHook");
    assertThat(hook.severity()).isEqualTo(Severity.WARNING);
    assertThat(hook.message()).doesNotContain("callback");
    var privateHelper = findingAt(r, ID, "Callbacks.java", "InterruptedException paused");
    assertThat(privateHelper.severity()).isEqualTo(Severity.ERROR);
    assertThat(privateHelper.message()).contains("in pause() (fabric8 ResourceEventHandler callback)");
  }

  @Test
  void callbackDetailsExplainTheLibrarysShutdownMechanics() {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, true);
    assertThat(r.findings()).anySatisfy(f -> {
      assertThat(f.message()).contains("(client-java ResourceEventHandler callback) is rethrown as RuntimeException");
      assertThat(f.detail()).contains("waits up to 1 minute").contains("the thread leaks");
    });
    assertThat(r.findings()).anySatisfy(f -> {
      assertThat(f.message()).contains("(fabric8 ResourceEventHandler callback)");
      assertThat(f.detail()).contains("the informer's stop() shuts its SerialExecutor down with shutdownNow()")
          .contains("keeps this handler running past shutdown");
    });
    assertThat(r.findings()).filteredOn(f -> !f.message().contains("ResourceEventHandler"))
        .allSatisfy(f -> assertThat(f.detail()).doesNotContain("informer's stop()"));
  }

  @Test
  void callbackSeverityIsOneLevelAboveThePolicySeverity() {
    Policy info = policy("rules:\n  InterruptSwallowed: { severity: info }\n");
    AnalysisResult r = FixtureRunner.run(Fixture.of(ID), ID, false, info);
    assertThat(r.findings()).anySatisfy(f -> assertThat(f.severity()).isEqualTo(Severity.WARNING));
    assertThat(r.findings()).anySatisfy(f -> assertThat(f.severity()).isEqualTo(Severity.INFO));
    assertThat(r.findings()).noneSatisfy(f -> assertThat(f.severity()).isEqualTo(Severity.ERROR));
  }
}
