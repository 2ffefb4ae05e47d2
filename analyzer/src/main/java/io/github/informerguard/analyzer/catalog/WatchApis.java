package io.github.informerguard.analyzer.catalog;

import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_RAW_CUSTOM_RESOURCE;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_WATCHABLE;
import static io.github.informerguard.analyzer.catalog.ApiTypes.K8S_WATCH;
import static io.github.informerguard.analyzer.catalog.IndexAndWatchTypes.K8S_API_CLIENT;
import static io.github.informerguard.analyzer.catalog.IndexAndWatchTypes.K8S_GENERIC_API;

import java.util.Set;

/**
 * Raw-watch facts for MissingGoneHandling (shared/research/k8s-java-apis.md A.4, B.4, E.4):
 * how a fabric8 {@code Watcher} is attached and closed, what counts as a 410 check, and
 * client-java's {@code Watch.createWatch}.
 */
public final class WatchApis {

  private WatchApis() {}

  /** The HTTP status the API server returns when a resourceVersion has been compacted away. */
  public static final int HTTP_GONE = 410;

  /** {@code java.net.HttpURLConnection.HTTP_GONE}, and any constant of that name. */
  public static final String HTTP_GONE_CONSTANT = "HTTP_GONE";

  public static final String F8_WATCH_METHOD = "watch";

  /** fabric8 {@code Watchable.watch(Watcher)}, {@code watch(ListOptions, Watcher)}, {@code watch(String rv, Watcher)}. */
  public static final CallMatcher F8_WATCH = CallMatcher.instanceMethod().onDescendantOf(F8_WATCHABLE)
      .named(F8_WATCH_METHOD).withArities(1, 2).inLines("fabric8-").build();

  /**
   * fabric8 5.x {@code customResource(ctx).watch(Watcher<String>)}, {@code watch(ns, w)},
   * {@code watch(ns, ListOptions, w)}: raw JSON watches (gone in 6.0), returning a {@code Watch}.
   */
  public static final CallMatcher F8_RAW_CUSTOM_RESOURCE_WATCH = CallMatcher.instanceMethod()
      .onDescendantOf(F8_RAW_CUSTOM_RESOURCE).named(F8_WATCH_METHOD).withArities(1, 2, 3).inLines("fabric8-5.12").build();

  /** {@code Watcher.onClose(WatcherException)}: the 410 arrives here, never in eventReceived. */
  public static final String F8_ON_CLOSE = "onClose";

  /** {@code WatcherException.isHttpGone()}: code 410 on the client exception or its Status. */
  public static final String F8_IS_HTTP_GONE = "isHttpGone";

  /** {@code Watch.close()}: a fabric8 handle closed in the method that opened it marks a short-lived watch. */
  public static final String F8_CLOSE_METHOD = "close";

  /**
   * Zero-argument calls that may block without a bound ({@code CountDownLatch.await()},
   * {@code Thread.join()}, {@code BlockingQueue.take()}, {@code Semaphore.acquire()},
   * {@code Object.wait()}): a watch closed only after one of these is not short-lived.
   */
  public static final Set<String> UNBOUNDED_WAITS = Set.of("await", "join", "take", "acquire", "wait",
      "awaitUninterruptibly");

  /** The re-list that must precede a new watch after a 410. */
  public static final String F8_LIST_METHOD = "list";

  public static final String K8S_CREATE_WATCH = "createWatch";

  /** client-java {@code Watch.createWatch(ApiClient, Call, Type)}: a {@code Watch<T>}, Closeable and Iterable. */
  public static final CallMatcher K8S_CREATE_WATCH_CALL = CallMatcher.staticMethod().onClass(K8S_WATCH)
      .named(K8S_CREATE_WATCH).withParameters(K8S_API_CLIENT, "okhttp3.Call", "java.lang.reflect.Type")
      .inLines("client-java-").build();

  /** client-java {@code GenericKubernetesApi.watch(...)}: a {@code Watchable<T>} (Closeable). */
  public static final CallMatcher K8S_GENERIC_WATCH = CallMatcher.instanceMethod().onDescendantOf(K8S_GENERIC_API)
      .named(F8_WATCH_METHOD).withArities(0, 1, 2).inLines("client-java-").build();

  /** Ways a Watch is consumed: iterated with for-each, or through its iterator methods. */
  public static final Set<String> K8S_ITERATION_METHODS = Set.of("hasNext", "next", "iterator", "forEach",
      "forEachRemaining");

  /**
   * {@code Watchable.iterator()}: client-java's {@code Watch} is its own iterator and returns itself, typed as an
   * {@code Iterator}, which has no {@code close()}.
   */
  public static final String K8S_WATCH_ITERATOR = "iterator";

  /** The {@code Iterable}/{@code Iterator} methods that run a callback for each event of the watch itself. */
  public static final Set<String> K8S_EACH_EVENT = Set.of("forEach", "forEachRemaining");

  /** {@code Watch.Response.type} of an error event ({@code "ERROR"} or {@code EventType.ERROR}). */
  public static final String K8S_ERROR_TYPE = "ERROR";

  /** client-java list calls start with this ({@code listNamespacedPod}, {@code list(...)}). */
  public static final String K8S_LIST_PREFIX = "list";

  /** Words whose absence proves a file has no raw watch. */
  public static final Set<String> TRIGGER_WORDS = Set.of("Watcher", "createWatch");

  /**
   * Package prefixes of libraries whose calls cannot hide a 410 relist: a call on a receiver of
   * another type (user code we may not see) is treated as delegating the close handling.
   */
  public static final Set<String> KNOWN_LIBRARY_PREFIXES = Set.of(
      "java.", "javax.", "io.fabric8.", "io.kubernetes.client.", "org.slf4j.", "org.apache.logging.",
      "org.apache.commons.logging.");

  /**
   * Calls that end the JVM ({@code System.exit(status)}, {@code Runtime.exit(status)} /
   * {@code halt(status)}): JDK methods, so they are not model-checked matchers.
   */
  public static final String JDK_SYSTEM = "java.lang.System";
  public static final String SYSTEM_EXIT = "exit";
  public static final String JDK_RUNTIME = "java.lang.Runtime";
  public static final Set<String> RUNTIME_EXITS = Set.of("exit", "halt");

  /** {@code CompletableFuture.orTimeout(amount, unit)} / {@code completeOnTimeout(value, amount, unit)} bound a wait. */
  public static final Set<String> FUTURE_TIMEOUTS = Set.of("orTimeout", "completeOnTimeout");

  /** fabric8 {@code Nameable.withName(name)}: scopes a resource DSL to one object. */
  public static final String F8_WITH_NAME = "withName";

  /** fabric8 {@code Nameable} and {@code Filterable} steps that narrow a watch to one object or a label or field selector. */
  public static final Set<String> F8_OBJECT_SELECTORS = Set.of(F8_WITH_NAME, "withLabel", "withLabels",
      "withLabelSelector", "withLabelIn", "withLabelNotIn", "withoutLabel", "withoutLabels", "withField", "withFields",
      "withoutField", "withoutFields", "withInvolvedObject");
}
