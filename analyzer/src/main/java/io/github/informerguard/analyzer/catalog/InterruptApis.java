package io.github.informerguard.analyzer.catalog;

import java.util.List;
import java.util.Set;

/** What InterruptSwallowed needs to know besides the callback types (CallbackApis). */
public final class InterruptApis {

  /**
   * No-argument releases a task runs on its way out (close a watch or stream, shut a pool down, count
   * a latch down): they neither wait nor start new work, so a catch that falls through to them ends the task.
   */
  public static final Set<String> CLEANUP_CALLS = Set.of("close", "stop", "shutdown", "shutdownNow", "countDown",
      "disconnect", "cancel", "unlock");


  private InterruptApis() {}

  /**
   * Packages of the three client libraries: a class that names a type from one of them has to do
   * with Kubernetes, which is what the rule's default {@code scope: kubernetes} reports in.
   */
  public static final List<String> CLIENT_PACKAGES = List.of(
      "io.fabric8.kubernetes.", "io.fabric8.openshift.", "io.kubernetes.client.", "io.javaoperatorsdk.");

  /**
   * The pseudo line of APIs of the JDK itself: the API model holds only the client jars, so
   * {@code CatalogMatchersTest} checks these matchers by reflection against the running JDK.
   */
  public static final String JDK = "jdk";

  /**
   * The pseudo line of test-framework APIs: {@code CatalogMatchersTest} checks them by reflection
   * where the framework is on the analyzer's test classpath (JUnit 5, AssertJ), and otherwise only
   * that their owner is one of {@link #FAIL_OWNERS}.
   */
  public static final String TEST_FRAMEWORK = "test-framework";

  /** {@code Thread.interrupt()}: sets the interrupt status again. */
  public static final CallMatcher THREAD_INTERRUPT = CallMatcher.instanceMethod().onDescendantOf(CancellationTypes.THREAD)
      .named("interrupt").withParameters().inLines(JDK).build();

  /**
   * {@code ExecutorService.shutdownNow()}: interrupts the pool's running tasks, as {@code Thread.interrupt()}
   * does a thread's (the JDK's pools do so; the interface's documentation says "typical implementations").
   */
  public static final CallMatcher EXECUTOR_SHUTDOWN_NOW = CallMatcher.instanceMethod()
      .onDescendantOf(CancellationTypes.EXECUTOR_SERVICE).named("shutdownNow").withParameters().inLines(JDK).build();

  /**
   * {@code CompletableFuture.failedFuture(Throwable)} and {@code failedStage(Throwable)} (JDK 9 on): they only
   * build a future that is already completed with the exception; they neither throw it nor re-interrupt.
   */
  public static final CallMatcher FAILED_FUTURE = CallMatcher.staticMethod().onClass(CancellationTypes.COMPLETABLE_FUTURE)
      .named("failedFuture", "failedStage").withParameters("java.lang.Throwable").inLines(JDK).build();

  /**
   * Exceptions the JDK defines to report that a blocking operation was interrupted (blocking I/O
   * code throws them in place of InterruptedException); throwing one passes the interrupt on.
   */
  public static final Set<String> JDK_INTERRUPTION_EXCEPTIONS =
      Set.of("java.io.InterruptedIOException", "java.nio.channels.ClosedByInterruptException");

  /** Test-framework classes whose {@code fail(...)} always throws (an AssertionError or TestNG's). */
  public static final Set<String> FAIL_OWNERS = Set.of(
      "org.junit.jupiter.api.Assertions",
      "org.junit.Assert",
      "junit.framework.Assert",
      "junit.framework.TestCase",
      "org.assertj.core.api.Assertions",
      "org.assertj.core.api.Fail",
      "org.testng.Assert",
      "org.testng.AssertJUnit");

  private static CallMatcher.Builder fail(String owner) {
    return CallMatcher.staticMethod().onClass(owner).inLines(TEST_FRAMEWORK);
  }

  /**
   * The static methods of {@link #FAIL_OWNERS} that never return normally: {@code fail(...)} in
   * each framework's overloads, AssertJ's varargs {@code fail(String, Object...)} at any count.
   */
  public static final List<CallMatcher> FAILS = List.of(
      fail("org.junit.jupiter.api.Assertions").named("fail").withArities(0, 1, 2).build(),
      fail("org.junit.Assert").named("fail").withArities(0, 1).build(),
      fail("junit.framework.Assert").named("fail").withArities(0, 1).build(),
      fail("junit.framework.TestCase").named("fail").withArities(0, 1).build(),
      fail("org.assertj.core.api.Assertions").named("fail").withArities(0).withVarargsAfter(1).build(),
      fail("org.assertj.core.api.Assertions").named("failBecauseExceptionWasNotThrown").withArities(1).build(),
      fail("org.assertj.core.api.Fail").named("fail").withArities(0).withVarargsAfter(1).build(),
      fail("org.assertj.core.api.Fail").named("failBecauseExceptionWasNotThrown").withArities(1).build(),
      fail("org.testng.Assert").named("fail").withArities(0, 1, 2).build(),
      fail("org.testng.AssertJUnit").named("fail").withArities(0, 1).build());

  /** Whether {@code owner.name(...)} with {@code argumentCount} arguments is one of {@link #FAILS}. */
  public static boolean isFail(String owner, String name, int argumentCount) {
    return FAILS.stream().anyMatch(m -> m.owners().contains(owner) && m.matchesShape(name, argumentCount));
  }

  /** Whether some {@link #FAILS} matcher has the name and argument count (the cheap test before any type question). */
  public static boolean mayBeFail(String name, int argumentCount) {
    return FAILS.stream().anyMatch(m -> m.matchesShape(name, argumentCount));
  }
}
