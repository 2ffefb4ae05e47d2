package io.github.informerguard.analyzer.catalog;

import static io.github.informerguard.analyzer.catalog.ApiTypes.*;

import java.util.Set;

/**
 * Futures that complete only when an informer starts, stops or meets a condition, and the
 * polling methods that report sync (shared/research/k8s-java-apis.md A.3, B.5, E.2 item 4).
 */
public final class WaitApis {

  private WaitApis() {}

  /** fabric8 {@code SharedIndexInformer.start()} and {@code stopped()} return CompletionStage&lt;Void&gt;. */
  public static final Set<String> INFORMER_STAGES = Set.of("start", "stopped");

  /** fabric8 {@code SharedInformerFactory.startAllRegisteredInformers()} returns Future&lt;Void&gt;. */
  public static final String FACTORY_START = "startAllRegisteredInformers";

  /** fabric8 {@code Informable.informOnCondition(Predicate)} returns CompletableFuture&lt;List&lt;T&gt;&gt;. */
  public static final String INFORM_ON_CONDITION = "informOnCondition";

  /** {@code CompletionStage.toCompletableFuture()}: the same future. */
  public static final String TO_FUTURE = "toCompletableFuture";

  /** Waits with no timeout: {@code Future.get()} and {@code CompletableFuture.join()}. */
  public static final Set<String> UNBOUNDED_WAITS = Set.of("get", "join");

  /** {@code hasSynced()} on fabric8 and client-java informers. */
  public static final String HAS_SYNCED = "hasSynced";

  public static final Set<String> SYNC_POLLED_TYPES = Set.of(F8_SHARED_INDEX_INFORMER, K8S_SHARED_INFORMER);

  /** fabric8 {@code SharedIndexInformer.isWatching()}: polled like hasSynced() by readiness loops. */
  public static final String IS_WATCHING = "isWatching";

  /** Callback interfaces whose methods run only when a watch or informer event arrives. */
  public static final Set<String> EVENT_CALLBACK_TYPES = Set.of(F8_WATCHER, F8_RESOURCE_EVENT_HANDLER,
      K8S_RESOURCE_EVENT_HANDLER);

  /** Waits with no timeout on a latch or future, and the calls that release each. */
  public static final String LATCH = "java.util.concurrent.CountDownLatch";
  public static final Set<String> LATCH_SIGNALS = Set.of("countDown");
  public static final Set<String> FUTURE_SIGNALS = Set.of("complete", "completeExceptionally", "cancel",
      "obtrudeValue", "obtrudeException");

  /** {@code CountDownLatch.await(long, TimeUnit)} and {@code Future.get(long, TimeUnit)}: waits with a deadline. */
  public static final Set<String> TIMED_WAITS = Set.of("await", "get");

  /** fabric8 {@code Watcher.onClose(..)}: called once when the watch ends for good. */
  public static final String WATCH_CLOSE_CALLBACK = "onClose";

  public static final Set<String> TRIGGER_WORDS = Set.of("hasSynced", "isWatching", "inform", "Informer", "Watcher",
      "ResourceEventHandler");
}
