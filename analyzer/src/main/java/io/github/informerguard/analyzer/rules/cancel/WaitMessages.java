package io.github.informerguard.analyzer.rules.cancel;

import io.github.informerguard.analyzer.rules.cancel.UnboundedInformerWait.Waited;

/** The text of UnboundedInformerWait findings. */
final class WaitMessages {

  private static final String GUARD = " informer-guard's GuardedInformer.health() reports whether the informer has"
      + " synced and when, for readiness checks that never block.";

  private WaitMessages() {}

  static String future(Waited waited, String method) {
    return switch (waited) {
      case START -> "start()." + "toCompletableFuture()." + method + "() waits with no timeout for the informer's first"
          + " list and watch: while the API server is unreachable, the list is slow or it keeps failing, nothing"
          + " bounds how long this thread blocks (a startup, readiness or reconcile thread hangs instead of"
          + " failing). Wait with get(timeout, unit) or orTimeout(...) (JOSDK waits at most cacheSyncTimeout, 2"
          + " minutes by default) and stop the informer when it times out." + GUARD;
      case STOPPED -> "stopped().toCompletableFuture()." + method + "() with no timeout blocks until another thread"
          + " stops the informer or an error ends it; if neither happens this thread waits forever and cannot be"
          + " shut down by a deadline. Use get(timeout, unit) or react with whenComplete(...) instead of blocking.";
      case FACTORY_START -> "startAllRegisteredInformers().get() with no timeout: the fabric8 factory returns"
          + " CompletableFuture.allOf(...) over every informer's start(), so one informer whose first list never"
          + " succeeds blocks this thread with no bound. Use get(timeout, unit) and stopAllRegisteredInformers()"
          + " when it times out." + GUARD;
      case CONDITION -> "informOnCondition(...)." + method + "() with no timeout: the future completes only when the"
          + " condition holds, and the hidden informer behind it keeps watching until the future completes or is"
          + " cancelled, so if the condition never holds this thread blocks forever and the informer leaks. Use"
          + " waitUntilCondition(predicate, amount, unit), which times out and cancels, or get(timeout, unit) and"
          + " cancel(true) on timeout.";
    };
  }

  static String loop(String informer) {
    return "while (!" + informer + ".hasSynced()) has no deadline and no exit: if the informer never syncs (list"
        + " forbidden by RBAC, API server unreachable, resource not served), this thread spins forever instead of"
        + " failing. Add a deadline (System.nanoTime()) and fail or break when it passes, or wait on a bounded"
        + " future: fabric8 informer.start().toCompletableFuture().get(timeout, unit); client-java"
        + " ControllerBuilder withReadyTimeout(Duration)." + GUARD;
  }
}
