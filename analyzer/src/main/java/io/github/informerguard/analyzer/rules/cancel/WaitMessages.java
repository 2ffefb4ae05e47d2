package io.github.informerguard.analyzer.rules.cancel;

import io.github.informerguard.analyzer.rules.FindingText;
import io.github.informerguard.analyzer.rules.cancel.UnboundedInformerWait.Waited;

/** The text of UnboundedInformerWait findings: the wait (message), why it can hang and the bounded form (detail). */
final class WaitMessages {

  private static final String GUARD = " informer-guard's GuardedInformer, a drop-in fabric8 SharedIndexInformer,"
      + " reports through health() whether it has synced and when, for readiness checks that never block.";

  private WaitMessages() {}

  static FindingText future(Waited waited, String method) {
    return switch (waited) {
      case START -> new FindingText(
          "start().toCompletableFuture()." + method + "() waits with no timeout for the informer's first list and watch.",
          "fabric8's default exception handler makes one start attempt, so a list or watch that fails ends the"
              + " wait with an exception; but with an exceptionHandler that retries before the first start (JOSDK"
              + " installs one when stopOnInformerErrorDuringStartup is false) or a requestTimeout of 0,"
              + " nothing bounds how long this thread blocks (a startup, readiness or reconcile"
              + " thread hangs instead of failing). Wait with"
              + " get(timeout, unit) or orTimeout(...) (JOSDK waits at most cacheSyncTimeout, 2 minutes by default)"
              + " and stop the informer when it times out." + GUARD);
      case STOPPED -> new FindingText(
          "stopped().toCompletableFuture()." + method + "() waits with no timeout for the informer to stop.",
          "It blocks until another thread stops the informer or an error ends it; if neither happens this thread"
              + " waits forever and cannot be shut down by a deadline. Use get(timeout, unit) or react with"
              + " whenComplete(...) instead of blocking.");
      case FACTORY_START -> new FindingText(
          "startAllRegisteredInformers()." + method + "() waits with no timeout for every registered informer to sync.",
          "The fabric8 factory returns CompletableFuture.allOf(...) over every informer's start(), so one informer"
              + " whose start never completes (an exceptionHandler that retries before the first start, a"
              + " requestTimeout of 0) blocks this thread with no bound. Use get(timeout, unit) and"
              + " stopAllRegisteredInformers() when it times out." + GUARD);
      case CONDITION -> new FindingText(
          "informOnCondition(...)." + method + "() waits with no timeout for the condition to hold.",
          "The future completes only when the condition holds, and the hidden informer behind it keeps watching"
              + " until the future completes or is cancelled, so if the condition never holds this thread blocks"
              + " forever and the informer leaks. Use waitUntilCondition(predicate, amount, unit), which times out"
              + " and cancels, or get(timeout, unit) and cancel(true) on timeout.");
    };
  }

  static FindingText loop(String condition, boolean fabric8) {
    return new FindingText(
        "while (" + condition + ") spins until the sync with no deadline and no exit.",
        "If the informer never syncs (list forbidden by RBAC, API server unreachable, resource not served), this"
            + " thread spins forever instead of failing. Add a deadline (System.nanoTime()) and fail or break when"
            + " it passes, or wait on a bounded future: fabric8 informer.start().toCompletableFuture().get(timeout,"
            + " unit); client-java ControllerBuilder withReadyTimeout(Duration)." + (fabric8 ? GUARD : ""));
  }

  static FindingText skippingLoop(String condition, boolean fabric8) {
    return new FindingText(
        "if (" + condition + ") continue; spins this loop on a busy core until the sync, with no sleep and no deadline.",
        "Until the informer syncs, each pass only re-tests the loop's flags and the poll, so the thread burns a core"
            + " for as long as the first list takes, and forever if it never succeeds (list forbidden by RBAC, API"
            + " server unreachable, resource not served). Wait for the sync once before the loop, bounded (fabric8"
            + " informer.start().toCompletableFuture().get(timeout, unit); client-java ControllerBuilder"
            + " withReadyTimeout(Duration)), or sleep and check a deadline (System.nanoTime()) before continuing."
            + (fabric8 ? GUARD : ""));
  }

  static FindingText respinningLatch(String waiter, String method, String completedBy) {
    return new FindingText(
        waiter + "." + method + "() waits with no timeout for " + completedBy + ", and an interrupt only makes the loop"
            + " wait again, so it spins.",
        "The catch re-sets the interrupt flag and the loop calls " + method + "() again, which throws"
            + " InterruptedException at once while the flag is set: once the thread is interrupted (Ctrl-C, a"
            + " shutdown, a cancelled task) it busy-loops on a core until the signal comes, and if the watch closed"
            + " or the event never arrives, forever. Wait with a timeout (await(timeout, unit)) and leave the loop"
            + " on InterruptedException after re-setting the flag (or rethrow it); release the waiter from the"
            + " watch's onClose too.");
  }

  static FindingText latch(String waiter, String method, String completedBy) {
    return new FindingText(
        waiter + "." + method + "() waits with no timeout for a signal that only " + completedBy + " gives.",
        "Watch and informer callbacks run only while the connection works and the event arrives: if the watch"
            + " closes, the API server is unreachable, RBAC forbids the list or the expected event never comes,"
            + " nothing releases this thread and it hangs forever (a startup, readiness or reconcile thread that"
            + " never fails). Wait with a timeout (await(timeout, unit), get(timeout, unit), join(millis)) and"
            + " treat the timeout as a failure; release the waiter on every end too: in the watch's onClose, on"
            + " every close, and on a DELETED event when it waits for a phase (a deleted object never reaches it and"
            + " its watch stays open).");
  }
}
