package io.github.informerguard.runtime.clientjava;

import io.github.informerguard.runtime.InformerHealth;
import io.github.informerguard.runtime.InformerLifecycleListener;
import io.github.informerguard.runtime.core.EventSink;
import io.github.informerguard.runtime.core.GuardOptions;
import io.github.informerguard.runtime.core.GuardedStore;
import io.github.informerguard.runtime.core.HealthSource;
import io.github.informerguard.runtime.core.InformerCore;
import io.kubernetes.client.common.KubernetesObject;
import io.kubernetes.client.informer.ResourceEventHandler;
import io.kubernetes.client.informer.SharedIndexInformer;
import io.kubernetes.client.informer.TransformFunc;
import io.kubernetes.client.informer.cache.Caches;
import io.kubernetes.client.informer.cache.Indexer;
import io.kubernetes.client.informer.exception.ObjectTransformException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * A client-java {@link SharedIndexInformer} on the guard's core, made by
 * {@link GuardedInformerFactory}. Unlike client-java's informer it honours each handler's own
 * resync period, keeps the index values it computed for each object (an impure index function
 * leaves no stale entry), lists in pages, re-lists on 410 and expired continue tokens, backs off
 * with full jitter, honours Retry-After, runs on daemon threads and closes within a bound.
 *
 * <p>{@link #run()} blocks until the informer is stopped, as client-java's does (the factory
 * starts its informers without a thread of the caller's: see {@link #start()}). The cache is
 * written only by the informer: the {@code Store} writers of {@link #getIndexer()} throw.
 */
public final class GuardedSharedIndexInformer<T extends KubernetesObject> implements SharedIndexInformer<T>,
    HealthSource {

  private final Class<T> apiType;
  private final InformerCore<T> core;
  private final Indexer<T> indexer;
  private final long defaultResyncMillis;
  private final ResyncFloor floor;
  private volatile TransformFunc transform; // set before start, applied on the reflector thread

  GuardedSharedIndexInformer(Class<T> apiType, ClientJavaAdapter<T> adapter, GuardOptions options,
      long defaultResyncMillis, ResyncFloor floor, List<InformerLifecycleListener> listeners) {
    this.apiType = apiType;
    this.floor = floor;
    this.defaultResyncMillis = floor.apply(defaultResyncMillis, "sharedIndexInformerFor");
    Map<String, Function<T, List<String>>> indexers = new LinkedHashMap<>();
    indexers.put(Caches.NAMESPACE_INDEX, Caches::metaNamespaceIndexFunc); // what Lister.namespace(...) reads
    this.core = new InformerCore<>(adapter, options, indexers, this::transform, listeners);
    this.indexer = new StoreView<>(core.store());
  }

  @SuppressWarnings("unchecked")
  private T transform(T obj) {
    TransformFunc f = transform;
    if (f == null) {
      return obj;
    }
    try {
      return (T) f.transform(obj);
    } catch (ObjectTransformException e) {
      // the core counts it and keeps the object as received
      throw new IllegalStateException("transform failed for " + Caches.metaNamespaceKeyFunc(obj), e);
    }
  }

  /** The resource class this informer caches. */
  public Class<T> apiType() {
    return apiType;
  }

  @Override
  public String name() {
    return core.name();
  }

  @Override
  public InformerHealth health() {
    return core.health();
  }

  /** Index entries that point at no cached object; always empty unless the guard has a bug. */
  public Set<String> staleIndexEntries() {
    return core.staleIndexEntries();
  }

  // ---------------------------------------------------------------- lifecycle

  /** Starts the informer without blocking; completes when the first list is in the cache. */
  public CompletableFuture<Void> start() {
    return core.start();
  }

  /**
   * Starts the informer and returns, as client-java's {@code DefaultSharedIndexInformer#run} does
   * (it starts its controller thread and returns, lines 13 to 25): code written for that informer
   * calls {@code run()} on its own thread and goes on. {@link #hasSynced()} says when the first
   * list is in the cache; an unrecoverable error that ends the informer is logged by its
   * reflector and completes {@link #stopped()}.
   */
  @Override
  public void run() {
    core.start();
  }

  /** Stops the watch, any in-flight list and every handler thread; idempotent and bounded. */
  @Override
  public void stop() {
    core.stop();
  }

  public boolean isRunning() {
    return core.isRunning();
  }

  /** Stopped (closed or ended by an unrecoverable error); a stopped informer cannot start again. */
  public boolean hasStopped() {
    return core.stopped().isDone();
  }

  @Override
  public boolean hasSynced() {
    return core.hasSynced();
  }

  @Override
  public String lastSyncResourceVersion() {
    return core.lastSyncResourceVersion();
  }

  /**
   * Transforms every object received before the cache and handlers see it; must be set before
   * the informer starts, like client-java's. A transform that throws or returns {@code null} is
   * counted in {@code health().transformErrors()} and the object is kept as received.
   */
  @Override
  public void setTransform(TransformFunc transformFunc) {
    if (core.isRunning() || hasStopped()) {
      throw new IllegalStateException("cannot set a transform on an informer that has started");
    }
    this.transform = transformFunc;
  }

  // ---------------------------------------------------------------- handlers

  /** Adds a handler with the resync period the informer was created with (floored; 0 = none). */
  @Override
  public void addEventHandler(ResourceEventHandler<T> handler) {
    register(handler, defaultResyncMillis);
  }

  /** Adds a handler with its own resync period, honoured for it alone (floored; 0 = none). */
  @Override
  public void addEventHandlerWithResyncPeriod(ResourceEventHandler<T> handler, long resyncPeriod) {
    register(handler, floor.apply(resyncPeriod, "addEventHandlerWithResyncPeriod"));
  }

  private void register(ResourceEventHandler<T> handler, long resyncMillis) {
    Objects.requireNonNull(handler, "handler");
    core.addHandler(handler, new HandlerSink<>(handler), resyncMillis);
  }

  /** Removes {@code handler} and ends its thread (client-java's interface has no such call). */
  public void removeEventHandler(ResourceEventHandler<T> handler) {
    core.removeHandler(handler);
  }

  private record HandlerSink<T extends KubernetesObject>(ResourceEventHandler<T> handler) implements EventSink<T> {
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
  }

  // ---------------------------------------------------------------- indexes

  /** Adds indexes, also to a running informer (every cached object is indexed at once). */
  @Override
  public void addIndexers(Map<String, Function<T, List<String>>> indexers) {
    core.store().addIndexers(indexers);
  }

  @Override
  public Indexer<T> getIndexer() {
    return indexer;
  }

  @Override
  public String toString() {
    return "GuardedSharedIndexInformer[" + core + "]";
  }

  /** The core's store as client-java's {@link Indexer}, read-only. */
  private record StoreView<T>(GuardedStore<T> store) implements Indexer<T> {
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
    public List<String> listKeys() {
      return store.listKeys();
    }

    @Override
    public Object get(T obj) {
      return store.get(obj);
    }

    @Override
    public T getByKey(String key) {
      return store.getByKey(key);
    }

    @Override
    public List<T> list() {
      return store.list();
    }

    @Override
    public void add(T obj) {
      throw readOnly();
    }

    @Override
    public void update(T obj) {
      throw readOnly();
    }

    @Override
    public void delete(T obj) {
      throw readOnly();
    }

    @Override
    public void replace(List<T> list, String resourceVersion) {
      throw readOnly();
    }

    @Override
    public void resync() {
      throw readOnly();
    }

    private static UnsupportedOperationException readOnly() {
      return new UnsupportedOperationException("the guarded informer's cache is written only by its reflector,"
          + " so that it always matches the server and the index values stored with each object");
    }
  }
}
