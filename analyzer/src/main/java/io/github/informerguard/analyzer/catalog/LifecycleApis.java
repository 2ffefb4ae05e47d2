package io.github.informerguard.analyzer.catalog;

import static io.github.informerguard.analyzer.catalog.ApiTypes.*;
import static io.github.informerguard.analyzer.catalog.CancellationTypes.*;

import java.util.List;
import java.util.Set;

/**
 * Which calls start, stop, create and alias informers, informer factories and raw watches, read
 * from the clients' sources (fabric8 8.x, client-java 24, see shared/research/k8s-java-apis.md
 * A.3, A.4, B.4, B.5 and E.2).
 */
public final class LifecycleApis {

  private LifecycleApis() {}

  /** The client library a handle comes from; the mechanics (and the messages) differ. */
  public enum Library {
    FABRIC8("fabric8"),
    CLIENT_JAVA("client-java");

    private final String label;

    Library(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  /** What a start call starts, and where the handle to stop it is. */
  public enum Started {
    /** The call's result is a running informer ({@code inform(...)}). */
    INFORMER_RESULT,
    /** The receiver is the informer that starts ({@code run()}, {@code start()}). */
    INFORMER_RECEIVER,
    /** The receiver is a factory whose registered informers start. */
    FACTORY_RECEIVER
  }

  /** A method that starts informers. */
  public record StartSite(Library library, CallMatcher matcher, Started started) {}

  private static CallMatcher start(String owner, String name, String lines, Integer... arities) {
    return CallMatcher.instanceMethod().onDescendantOf(owner).named(name).withArities(arities).inLines(lines).build();
  }

  public static final List<StartSite> STARTS = List.of(
      // Informable.inform() / inform(handler) / inform(handler, resync): returns a running informer.
      new StartSite(Library.FABRIC8, start(F8_INFORMABLE, "inform", "fabric8-", 0, 1, 2), Started.INFORMER_RESULT),
      // SharedIndexInformer.run() blocks until started and returns the informer (before 6.0: void); start() does not block.
      new StartSite(Library.FABRIC8, start(F8_SHARED_INDEX_INFORMER, "run", "fabric8-", 0), Started.INFORMER_RECEIVER),
      new StartSite(Library.FABRIC8, start(F8_SHARED_INDEX_INFORMER, "start", "fabric8-", 0), Started.INFORMER_RECEIVER),
      new StartSite(Library.FABRIC8, start(F8_INFORMER_FACTORY, "startAllRegisteredInformers", "fabric8-", 0),
          Started.FACTORY_RECEIVER),
      // client-java SharedInformer.run() is non-blocking and returns void.
      new StartSite(Library.CLIENT_JAVA, start(K8S_SHARED_INFORMER, "run", "client-java-", 0), Started.INFORMER_RECEIVER),
      new StartSite(Library.CLIENT_JAVA, start(K8S_INFORMER_FACTORY, "startAllRegisteredInformers", "client-java-", 0),
          Started.FACTORY_RECEIVER));

  /** Methods that stop an informer: fabric8 {@code stop()} and {@code close()}, client-java {@code stop()}. */
  public static final Set<String> INFORMER_STOPS = Set.of("stop", "close");

  /** JOSDK's Operator: start() starts its controllers' informers; stop() ends them and its lease. */
  public static final String JOSDK_OPERATOR = "io.javaoperatorsdk.operator.Operator";

  public static final String JOSDK_OPERATOR_START = "start";

  public static final Set<String> JOSDK_OPERATOR_STOPS = Set.of("stop");

  /** {@code Operator.installShutdownHook(Duration)} registers a JVM hook that calls stop(). */
  public static final String JOSDK_OPERATOR_SHUTDOWN_HOOK = "installShutdownHook";

  /** Methods that stop every informer a factory started (client-java also shuts its executor down). */
  public static final Set<String> FACTORY_STOPS = Set.of("stopAllRegisteredInformers");

  /**
   * Words whose mention anywhere in a project's sources (a call, a method reference, a destroy method
   * given as text) means a client-java factory may be stopped there: the factory's stops, and the
   * controllers whose {@code shutdown()} stops the factory they run.
   */
  public static final Set<String> FACTORY_STOP_MENTIONS = java.util.stream.Stream.concat(FACTORY_STOPS.stream(),
      java.util.stream.Stream.of("ControllerManager", "LeaderElectingController")).collect(java.util.stream.Collectors.toUnmodifiableSet());

  /** {@code close()} on a fabric8 {@code KubernetesClient} stops every informer it started (since 6.10). */
  public static final Set<String> CLIENT_CLOSES = Set.of("close");

  public static final Set<String> F8_CLIENT_TYPES = Set.of(F8_CLIENT, F8_BASE_CLIENT);

  /** fabric8 informer methods that return the same informer (so the result is an alias of the handle). */
  public static final Set<String> F8_INFORMER_FLUENT = Set.of(
      "addEventHandler", "addEventHandlerWithResyncPeriod", "removeEventHandler", "addIndexers", "removeIndexer",
      "removeNamespaceIndex", "initialState", "itemStore", "exceptionHandler", "run");

  /** fabric8 informer methods whose result does not give the informer back. */
  public static final Set<String> F8_INFORMER_ACCESSORS = Set.of(
      "getStore", "getIndexer", "hasSynced", "isRunning", "isWatching", "lastSyncResourceVersion",
      "getApiTypeClass", "start", "stopped");

  /** Calls that create a new informer the caller owns (fabric8 DSL, both factories). */
  public static final Set<String> INFORMER_CREATORS = Set.of("inform", "runnableInformer", "sharedIndexInformerFor");

  /** fabric8 factory methods that register an informer for the factory's startAllRegisteredInformers(). */
  public static final Set<String> F8_REGISTRATIONS = Set.of("sharedIndexInformerFor", "sharedIndexInformerForCustomResource");

  /** fabric8 informer methods that start the informer they are called on. */
  public static final Set<String> INFORMER_SELF_STARTS = Set.of("run", "start");

  /** The factory method that starts every registered informer. */
  public static final String F8_FACTORY_START = "startAllRegisteredInformers";

  /** Spring Boot callbacks that run once at startup. */
  public static final Set<String> STARTUP_RUNNERS = Set.of("org.springframework.boot.CommandLineRunner",
      "org.springframework.boot.ApplicationRunner");

  /** Spring's {@code @Bean}: the method body runs once while the application context is refreshed. */
  public static final String SPRING_BEAN = "org.springframework.context.annotation.Bean";

  public static final String INITIALIZING_BEAN = "org.springframework.beans.factory.InitializingBean";

  /**
   * Interfaces whose no-argument method a Spring container calls once on a singleton after creating it,
   * by method name: InitializingBean.afterPropertiesSet() and SmartInitializingSingleton's
   * afterSingletonsInstantiated() (once all singletons exist).
   */
  public static final java.util.Map<String, String> INIT_CALLBACKS = java.util.Map.of(
      INITIALIZING_BEAN, "afterPropertiesSet",
      "org.springframework.beans.factory.SmartInitializingSingleton", "afterSingletonsInstantiated");

  /** Annotations on methods a container calls once after creating the component. */
  public static final Set<String> INIT_ANNOTATIONS = Set.of("jakarta.annotation.PostConstruct",
      "javax.annotation.PostConstruct", "org.osgi.service.component.annotations.Activate");

  public static final Set<String> CDI_OBSERVES = Set.of("jakarta.enterprise.event.Observes",
      "javax.enterprise.event.Observes");

  /** Events observed at application start (Quarkus). */
  public static final Set<String> STARTUP_EVENTS = Set.of("io.quarkus.runtime.StartupEvent");

  /** Annotations on methods a container calls once when it destroys the component (CDI, Spring, OSGi). */
  public static final Set<String> DESTROY_ANNOTATIONS = Set.of("jakarta.annotation.PreDestroy",
      "javax.annotation.PreDestroy", "org.osgi.service.component.annotations.Deactivate");

  /** Events observed at application shutdown (Quarkus). */
  public static final Set<String> SHUTDOWN_EVENTS = Set.of("io.quarkus.runtime.ShutdownEvent");

  /**
   * Interfaces whose no-argument method a container calls at shutdown, by method name: Spring's
   * DisposableBean.destroy() and Lifecycle/SmartLifecycle.stop(), and close() of an AutoCloseable,
   * which Spring calls on beans and their @Bean factories infer.
   */
  public static final java.util.Map<String, String> DESTROY_CALLBACKS = java.util.Map.of(
      "org.springframework.beans.factory.DisposableBean", "destroy",
      "org.springframework.context.Lifecycle", "stop",
      "org.springframework.context.SmartLifecycle", "stop",
      "java.lang.AutoCloseable", "close",
      "java.io.Closeable", "close");

  /** Methods Spring infers as a bean's destroy method when they are public and take no argument. */
  public static final Set<String> INFERRED_DESTROY_METHODS = Set.of("close", "shutdown");

  /** {@code Runtime.getRuntime().addShutdownHook(thread)}: code the JVM runs on SIGTERM. */
  public static final String SHUTDOWN_HOOK = "addShutdownHook";

  /** Callback methods the clients call again and again (handlers, watchers, reconcilers). */
  public static final Set<String> REPEATED_CALLBACKS = Set.of("onAdd", "onUpdate", "onDelete", "eventReceived",
      "reconcile");

  /** Collection methods that store an element (a handle put there is held by the collection). */
  public static final Set<String> COLLECTION_STORES = Set.of("put", "putIfAbsent", "add", "addFirst", "addLast",
      "offer", "push");

  /** {@code Map.put(key, value)} replaces (and returns) the value the key held; {@code remove(key)} drops it. */
  public static final String MAP_PUT = "put";
  public static final String MAP_REMOVE = "remove";
  public static final String MAP_TYPE = "java.util.Map";

  /** Map methods that store the value their mapping function returns, and hand back the element. */
  public static final Set<String> COLLECTION_COMPUTES = Set.of("computeIfAbsent", "computeIfPresent", "compute",
      "merge");

  /** Collection methods that neither hand out nor remove elements. */
  /**
   * client-java {@code ControllerBuilder.defaultBuilder(factory)}: reads informers from the factory
   * while building a controller and keeps no reference to it (no owner of the factory).
   */
  public static final String K8S_CONTROLLER_DEFAULT_BUILDER = "defaultBuilder";

  public static final Set<String> COLLECTION_QUERIES = Set.of("containsKey", "containsValue", "contains", "size",
      "isEmpty", "clear");

  /** Collection methods that hand out one element, which the caller may release. */
  public static final Set<String> COLLECTION_LOOKUPS = Set.of("get", "getOrDefault");

  /**
   * {@code handles.stream().allMatch(SharedIndexInformer::isWatching)}: a stream of the elements that
   * only asks each one something (a health check) and keeps nothing.
   */
  public static final String COLLECTION_STREAM = "stream";
  public static final Set<String> STREAM_PREDICATES = Set.of("allMatch", "anyMatch", "noneMatch");

  /** The collection interfaces fields are declared with, named each so lenient mode needs no JDK hierarchy. */
  public static final Set<String> COLLECTION_TYPES = Set.of("java.util.Map", "java.util.Collection", "java.util.List",
      "java.util.Set", "java.util.Queue", "java.util.Deque", "java.util.concurrent.ConcurrentMap");

  /** Lombok annotations that generate accessors: a field they cover can be reached from other classes. */
  public static final Set<String> GENERATED_ACCESSORS = Set.of("Getter", "Data", "Value", "lombok.Getter",
      "lombok.Data", "lombok.Value");

  /** Creator calls whose informer a factory also tracks (its stopAllRegisteredInformers() stops it). */
  public static final Set<String> FACTORY_MADE = Set.of("sharedIndexInformerFor");

  /** {@code KubernetesClient.informers()} makes a new fabric8 factory on every call. */
  public static final String F8_FACTORY_CREATOR = "informers";

  /** fabric8 factory methods that return the same factory. */
  public static final Set<String> F8_FACTORY_FLUENT = Set.of("inNamespace", "withName");

  /** Types whose constructor makes an informer or factory the caller owns. */
  public static final Set<String> CONSTRUCTED_HANDLES =
      Set.of(K8S_INFORMER_FACTORY, K8S_DEFAULT_SHARED_INDEX_INFORMER, F8_DEFAULT_SHARED_INDEX_INFORMER);

  /** A call that opens a raw watch. */
  public record WatchSite(Library library, CallMatcher matcher, boolean closeInFinally) {}

  public static final List<WatchSite> WATCHES = List.of(
      new WatchSite(Library.FABRIC8, WatchApis.F8_WATCH, false),
      new WatchSite(Library.FABRIC8, WatchApis.F8_RAW_CUSTOM_RESOURCE_WATCH, false),
      new WatchSite(Library.CLIENT_JAVA, WatchApis.K8S_CREATE_WATCH_CALL, true),
      new WatchSite(Library.CLIENT_JAVA, WatchApis.K8S_GENERIC_WATCH, true));

  public static final Set<String> WATCH_CLOSES = Set.of("close");

  /**
   * Words whose absence proves a file starts no informer: every start call is on something the
   * file names as an informer (a SharedIndexInformer type, inform(...), runnableInformer(...),
   * sharedIndexInformerFor(...), startAllRegisteredInformers(), a ControllerManager whose run() starts
   * its factory). Generic words such as "run()" or "start()" would send most files of a code base to
   * the parser for nothing.
   */
  public static final Set<String> INFORMER_TRIGGER_WORDS = Set.of("inform", "Informer", "ControllerManager",
      "io.javaoperatorsdk.operator.Operator");

  /** Words whose absence proves a file opens no raw watch: those of the watch calls above. */
  public static final Set<String> WATCH_TRIGGER_WORDS =
      CallMatcher.triggerWords(WATCHES.stream().map(WatchSite::matcher).toList(), Set.of());

  /**
   * Calls that end the JVM ({@code System.exit(n)}, {@code Runtime.getRuntime().exit(n)} or
   * {@code halt(n)}): a handle opened in a method that then always makes one lives as long as
   * the process, like one opened in {@code main}.
   */
  /**
   * Calls that never return on their own (a thread joining itself, an endless sleep, a park nothing
   * unparks), written as the source spells their receiver: {@code main} parks the main thread in one of
   * them to keep the process up, and on SIGTERM the JVM runs only shutdown hooks, never what follows.
   */
  public static final Set<String> ENDLESS_WAITS = Set.of("Thread.currentThread().join()",
      "java.lang.Thread.currentThread().join()", "Thread.sleep(Long.MAX_VALUE)", "LockSupport.park()",
      "java.util.concurrent.locks.LockSupport.park()");

  /** {@code Thread.sleep(millis)} and {@code TimeUnit.sleep(duration)}: a main that sleeps for days is parked. */
  public static final String SLEEP = "sleep";
  public static final String THREAD_TYPE = "java.lang.Thread";

  /** An untimed latch wait that never returns when nothing counts the latch down. */
  public static final String LATCH_AWAIT = "await";
  public static final String LATCH_COUNT_DOWN = "countDown";
  public static final String LATCH_TYPE = "java.util.concurrent.CountDownLatch";

  public static final Set<String> JVM_EXITS = Set.of("System.exit", "java.lang.System.exit",
      "Runtime.getRuntime().exit", "Runtime.getRuntime().halt", "java.lang.Runtime.getRuntime().exit",
      "java.lang.Runtime.getRuntime().halt");

  /**
   * Assert-throws methods: code in a lambda passed to them is expected to throw, so a watch opened
   * there never yields a handle (JUnit 5 assertThrows/assertThrowsExactly, AssertJ
   * assertThatThrownBy/assertThatCode/catchThrowable/catchThrowableOfType/catchException and
   * assertThatExceptionOfType(..).isThrownBy).
   */
  public static final Set<String> ASSERT_THROWS = Set.of("assertThrows", "assertThrowsExactly", "assertThatThrownBy",
      "assertThatCode", "catchThrowable", "catchThrowableOfType", "catchException", "isThrownBy");
}
