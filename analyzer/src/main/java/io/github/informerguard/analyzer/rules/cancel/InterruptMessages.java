package io.github.informerguard.analyzer.rules.cancel;

import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_RESOURCE_EVENT_HANDLER;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_WATCHER;
import static io.github.informerguard.analyzer.catalog.ApiTypes.K8S_RESOURCE_EVENT_HANDLER;

import java.util.Optional;

/** The text of InterruptSwallowed findings: a one-sentence message and its detail. */
final class InterruptMessages {

  private InterruptMessages() {}

  /** What the code does after catching the interrupt. */
  enum Ending {
    /** Carries on with the work (logs, loops, falls through to more statements). */
    CONTINUES,
    /** Leaves the method (returns, or falls off its end) without re-interrupting. */
    RETURNS,
    /** Breaks out of its loop, and the code after the loop runs, without re-interrupting. */
    BREAKS,
    /** Throws a different exception that wraps or replaces it, without re-interrupting. */
    WRAPPED
  }

  record Text(String message, String detail) {}

  /**
   * @param variable the catch parameter's name
   * @param where the method the catch is in, as {@code poll()} or {@code a lambda in start()}
   * @param wrapper the simple name of the exception thrown instead, for {@link Ending#WRAPPED}
   * @param callback the callback interface the catch runs in, if any
   */
  static Text of(Ending ending, boolean multiCatch, String variable, String where, Optional<String> wrapper,
      Optional<String> callback) {
    String caught = "InterruptedException caught as '" + variable + "'" + (multiCatch ? " (multi-catch)" : "")
        + " in " + where + callback.map(c -> " (" + callbackName(c) + " callback)").orElse("");
    String message = switch (ending) {
      case CONTINUES -> caught + " carries on without re-interrupting the thread or rethrowing";
      case RETURNS -> caught + " returns without re-interrupting the thread";
      case BREAKS -> caught + " leaves the loop without re-interrupting the thread";
      case WRAPPED -> caught + " is rethrown as " + wrapper.orElse("another exception")
          + " without re-interrupting the thread";
    };
    String why = switch (ending) {
      case CONTINUES -> "Catching InterruptedException clears the thread's interrupt status. The interrupt is how"
          + " the thread's owner asks this work to stop (ExecutorService.shutdownNow(), Future.cancel(true),"
          + " Thread.interrupt()); carrying on uses the request up, so the work cannot be stopped, and later"
          + " blocking calls on this thread wait as if nothing had been asked.";
      case BREAKS -> "The loop stops, but catching InterruptedException cleared the thread's interrupt status: the"
          + " code after the loop, callers further up the stack and the thread's owner (an executor's shutdownNow(),"
          + " Future.cancel(true)) cannot see that cancellation was requested, and later blocking calls on this"
          + " thread are not interrupted.";
      case RETURNS, WRAPPED -> "This work stops, but catching InterruptedException cleared the thread's interrupt"
          + " status: callers further up the stack and the thread's owner (an executor's shutdownNow(),"
          + " Future.cancel(true)) cannot see that cancellation was requested, and later blocking calls on this"
          + " thread are not interrupted.";
    };
    String mechanics = callback.map(InterruptMessages::callbackMechanics).orElse("");
    String fix = switch (ending) {
      case WRAPPED -> " Fix: call Thread.currentThread().interrupt() before throwing " + wrapper.orElse("it")
          + ", or let the InterruptedException propagate.";
      case BREAKS -> " Fix: call Thread.currentThread().interrupt() before the break, or let the"
          + " InterruptedException propagate (declare throws InterruptedException).";
      case RETURNS -> " Fix: call Thread.currentThread().interrupt() before returning, or let the"
          + " InterruptedException propagate (declare throws InterruptedException).";
      case CONTINUES -> " Fix: stop the work: call Thread.currentThread().interrupt() and return or throw, or let"
          + " the InterruptedException propagate (declare throws InterruptedException).";
    };
    return new Text(message, why + mechanics + fix);
  }

  private static String callbackName(String type) {
    String simple = type.substring(type.lastIndexOf('.') + 1);
    return library(type) + simple;
  }

  private static String library(String type) {
    return type.startsWith("io.javaoperatorsdk") ? "JOSDK " : type.startsWith("io.fabric8") ? "fabric8 " : "client-java ";
  }

  private static String callbackMechanics(String type) {
    if (type.equals(F8_RESOURCE_EVENT_HANDLER)) {
      return " In a fabric8 ResourceEventHandler this matters at shutdown: the informer's stop() shuts its"
          + " SerialExecutor down with shutdownNow() (fabric8 6.0 and later; 5.x interrupts nothing), which"
          + " interrupts the thread running the handler, so a swallowed interrupt keeps this handler running past"
          + " shutdown.";
    }
    if (type.equals(K8S_RESOURCE_EVENT_HANDLER)) {
      return " In a client-java ResourceEventHandler, stop() interrupts each listener thread and waits up to"
          + " 1 minute; the listener loop exits only on InterruptedException, so after a swallowed interrupt it goes"
          + " back to queue.take(), blocks forever and the thread leaks.";
    }
    if (type.equals(F8_WATCHER)) {
      return " A fabric8 Watcher runs on a thread the client owns (its executor, serialized per watch; in 5.x the"
          + " HTTP client's thread): a callback that swallows the interrupt keeps that thread busy after the watch is"
          + " closed and the client shut down.";
    }
    return " This " + callbackName(type) + " callback runs on the library's threads: a swallowed interrupt hides a"
        + " shutdown request from the rest of the callback and from the thread that runs it.";
  }
}
