package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.VariableDeclarator;
import io.github.informerguard.analyzer.catalog.LifecycleApis.Library;
import io.github.informerguard.analyzer.rules.ClientJavaGuard;
import io.github.informerguard.analyzer.rules.FindingText;
import io.github.informerguard.analyzer.rules.cancel.HandleLifecycle.Leak;

/**
 * The text of InformerNeverStopped and WatchNeverClosed findings: what leaks (message), why it
 * hurts and the fix (detail). The runtime guard is recommended where it is a drop-in for the code at
 * hand: InformerGuard for fabric8, GuardedInformerFactory for client-java.
 */
final class LifecycleMessages {

  static final String INFORMER_GUARD = " informer-guard's InformerGuard.builder(resources).build() is a drop-in"
      + " SharedIndexInformer that is AutoCloseable: its idempotent close() stops its watch and releases every"
      + " thread and socket.";

  private static final String WATCH_GUARD = " Where the watch only feeds a cache or a handler, informer-guard's"
      + " InformerGuard.inform(resources, handler) replaces it with an informer that re-lists on 410 and whose"
      + " close() ends it.";

  /** What the client-java guard changes for an informer or factory that is never stopped. */
  static final String FACTORY_GUARD = ClientJavaGuard.recommend("its informers run on daemon threads, so a"
      + " forgotten one no longer keeps the JVM alive, and its stopAllRegisteredInformers() is idempotent and"
      + " returns in bounded time even when a handler does not, so still call it");

  private static final String CLIENT_JAVA_WATCH_GUARD = ClientJavaGuard.recommend("where the watch only feeds a"
      + " cache or a handler, an informer from it replaces the loop: it re-lists on 410 with jittered backoff and"
      + " stops with the factory");

  private LifecycleMessages() {}

  static FindingText informer(Library library, String started, Leak leak, String owner) {
    String message = switch (leak.fate()) {
      case DISCARDED -> "The informer started by " + started + " is never kept, so nothing can stop it.";
      case LOCAL_NEVER_RELEASED -> "Informer '" + leak.holder() + "' is started by " + started
          + " but never stopped or closed, and it does not leave this method.";
      case FIELD_NEVER_RELEASED -> "Informer field '" + leak.holder() + "' is started by " + started
          + " but no code of " + owner + " stops or closes it.";
      case RELEASED_ONLY_ON_NORMAL_PATH -> "Informer '" + leak.holder()
          + "' is not stopped on every path (no finally or try-with-resources).";
      case REPLACED_WHILE_RUNNING -> "Informer field '" + leak.holder() + "' is started by " + started
          + " again while the informer it held is never stopped.";
      case COLLECTED_NEVER_RELEASED -> "The informer started by " + started + " goes into collection '"
          + leak.holder() + "', whose elements no code of " + owner + " stops.";
      case DISCARDED_BY_CALLER -> "The informer started by " + started + " is returned to " + leak.holder()
          + ", which " + callerFate(leak, "stops") + ", so nothing can stop it.";
      case WRAPPED_NEVER_RELEASED -> "The informer started by " + started + " is handed to " + wrapperOf(leak)
          + ", which keeps it in field '" + fieldOf(leak) + "' and never stops it.";
    };
    String why = library == Library.FABRIC8
        ? "A fabric8 informer keeps its watch open (reconnecting after every drop), its cache in memory and its"
            + " handlers running until its stop()/close() or until the KubernetesClient is closed, and every"
            + " execution of this code starts one more."
        : "client-java informers are not AutoCloseable and run on non-daemon controller, reflector and listener"
            + " threads, so an informer that is never stopped keeps watching, keeps its threads and keeps the JVM"
            + " from exiting; every execution of this code starts one more.";
    String fix = library == Library.FABRIC8
        ? " Keep the SharedIndexInformer and release it: try-with-resources, stop() in finally, or a field"
            + " closed by the component's lifecycle (close(), @PreDestroy, DisposableBean.destroy(), a"
            + " SmartLifecycle stop())." + INFORMER_GUARD
        : " Keep the informer and call its stop() in finally or from the component's lifecycle (close(),"
            + " @PreDestroy, DisposableBean.destroy()), or register it with a SharedInformerFactory and call"
            + " stopAllRegisteredInformers()." + FACTORY_GUARD;
    return new FindingText(message, why + fix);
  }

  /** An informer put into a map under a key an earlier run may hold: put(..) replaces the running one. */
  static FindingText informerOverwritten(Library library, String started, String map) {
    String runs = library == Library.FABRIC8
        ? "A fabric8 informer keeps its watch open, its cache in memory and its handlers running until its close()."
        : "A client-java informer keeps watching on its non-daemon threads until its stop().";
    String stop = library == Library.FABRIC8 ? "SharedIndexInformer::close" : "SharedIndexInformer::stop";
    return new FindingText("The informer started by " + started + " is put into map '" + map + "' under a key that"
        + " an earlier run may already hold, and put(..) replaces that informer without stopping it.",
        runs + " Each repeat for the same key (a second subscriber, a re-subscribe) leaves the previous informer"
            + " running where no code can reach it, handling events for a listener that was replaced; stopping what"
            + " the map holds at shutdown stops only the last one. Stop the value put(..) returns"
            + " (Optional.ofNullable(map.put(key, informer)).ifPresent(" + stop + ")), start one per key only"
            + " (computeIfAbsent), or remove and stop the old entry first."
            + (library == Library.FABRIC8 ? INFORMER_GUARD : FACTORY_GUARD));
  }

  /** A field stopped only in methods that nothing calls ({@code what}: "SharedInformerFactory 'f'", "Informer field 'f'"). */
  static FindingText stoppedOnlyInUncalledCode(Library library, String what, String methods) {
    String stop = what.startsWith("SharedInformerFactory") ? "stopAllRegisteredInformers()" : "stop()";
    String runs = library == Library.FABRIC8
        ? "Its informers keep their watches, caches and handlers running until the KubernetesClient happens to be"
            + " closed,"
        : "Its informers keep watching on non-daemon threads, which keep the JVM from exiting,";
    return new FindingText(what + " is stopped only in " + methods + ", which no code in the analyzed sources calls,"
        + " so nothing ever stops it.",
        "No source file calls " + methods + " (calls on variables of other types do not count), and it is no"
            + " lifecycle method a container or JVM shutdown hook runs. " + runs + " and keep handling events while"
            + " the process shuts down. Call " + methods + " from where the owner's life ends: a"
            + " Runtime.getRuntime().addShutdownHook(new Thread(owner::shutdown)) next to the start, @PreDestroy,"
            + " DisposableBean.destroy() or close() of a managed component, or call " + stop + " in a finally block."
            + (library == Library.FABRIC8 ? INFORMER_GUARD : FACTORY_GUARD));
  }

  /** {@code Wrapper.field}: the project class that holds the handle. */
  /** What the first dropping caller does with the handle: drops it, or keeps it in a local it never releases. */
  private static String callerFate(Leak leak, String releases) {
    return leak.droppedAt().stream().findFirst().flatMap(Node::getParentNode)
        .filter(VariableDeclarator.class::isInstance).map(VariableDeclarator.class::cast)
        .map(d -> "keeps it in local '" + d.getNameAsString() + "' and never " + releases + " it")
        .orElse("drops it");
  }

  private static String wrapperOf(Leak leak) {
    int dot = leak.holder().lastIndexOf('.');
    return dot < 0 ? leak.holder() : leak.holder().substring(0, dot);
  }

  private static String fieldOf(Leak leak) {
    return leak.holder().substring(leak.holder().lastIndexOf('.') + 1);
  }

  static FindingText factory(Library library, Leak leak, String owner) {
    String name = leak.holder().isEmpty() ? "This SharedInformerFactory" : "SharedInformerFactory '" + leak.holder() + "'";
    String message = switch (leak.fate()) {
      case DISCARDED -> "This SharedInformerFactory is started but never kept, so stopAllRegisteredInformers()"
          + " can never be called on it.";
      case FIELD_NEVER_RELEASED -> name + " starts its informers here but no code of " + owner
          + " calls stopAllRegisteredInformers() on it.";
      case RELEASED_ONLY_ON_NORMAL_PATH -> name + " is not stopped on every path: a return or throw before its"
          + " stopAllRegisteredInformers() leaves its informers running.";
      default -> name + " starts its informers here but stopAllRegisteredInformers() is never called on it.";
    };
    String why = library == Library.FABRIC8
        ? "The fabric8 factory is not AutoCloseable, so its informers keep their watches, caches and handlers"
            + " until the KubernetesClient is closed."
        : "client-java informers run on non-daemon threads and only stopAllRegisteredInformers() stops them and"
            + " shuts the factory's executor down, so the watches keep running and the JVM cannot exit.";
    String fix = " Call stopAllRegisteredInformers() on the same factory from the component's lifecycle (close(),"
        + " @PreDestroy, DisposableBean.destroy()) or a finally block.";
    return new FindingText(message, why + fix + (library == Library.FABRIC8 ? INFORMER_GUARD : FACTORY_GUARD));
  }

  /** A factory kept in a record that a collection field holds, started through it, never stopped. */
  static FindingText factoryHeldInCollection(Library library, RecordHeldFactories.Held held, String owner) {
    FindingText plain = factory(library, new Leak(HandleLifecycle.Fate.COLLECTED_NEVER_RELEASED, held.collection()), owner);
    return new FindingText("The SharedInformerFactory in " + held.record() + "." + held.component() + " of '"
        + held.collection() + "' starts its informers here, but no code of " + owner
        + " calls stopAllRegisteredInformers() on it.", plain.detail());
  }

  static FindingText factoryStartedByHook(Library library, String holder, String hook) {
    String why = library == Library.FABRIC8
        ? "Startup code runs once and leaves the factory running, and this code has no shutdown path that stops"
            + " it: the fabric8 factory is not AutoCloseable, so its informers keep their watches, caches and"
            + " handlers until the KubernetesClient happens to be closed, and keep handling events while the"
            + " application shuts down (against components already destroyed)."
        : "Startup code runs once and leaves the factory running; the container does not stop it on shutdown,"
            + " because client-java's SharedInformerFactory has no close() or shutdown() for Spring to infer as a"
            + " destroy method. Its informers run on non-daemon threads, so they keep watching and handling events"
            + " while the application context shuts down (against beans already destroyed) and keep a JVM whose"
            + " context was closed from exiting.";
    return new FindingText(
        "SharedInformerFactory '" + holder + "' is started from " + hook + " and nothing stops it: this file never"
            + " calls stopAllRegisteredInformers().",
        why + " Stop it where it is owned: @Bean(destroyMethod = \"stopAllRegisteredInformers\"), a @PreDestroy,"
            + " DisposableBean.destroy() or @Observes ShutdownEvent method that calls stopAllRegisteredInformers(),"
            + " or a SmartLifecycle whose stop() does." + (library == Library.FABRIC8 ? INFORMER_GUARD : FACTORY_GUARD));
  }

  /**
   * Something started in a main that then waits forever: {@code what} names it ("SharedInformerFactory
   * 'factory'", "Informer 'pods'").
   */
  static FindingText startedInParkedMain(Library library, String what) {
    String stop = what.startsWith("SharedInformerFactory") ? "stopAllRegisteredInformers()" : "stop()";
    return new FindingText(
        what + " is started in main, which then waits forever: no shutdown hook stops it, and a close or stop"
            + " after the wait never runs.",
        "On SIGTERM the JVM runs its shutdown hooks and halts; the main thread is not unwound where it waits, so a"
            + " try-with-resources close, a finally block or a " + stop + " placed after the wait never runs, and"
            + " the informers keep watching and handling events until the process is gone, in the middle of"
            + " whatever their handlers were doing. Register the stop before waiting:"
            + " Runtime.getRuntime().addShutdownHook(new Thread(...)) that calls " + stop
            + (library == Library.FABRIC8 ? " (or closes the KubernetesClient)." + INFORMER_GUARD : "." + FACTORY_GUARD));
  }

  /** Started in a main whose file has no shutdown path that may stop it, and nothing else stops it. */
  static FindingText startedInMainWithoutHook(Library library, String what) {
    String stop = what.startsWith("SharedInformerFactory") || what.startsWith("This SharedInformerFactory")
        ? "stopAllRegisteredInformers()" : "stop()";
    return new FindingText(
        what + " is started in main and nothing stops it: no stop or close, and no shutdown hook.",
        "The process runs until it is killed; on SIGTERM the JVM runs only its shutdown hooks and halts, so"
            + " the informers keep watching and handling events until the process is gone, in the middle of"
            + " whatever their handlers were doing (and a leader lease or a half-applied change is left behind)."
            + " Keep what was started and register its stop:"
            + " Runtime.getRuntime().addShutdownHook(new Thread(...)) that calls " + stop
            + (library == Library.FABRIC8 ? " (or closes the KubernetesClient)." + INFORMER_GUARD : "." + FACTORY_GUARD));
  }

  /** A fabric8 factory started here whose file stops only new factories from client.informers(). */
  static FindingText factoryStoppedOnFresh(String factory, String stoppedAt) {
    return new FindingText(
        factory + " starts its informers here, but this class's only stopAllRegisteredInformers() (" + stoppedAt
            + ") runs on a new, empty factory from client.informers(), so nothing stops it.",
        "client.informers() returns a new SharedInformerFactory on every call, and stopAllRegisteredInformers()"
            + " stops only the informers registered on that same object: the stop stops nothing, and the informers"
            + " of the started factory keep their watches, caches and handlers (before fabric8 6.10 even a"
            + " KubernetesClient close() does not stop them). Keep the started factory and call"
            + " stopAllRegisteredInformers() on that same object." + INFORMER_GUARD);
  }

  /** A client-java ControllerManager run in the chain that builds it: its shutdown() can never be called. */
  static FindingText managerDiscarded() {
    return new FindingText(
        "The ControllerManager built here is run but never kept, so its shutdown(), which stops the informers of"
            + " its SharedInformerFactory, can never be called.",
        "ControllerManager.run() starts every informer registered on the manager's factory, and only shutdown()"
            + " stops the controllers, their executor and those informers. client-java informers run on non-daemon"
            + " threads, so they keep watching and handling events while the application shuts down (against beans"
            + " already destroyed) and keep the JVM from exiting. Keep the manager and call shutdown() from the"
            + " component's lifecycle: a @Bean ControllerManager (Spring infers its public shutdown() as the destroy"
            + " method), a @PreDestroy or DisposableBean.destroy(), or a JVM shutdown hook." + FACTORY_GUARD);
  }

  /** A client-java factory started in sources that never name a factory stop or a ControllerManager. */
  static FindingText factoryNeverStoppedInSources(String factory) {
    return new FindingText(
        factory + " starts its informers here, and no source file calls stopAllRegisteredInformers() or runs a"
            + " ControllerManager, so nothing ever stops them.",
        "A client-java SharedInformerFactory has no close() or shutdown() for a container to infer, and only"
            + " stopAllRegisteredInformers() (or the shutdown() of a ControllerManager that runs it) stops its"
            + " informers; they run on non-daemon threads, so they keep watching and handling events while the"
            + " application shuts down (against components already destroyed) and keep the JVM from exiting."
            + " Stop the factory where it is owned: @Bean(destroyMethod = \"stopAllRegisteredInformers\"), a"
            + " @PreDestroy or DisposableBean.destroy() that calls it, or a JVM shutdown hook." + FACTORY_GUARD);
  }

  /** fabric8 informOnCondition(..) waited with a timed get and never cancelled: a time-out leaves the informer running. */
  static FindingText conditionInformerLeftOnTimeout(String future) {
    String waited = future.isEmpty() ? "The future of informOnCondition(...) is waited on with a timed get(..) and never"
        + " kept" : "Future '" + future + "' of informOnCondition(...) is waited on with a timed get(..) and never cancelled";
    return new FindingText(
        waited + ", so when the wait times out the informer it started keeps running.",
        "informOnCondition(..) starts an informer and stops it only when the returned future completes: when the"
            + " condition is met, or when the caller cancels or completes the future. A get(amount, unit) that"
            + " throws TimeoutException (or InterruptedException) completes nothing, so the informer keeps its watch,"
            + " its cache and its condition checks until the condition happens to be met, possibly never, and every"
            + " time-out adds one. Keep the future and cancel it when the wait ends without a result (future.cancel(true)"
            + " in a finally or in the TimeoutException handler), give it a deadline of its own"
            + " (future.orTimeout(amount, unit).join()), or use waitUntilCondition(predicate, amount, unit), which"
            + " cancels it on time-out.");
  }

  static FindingText freshFactory(String registeredAt) {
    return new FindingText(
        "startAllRegisteredInformers() runs on a new, empty factory from client.informers(), so the informers"
            + " registered on another one (" + registeredAt + ") never start.",
        "client.informers() returns a new SharedInformerFactory on every call, and a factory starts only the"
            + " informers registered on that same object: this call starts nothing, the informers registered"
            + " elsewhere never list or watch (their stores stay empty, their handlers never run), and a later"
            + " client.informers().stopAllRegisteredInformers() stops nothing either. Keep one factory (var factory"
            + " = client.informers()), register on it, then call startAllRegisteredInformers() and"
            + " stopAllRegisteredInformers() on that same object.");
  }

  /** A watch closed by a plain call after a wait that an interrupt throws out of. */
  static FindingText watchClosedAfterWait(Library library, String opened, String holder, String wait) {
    FindingText plain = watch(library, opened, new Leak(HandleLifecycle.Fate.RELEASED_ONLY_ON_NORMAL_PATH, holder), "");
    return new FindingText("Watch '" + holder + "' opened by " + opened + " is closed only after " + wait
        + ", so an interrupt while it waits skips the close (no finally or try-with-resources).",
        "InterruptedException from " + wait + " leaves the method before " + holder + ".close() runs. "
            + plain.detail());
  }

  /** A client-java watch whose only close runs inside its own event loop. */
  static FindingText watchClosedInOwnLoop(Library library, String opened, String holder) {
    FindingText plain = watch(library, opened, new Leak(HandleLifecycle.Fate.RELEASED_ONLY_ON_NORMAL_PATH, holder), "");
    return new FindingText("Watch '" + holder + "' opened by " + opened
        + " is closed only inside its own event loop, so a stream that fails or ends leaves it open.",
        "That close runs only when one more event arrives; when hasNext() or next() throws, or the stream ends,"
            + " the loop is left and " + holder + ".close() never runs. " + plain.detail());
  }

  /** A watch put into a map the class does drain, under a key an earlier call may already hold. */
  static FindingText watchOverwritten(Library library, String opened, String map) {
    FindingText plain = watch(library, opened, new Leak(HandleLifecycle.Fate.DISCARDED, ""), "");
    return new FindingText("The watch opened by " + opened + " is put into map '" + map + "' under a key that an"
        + " earlier call may already hold, and put(..) replaces that watch without closing it.",
        "Each repeat for the same key (a second subscriber, a re-watch) leaves the previous watch open where no"
            + " code can reach it, still delivering events to a watcher that was replaced; closing what the map"
            + " holds at shutdown closes only the last one. " + plain.detail() + " Close the value put(..) returns"
            + " (Optional.ofNullable(map.put(key, watch)).ifPresent(Watch::close)), open one per key only"
            + " (computeIfAbsent), or remove and close the old entry first.");
  }

  /** A dropped watch on one object, which only closing the component's client ends. */
  static FindingText perObjectWatch(String opened, String name, String owner) {
    FindingText plain = watch(Library.FABRIC8, opened, new Leak(HandleLifecycle.Fate.DISCARDED, ""), owner);
    return new FindingText("The watch of the one object '" + name + "' opened by " + opened
        + " is never kept, so only closing the client of " + owner + " ends it, and each call opens one more.",
        "Closing the component's KubernetesClient ends its watches only when the whole component goes; a watch"
            + " opened per object (per agent, pod or job) outlives that object and keeps reconnecting, and one more"
            + " accumulates with every call. " + plain.detail()
            + " Keep the Watch with the object it belongs to and close it where that object is stopped.");
  }

  static FindingText watch(Library library, String opened, Leak leak, String owner) {
    String message = switch (leak.fate()) {
      case DISCARDED -> "The watch opened by " + opened + " is never kept, so nothing can close it.";
      case LOCAL_NEVER_RELEASED -> "Watch '" + leak.holder() + "' opened by " + opened
          + " is never closed and does not leave this method.";
      case FIELD_NEVER_RELEASED -> "Watch field '" + leak.holder() + "' opened by " + opened
          + " is never closed by " + owner + ".";
      case RELEASED_ONLY_ON_NORMAL_PATH -> "Watch '" + leak.holder() + "' opened by " + opened
          + " is not closed on every path (no finally or try-with-resources).";
      case REPLACED_WHILE_RUNNING -> "Watch field '" + leak.holder() + "' is given the watch opened by " + opened
          + " while the watch it held is never closed.";
      case COLLECTED_NEVER_RELEASED -> "The watch opened by " + opened + " goes into '" + leak.holder()
          + "', whose watches no code of " + owner + " closes.";
      case DISCARDED_BY_CALLER -> "The watch opened by " + opened + " is returned to " + leak.holder()
          + ", which " + callerFate(leak, "closes") + ", so nothing can close it.";
      case WRAPPED_NEVER_RELEASED -> "The watch opened by " + opened + " is handed to " + wrapperOf(leak)
          + ", which keeps it in field '" + fieldOf(leak) + "' and never closes it.";
    };
    String why = library == Library.FABRIC8
        ? "A raw fabric8 watch is not one of the client's informers, so stopping informers does not end it, and"
            + " with the default watchReconnectLimit of -1 it reconnects forever until its close() or until the"
            + " KubernetesClient is closed, keeping its connection open and its Watcher receiving events."
        : "A client-java Watch holds an open HTTP call and response body (and its OkHttp connection) until"
            + " close(); an exception thrown while iterating (IOException wrapped in RuntimeException by"
            + " hasNext()/next()) skips a close() on the normal path and leaks the connection.";
    String fix = library == Library.FABRIC8
        ? " Keep the Watch and close it: try-with-resources, close() in finally, or a field closed by the"
            + " component's lifecycle (close(), @PreDestroy, DisposableBean.destroy())." + WATCH_GUARD
        : " Open it in try-with-resources (try (Watch<T> watch = Watch.createWatch(...)) { ... }) or close it in"
            + " finally." + CLIENT_JAVA_WATCH_GUARD;
    return new FindingText(message, why + fix);
  }
}
