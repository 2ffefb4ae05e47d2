package io.github.informerguard.analyzer.rules.cancel;

import io.github.informerguard.analyzer.catalog.LifecycleApis.Library;
import io.github.informerguard.analyzer.rules.cancel.HandleLifecycle.Leak;

/** The text of InformerNeverStopped and WatchNeverClosed findings: what leaks, why it hurts, the fix. */
final class LifecycleMessages {

  static final String GUARD = " informer-guard's InformerGuard.builder(resources).build() gives an AutoCloseable"
      + " GuardedInformer whose idempotent close() stops its watch and releases every thread and socket.";

  private LifecycleMessages() {}

  static String informer(Library library, String started, Leak leak, String owner) {
    String what = switch (leak.fate()) {
      case DISCARDED -> "The informer started by " + started + " is never kept, so nothing can stop it";
      case LOCAL_NEVER_RELEASED -> "Informer '" + leak.holder() + "' is started by " + started
          + " but never stopped or closed, and it does not leave this method";
      case FIELD_NEVER_RELEASED -> "Informer field '" + leak.holder() + "' is started by " + started
          + " but no code of " + owner + " stops or closes it";
      case RELEASED_ONLY_ON_NORMAL_PATH -> "Informer '" + leak.holder() + "' is stopped only on the normal path";
    };
    String why = library == Library.FABRIC8
        ? ": a fabric8 informer keeps its watch open (reconnecting after every drop), its cache in memory and its"
            + " handlers running until stop()/close() or until the KubernetesClient is closed, and every execution"
            + " of this code starts one more."
        : ": client-java informers are not AutoCloseable and run on non-daemon controller, reflector and listener"
            + " threads, so an informer that is never stopped keeps watching, keeps its threads and keeps the JVM"
            + " from exiting; every execution of this code starts one more.";
    String fix = library == Library.FABRIC8
        ? " Keep the SharedIndexInformer and release it: try-with-resources, stop() in finally, or a field"
            + " closed in the component's close()/@PreDestroy."
        : " Keep the informer and call stop() in finally or from the component's close()/@PreDestroy (or register"
            + " it with a SharedInformerFactory and call stopAllRegisteredInformers()).";
    return what + why + fix + GUARD;
  }

  static String factory(Library library, Leak leak, String owner) {
    String name = leak.holder().isEmpty() ? "this SharedInformerFactory" : "SharedInformerFactory '" + leak.holder() + "'";
    String what = switch (leak.fate()) {
      case DISCARDED -> "This SharedInformerFactory is started but never kept, so stopAllRegisteredInformers() can"
          + " never be called on it";
      case FIELD_NEVER_RELEASED -> name + " starts its informers here but no code of " + owner
          + " calls stopAllRegisteredInformers() on it";
      default -> name + " starts its informers here but stopAllRegisteredInformers() is never called on it";
    };
    String why = library == Library.FABRIC8
        ? ": the fabric8 factory is not AutoCloseable, so its informers keep their watches, caches and handlers"
            + " until the KubernetesClient is closed."
        : ": client-java informers run on non-daemon threads and only stopAllRegisteredInformers() stops them and"
            + " shuts the factory's executor down, so the watches keep running and the JVM cannot exit.";
    return what + why + " Call stopAllRegisteredInformers() on the same factory from the component's"
        + " close()/@PreDestroy or a finally block." + GUARD;
  }

  static String freshFactory() {
    return "client.informers() returns a new SharedInformerFactory on every call, so this"
        + " startAllRegisteredInformers() runs on a fresh factory with no registered informers and starts nothing,"
        + " while informers registered through another client.informers() call are never started (and a later"
        + " client.informers().stopAllRegisteredInformers() stops nothing either). Keep one factory: var factory ="
        + " client.informers(); register, start and stopAllRegisteredInformers() on that same object." + GUARD;
  }

  static String watch(Library library, String opened, Leak leak, String owner) {
    String what = switch (leak.fate()) {
      case DISCARDED -> "The watch opened by " + opened + " is never kept, so nothing can close it";
      case LOCAL_NEVER_RELEASED -> "Watch '" + leak.holder() + "' opened by " + opened
          + " is never closed and does not leave this method";
      case FIELD_NEVER_RELEASED -> "Watch field '" + leak.holder() + "' opened by " + opened + " is never closed by "
          + owner;
      case RELEASED_ONLY_ON_NORMAL_PATH -> "Watch '" + leak.holder() + "' opened by " + opened
          + " is closed only on the normal path, not in finally or try-with-resources";
    };
    String why = library == Library.FABRIC8
        ? ": a raw fabric8 watch is not tracked with the client's informers, so stopping informers does not end"
            + " it, and with the default watchReconnectLimit of -1 it reconnects forever until close() or until the"
            + " KubernetesClient is closed, keeping its connection open and its Watcher receiving events."
        : ": a client-java Watch holds an open HTTP call and response body (and its OkHttp connection) until"
            + " close(); an exception thrown while iterating (IOException wrapped in RuntimeException by"
            + " hasNext()/next()) skips a close() on the normal path and leaks the connection.";
    String fix = library == Library.FABRIC8
        ? " Keep the Watch and close it: try-with-resources, close() in finally, or a field closed in the"
            + " component's close()/@PreDestroy. Or use an informer, which re-lists on 410 by itself."
        : " Open it in try-with-resources (try (Watch<T> watch = Watch.createWatch(...)) { ... }) or close it in"
            + " finally. Or use an informer, which re-lists on 410 by itself.";
    return what + why + fix + GUARD;
  }
}
