package io.github.informerguard.analyzer.rules.cancel;

import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_RESOURCE_EVENT_HANDLER;
import static io.github.informerguard.analyzer.catalog.ApiTypes.K8S_RESOURCE_EVENT_HANDLER;

import java.util.Optional;

/** The text of InterruptSwallowed findings. */
final class InterruptMessages {

  private InterruptMessages() {}

  /** What the code does after catching the interrupt. */
  enum Ending {
    /** Carries on with the work (logs, loops, falls through to more statements). */
    CONTINUES,
    /** Leaves the method (returns, or falls off its end) without re-interrupting. */
    RETURNS,
    /** Throws a different exception that wraps or replaces it, without re-interrupting. */
    WRAPPED
  }

  static String message(Ending ending, boolean multiCatch, Optional<String> callback) {
    String caught = multiCatch ? "InterruptedException (in this multi-catch)" : "InterruptedException";
    String what;
    String why;
    switch (ending) {
      case CONTINUES -> {
        what = caught + " is caught here and neither re-interrupts the thread nor is rethrown";
        why = ": catching it clears the thread's interrupt status and the code carries on, so whoever is cancelling"
            + " this work (an informer's stop(), ExecutorService.shutdownNow(), Future.cancel(true)) cannot stop it:"
            + " the interrupt was the request to stop, and it is used up here.";
      }
      case RETURNS -> {
        what = caught + " is caught here and the code returns without re-interrupting the thread";
        why = lostFlag("this work stops");
      }
      default -> {
        what = caught + " is wrapped in another exception here without re-interrupting the thread";
        why = lostFlag("the exception stops this work");
      }
    }
    String where = callback.map(InterruptMessages::callbackMechanics).orElse("");
    String fix = " Call Thread.currentThread().interrupt() in the catch block before returning or throwing (for"
        + " example: interrupt, then throw new IllegalStateException(e)), or let the InterruptedException"
        + " propagate.";
    return what + why + where + fix;
  }

  private static String lostFlag(String stops) {
    return ": " + stops + ", but catching the exception clears the thread's interrupt status, so callers further up"
        + " the stack and the thread's owner (ExecutorService.shutdownNow(), Future.cancel(true), an informer's"
        + " stop()) cannot see that cancellation was requested, and later blocking calls on this thread are not"
        + " interrupted.";
  }

  private static String callbackMechanics(String type) {
    if (type.equals(F8_RESOURCE_EVENT_HANDLER)) {
      return " This is a fabric8 ResourceEventHandler: the informer's stop() shuts its SerialExecutor down with"
          + " shutdownNow(), which interrupts the thread running the handler, so a swallowed interrupt keeps this"
          + " handler running past shutdown.";
    }
    if (type.equals(K8S_RESOURCE_EVENT_HANDLER)) {
      return " This is a client-java ResourceEventHandler: stop() interrupts each listener thread and waits up to"
          + " 1 minute; the listener loop exits only on InterruptedException, so after a swallowed interrupt it goes"
          + " back to queue.take(), blocks forever and the thread leaks.";
    }
    String simple = type.substring(type.lastIndexOf('.') + 1);
    String library = type.startsWith("io.javaoperatorsdk") ? "JOSDK " : type.startsWith("io.fabric8") ? "fabric8 " : "client-java ";
    return " This is a " + library + simple
        + " callback, run on the library's threads: a swallowed interrupt hides a shutdown request from the rest of"
        + " the callback and from the thread that runs it.";
  }
}
