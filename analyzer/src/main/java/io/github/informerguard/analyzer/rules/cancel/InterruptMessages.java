package io.github.informerguard.analyzer.rules.cancel;

import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_RESOURCE_EVENT_HANDLER;
import static io.github.informerguard.analyzer.catalog.ApiTypes.K8S_RESOURCE_EVENT_HANDLER;

import java.util.Optional;

/** The text of InterruptSwallowed findings. */
final class InterruptMessages {

  private InterruptMessages() {}

  static String message(boolean wrapped, boolean multiCatch, Optional<String> callback) {
    String caught = multiCatch ? "InterruptedException (in this multi-catch)" : "InterruptedException";
    String what = wrapped
        ? caught + " is wrapped in another exception here without re-interrupting the thread"
        : caught + " is caught here and neither re-interrupts the thread nor is rethrown";
    String why = ": catching it clears the thread's interrupt status, so whoever is cancelling this work"
        + " (an informer's stop(), ExecutorService.shutdownNow(), Future.cancel(true)) can no longer stop the thread.";
    String where = callback.map(InterruptMessages::callbackMechanics).orElse("");
    String fix = " Call Thread.currentThread().interrupt() in the catch block before returning or throwing (as"
        + " JOSDK does: interrupt, then throw new IllegalStateException(e)), or let the InterruptedException"
        + " propagate.";
    return what + why + where + fix;
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
