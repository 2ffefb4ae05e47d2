package io.github.informerguard.runtime;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ExceptionHandler;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.informers.cache.Indexer;
import io.fabric8.kubernetes.client.informers.cache.ItemStore;
import io.fabric8.kubernetes.client.informers.cache.Store;
import io.github.informerguard.runtime.core.EventSink;
import io.github.informerguard.runtime.core.GuardOptions;
import io.github.informerguard.runtime.core.GuardedStore;
import io.github.informerguard.runtime.core.HealthSource;
import io.github.informerguard.runtime.core.InformerCore;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * An informer for the fabric8 client that can replace fabric8's own: it implements
 * {@link SharedIndexInformer}, so code that uses an informer does not change, only the line that
 * creates it. Create one with {@link InformerGuard#builder}.
 *
 * <p>Threads (all daemon): {@code informer-guard-<name>-reflector} (list and watch, the only
 * writer of the cache), {@code informer-guard-<name>-handler-<n>} (one per handler, with its own
 * queue) and, only when a resync period is set, {@code informer-guard-<name>-resync}.
 *
 * <p>Everything but the fabric8 interfaces is the client-neutral {@link InformerCore}, which the
 * client-java adapter shares.
 *
 * <p>{@link #itemStore(ItemStore)} is not supported: the guard keeps index values next to each
 * object in its own store, which a foreign {@code ItemStore} cannot hold.
 */
public final class GuardedInformer<T extends HasMetadata> implements SharedIndexInformer<T>, HealthSource {
  private final Class<T> apiType;
  private final InformerCore<T> core;
  private final Indexer<T> indexer;

  GuardedInformer(Class<T> apiType, ListWatch<T> listWatch, GuardOptions options,
      Map<String, Function<T, List<String>>> indexers, UnaryOperator<T> transform,
      List<InformerLifecycleListener> lifecycleListeners) {
    this.apiType = apiType;
    this.core = new InformerCore<>(listWatch, options, indexers, transform, lifecycleListeners);
    this.indexer = new StoreView<>(core.store());
  }

  /** The informer's name, as used in thread names, logs and metric tags. */
  @Override
  public String name() {
    return core.name();
  }

  // ---------------------------------------------------------------- lifecycle

  @Override
  public CompletionStage<Void> start() {
    return core.start();
  }

  /**
   * Starts the informer and waits until the first list is in the cache, at most the builder's
   * {@code startTimeout} (default 2 minutes). On timeout the informer keeps running and a
   * {@link KubernetesClientException} is thrown.
   */
  @Override
  public SharedIndexInformer<T> run() {
    CompletableFuture<Void> f = core.start();
    try {
      f.get(core.options().startTimeout().toMillis(), TimeUnit.MILLISECONDS);
      return this;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KubernetesClientException("Interrupted while waiting for informer " + name() + " to sync", e);
    } catch (TimeoutException e) {
      throw new KubernetesClientException("Informer " + name() + " did not sync within "
          + core.options().startTimeout(), e);
    } catch (ExecutionException e) {
      throw KubernetesClientException.launderThrowable(e.getCause());
    }
  }

  /**
   * Stops everything: the watch, any in-flight list, backoff and resync timers and the handler
   * threads. Idempotent. Waits at most the builder's {@code closeTimeout} for threads to end; a
   * handler that ignores interruption is left to finish on its own (its thread is a daemon and
   * delivers nothing more).
   */
  @Override
  public void stop() {
    core.stop();
  }

  @Override
  public CompletionStage<Void> stopped() {
    return core.stopped();
  }

  @Override
  public boolean isRunning() {
    return core.isRunning();
  }

  @Override
  public boolean isWatching() {
    return core.isWatching();
  }

  @Override
  public boolean hasSynced() {
    return core.hasSynced();
  }

  @Override
  public String lastSyncResourceVersion() {
    return core.lastSyncResourceVersion();
  }

  @Override
  public Class<T> getApiTypeClass() {
    return apiType;
  }

  // ---------------------------------------------------------------- handlers and resync

  @Override
  public SharedIndexInformer<T> addEventHandler(ResourceEventHandler<? super T> handler) {
    return register(handler, core.options().resyncPeriod().toMillis());
  }

  /**
   * Adds a handler with its own resync period. The builder's floor applies: a positive period
   * below it throws {@link IllegalArgumentException} unless short periods were allowed. Unlike
   * fabric8, the period is honoured even when the informer itself has no resync.
   */
  @Override
  public SharedIndexInformer<T> addEventHandlerWithResyncPeriod(ResourceEventHandler<? super T> handler,
      long resyncPeriod) {
    return register(handler, core.options().checkResync(resyncPeriod, "addEventHandlerWithResyncPeriod"));
  }

  private SharedIndexInformer<T> register(ResourceEventHandler<? super T> handler, long resyncMillis) {
    Objects.requireNonNull(handler, "handler");
    core.addHandler(handler, new HandlerSink<>(handler), resyncMillis);
    return this;
  }

  /** fabric8's handler as the core calls it. */
  private record HandlerSink<T>(ResourceEventHandler<? super T> handler) implements EventSink<T> {
    @Override
    public void onAdd(T obj) {
      handler.onAdd(obj);
    }

    @Override
    public void onUpdate(T oldObj, T newObj) {
      handler.onUpdate(oldObj, newObj);
    }

    @Override
    public void onDelete(T obj, boolean deletedFinalStateUnknown) {
      handler.onDelete(obj, deletedFinalStateUnknown);
    }

    @Override
    public void onBeforeList(String lastResourceVersion) {
      handler.onBeforeList(lastResourceVersion);
    }

    @Override
    public void onList(String resourceVersion, boolean remainedEmpty) {
      handler.onList(resourceVersion, remainedEmpty);
    }
  }

  @Override
  public SharedIndexInformer<T> removeEventHandler(ResourceEventHandler<? super T> handler) {
    core.removeHandler(handler);
    return this;
  }

  /** {@code period} scaled by a uniform factor in {@code [1 - jitter, 1 + jitter]}. */
  long jittered(long periodMillis) {
    return core.jittered(periodMillis);
  }

  // ---------------------------------------------------------------- store and indexes

  @Override
  public SharedIndexInformer<T> addIndexers(Map<String, Function<T, List<String>>> indexers) {
    core.store().addIndexers(indexers);
    return this;
  }

  @Override
  public SharedIndexInformer<T> removeIndexer(String name) {
    core.store().removeIndexer(name);
    return this;
  }

  @Override
  public Indexer<T> getIndexer() {
    return indexer;
  }

  @Override
  public Store<T> getStore() {
    return indexer;
  }

  /**
   * Every index entry whose key is not in the cache or whose object no longer carries the
   * indexed value as stored; always empty unless the guard has a bug. For tests and diagnostics.
   */
  public Set<String> staleIndexEntries() {
    return core.staleIndexEntries();
  }

  @Override
  public SharedIndexInformer<T> initialState(Stream<T> items) {
    List<T> list = items.collect(Collectors.toList());
    try {
      core.initialState(list);
    } catch (InformerCore.AlreadyStartedException e) {
      throw new KubernetesClientException(e.getMessage());
    }
    return this;
  }

  /** Not supported; see the class documentation. */
  @Override
  public SharedIndexInformer<T> itemStore(ItemStore<T> itemStore) {
    throw new UnsupportedOperationException("informer-guard keeps the index values computed for each object next"
        + " to the object in its own store, so that removal never re-runs index functions; a custom ItemStore"
        + " cannot hold them. Transform objects in a handler instead, or use fabric8's informer for"
        + " ReducedStateItemStore.");
  }

  @Override
  public SharedIndexInformer<T> exceptionHandler(ExceptionHandler handler) {
    Objects.requireNonNull(handler, "handler");
    try {
      core.exceptionHandler(handler::retryAfterException);
    } catch (InformerCore.AlreadyStartedException e) {
      throw new KubernetesClientException(e.getMessage());
    }
    return this;
  }

  // ---------------------------------------------------------------- health

  /** A snapshot of the informer's state and counters. */
  @Override
  public InformerHealth health() {
    return core.health();
  }

  @Override
  public String toString() {
    return "GuardedInformer[" + core + "]";
  }

  /** The core's store as fabric8's {@link Indexer}. */
  private record StoreView<T>(GuardedStore<T> store) implements Indexer<T> {
    @Override
    public List<T> list() {
      return store.list();
    }

    @Override
    public List<String> listKeys() {
      return store.listKeys();
    }

    @Override
    public T get(T obj) {
      return store.get(obj);
    }

    @Override
    public T getByKey(String key) {
      return store.getByKey(key);
    }

    @Override
    public String getKey(T obj) {
      return store.getKey(obj);
    }

    @Override
    public List<T> index(String indexName, T obj) {
      return store.index(indexName, obj);
    }

    @Override
    public List<String> indexKeys(String indexName, String indexedValue) {
      return store.indexKeys(indexName, indexedValue);
    }

    @Override
    public List<T> byIndex(String indexName, String indexedValue) {
      return store.byIndex(indexName, indexedValue);
    }

    @Override
    public Map<String, Function<T, List<String>>> getIndexers() {
      return store.getIndexers();
    }

    @Override
    public void addIndexers(Map<String, Function<T, List<String>>> indexers) {
      store.addIndexers(indexers);
    }

    @Override
    public void removeIndexer(String name) {
      store.removeIndexer(name);
    }
  }
}
