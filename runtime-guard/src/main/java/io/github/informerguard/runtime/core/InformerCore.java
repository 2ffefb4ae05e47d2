package io.github.informerguard.runtime.core;

import io.github.informerguard.runtime.HandlerHealth;
import io.github.informerguard.runtime.InformerHealth;
import io.github.informerguard.runtime.InformerLifecycleListener;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One guarded informer without a client: the lifecycle, the handler queues and their resync,
 * the store and the reflector. Each client's informer (fabric8's {@code GuardedInformer}, the
 * client-java adapter's) is a thin view of one of these that speaks its client's interfaces.
 *
 * <p>Threads (all daemon): {@code informer-guard-<name>-reflector} (list and watch, the only
 * writer of the cache), {@code informer-guard-<name>-handler-<n>} (one per handler, with its own
 * queue) and, only when a resync period is set, {@code informer-guard-<name>-resync}.
 *
 * @param <T> the resource type of the adapter's client
 */
public final class InformerCore<T> implements HealthSource {
  private static final Logger LOG = LoggerFactory.getLogger(InformerCore.class);

  private enum State { NEW, RUNNING, STOPPED }

  /** Thrown by the settings that are only accepted before {@link #start()}. */
  public static final class AlreadyStartedException extends IllegalStateException {
    AlreadyStartedException(String message) {
      super(message);
    }
  }

  private final GuardOptions options;
  private final InformerCounters counters = new InformerCounters();
  private final GuardedStore<T> store;
  private final RandomGenerator random;
  // copy-on-write so the reflector fans out without a lock; changed only under `lifecycle` and the
  // store's write lock, so an addition's replay of the cache and a removal never interleave with a change
  private final List<HandlerQueue<T>> handlers = new CopyOnWriteArrayList<>();
  private final AtomicInteger handlerSeq = new AtomicInteger();
  private final CompletableFuture<Void> startFuture = new CompletableFuture<>();
  private final CompletableFuture<Void> stoppedFuture = new CompletableFuture<>();
  // guards state transitions (start, stop), handler registration and removal, and initialState
  private final Object lifecycle = new Object();
  private final Reflector<T> reflector;
  private final ObjectTransform<T> transform;
  private final LifecycleListeners lifecycleListeners;

  // written under `lifecycle`, read anywhere (the reflector polls it to know it must stop)
  private volatile State state = State.NEW;
  private volatile RetryPolicy exceptionHandler;
  private volatile Thread reflectorThread;
  private volatile ScheduledThreadPoolExecutor resyncExecutor;
  private List<T> initialState; // guarded by `lifecycle`, consumed by start()

  public InformerCore(ClientAdapter<T> adapter, GuardOptions options,
      Map<String, Function<T, List<String>>> indexers, UnaryOperator<T> transform,
      List<InformerLifecycleListener> lifecycleListeners) {
    this.options = options;
    this.exceptionHandler = options.exceptionHandler();
    this.random = options.seed() == null ? new SplittableRandom() : new SplittableRandom(options.seed());
    this.store = new GuardedStore<>(options.name(), counters.indexFunctionErrors, adapter);
    this.store.setListener(new GuardedStore.ChangeListener<>() {
      @Override
      public void added(T obj) {
        long arrived = arrivalNanos();
        handlers.forEach(h -> h.added(obj, arrived));
      }

      @Override
      public void updated(T oldObj, T newObj) {
        long arrived = arrivalNanos();
        handlers.forEach(h -> h.updated(oldObj, newObj, arrived));
      }

      @Override
      public void deleted(T obj, boolean finalStateUnknown) {
        long arrived = arrivalNanos();
        handlers.forEach(h -> h.deleted(obj, finalStateUnknown, arrived));
      }
    });
    this.store.addIndexers(indexers);
    this.transform = new ObjectTransform<>(transform, options.name(), counters.transformErrors);
    this.lifecycleListeners = new LifecycleListeners(lifecycleListeners, options.name(), counters.handlerErrors);
    this.reflector = new Reflector<>(optionsWithHandler(), adapter, store, counters, new Reflector.Callbacks() {
      @Override
      public boolean stopping() {
        return state == State.STOPPED;
      }

      @Override
      public void beforeList(String lastResourceVersion) {
        store.withWriteLock(() -> handlers.forEach(h -> h.beforeList(lastResourceVersion, System.nanoTime())));
      }

      @Override
      public void listApplied(String resourceVersion, boolean remainedEmpty) {
        store.withWriteLock(() -> handlers.forEach(h -> h.listDone(resourceVersion, remainedEmpty, arrivalNanos())));
        startFuture.complete(null);
      }

      @Override
      public void terminated(Throwable cause) {
        stoppedFuture.completeExceptionally(cause);
        startFuture.completeExceptionally(cause);
        stop(cause);
      }
    }, this.transform, this.lifecycleListeners, random);
  }

  private GuardOptions optionsWithHandler() {
    // the reflector reads the handler through the options; delegate so exceptionHandler(...) can replace it before start
    return options.withExceptionHandler((started, t) -> exceptionHandler.retryAfterException(started, t));
  }

  /**
   * When the change being passed to handlers reached the informer: the reflector's stamp on its
   * own thread (watch event or list received), now for anything else (initial state, replays).
   */
  private long arrivalNanos() {
    return Thread.currentThread() == reflectorThread ? reflector.arrivalNanos() : System.nanoTime();
  }

  @Override
  public String name() {
    return options.name();
  }

  public GuardOptions options() {
    return options;
  }

  /** The cache and its indexes; each client's view wraps it in that client's {@code Indexer}. */
  public GuardedStore<T> store() {
    return store;
  }

  // ---------------------------------------------------------------- lifecycle

  /**
   * Starts the reflector and the handler threads; completes when the first list is in the cache.
   *
   * @throws IllegalStateException if the informer was stopped
   */
  public CompletableFuture<Void> start() {
    synchronized (lifecycle) {
      if (state == State.STOPPED) {
        throw new IllegalStateException("Cannot restart a stopped informer (" + name() + ")");
      }
      if (state == State.RUNNING) {
        return startFuture;
      }
      state = State.RUNNING;
      if (initialState != null) {
        initialState.forEach(obj -> store.upsert(transform.apply(obj)));
        initialState = null;
      }
      handlers.forEach(HandlerQueue::start);
      for (HandlerQueue<T> h : handlers) {
        scheduleResync(h);
      }
      Thread t = new Thread(reflector::run, "informer-guard-" + name() + "-reflector");
      t.setDaemon(true);
      reflectorThread = t;
      t.start();
      return startFuture;
    }
  }

  /**
   * Stops everything: the watch, any in-flight list, backoff and resync timers and the handler
   * threads. Idempotent. Waits at most the options' {@code closeTimeout} for threads to end; a
   * handler that ignores interruption is left to finish on its own (its thread is a daemon and
   * delivers nothing more).
   */
  public void stop() {
    stop(null);
  }

  private void stop(Throwable cause) {
    synchronized (lifecycle) {
      if (state == State.STOPPED) {
        return;
      }
      state = State.STOPPED;
    }
    reflector.closeWatch();
    Thread rt = reflectorThread;
    if (rt != null && rt != Thread.currentThread()) {
      reflector.interrupt(rt);
    }
    ScheduledThreadPoolExecutor resync = resyncExecutor;
    if (resync != null) {
      resync.shutdownNow();
    }
    handlers.forEach(HandlerQueue::stop);
    startFuture.completeExceptionally(new CancellationException("informer " + name() + " was closed before it synced"));
    stoppedFuture.complete(null);
    awaitThreads();
    lifecycleListeners.onClosed(cause);
  }

  private void awaitThreads() {
    long deadline = System.nanoTime() + options.closeTimeout().toNanos();
    List<Thread> threads = new ArrayList<>();
    if (reflectorThread != null) {
      threads.add(reflectorThread);
    }
    handlers.forEach(h -> threads.add(h.thread()));
    for (Thread t : threads) {
      if (t == Thread.currentThread() || t.getState() == Thread.State.NEW) {
        continue;
      }
      long left = deadline - System.nanoTime();
      try {
        if (left > 0) {
          TimeUnit.NANOSECONDS.timedJoin(t, left);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      if (t.isAlive()) {
        LOG.warn("informer-guard {}: thread {} did not end within {} (a handler ignoring interruption?);"
            + " it is a daemon thread and will exit when the handler returns", name(), t.getName(),
            options.closeTimeout());
      }
    }
  }

  /** Completes when the informer stops; exceptionally when an unrecoverable error stopped it. */
  public CompletableFuture<Void> stopped() {
    return stoppedFuture;
  }

  public boolean isRunning() {
    return state == State.RUNNING;
  }

  public boolean isWatching() {
    return state == State.RUNNING && reflector.watching();
  }

  public boolean hasSynced() {
    return reflector.synced();
  }

  public String lastSyncResourceVersion() {
    return reflector.lastResourceVersion();
  }

  // ---------------------------------------------------------------- handlers and resync

  /**
   * Adds a handler with its own queue and thread and its own resync period ({@code 0}: none);
   * it first receives an add for every cached object. Ignored (with a warning) once stopped.
   *
   * @param handler the user's handler: its identity is what {@link #removeHandler} matches
   */
  public void addHandler(Object handler, EventSink<? super T> sink, long resyncMillis) {
    Objects.requireNonNull(handler, "handler");
    synchronized (lifecycle) {
      if (state == State.STOPPED) {
        LOG.warn("informer-guard {}: handler added to a stopped informer is ignored", name());
        return;
      }
      String threadName = "informer-guard-" + name() + "-handler-" + handlerSeq.incrementAndGet();
      HandlerQueue<T> queue = new HandlerQueue<>(handler, sink, resyncMillis, name(), threadName,
          counters.handlerErrors);
      store.withWriteLock(() -> {
        handlers.add(queue);
        long now = System.nanoTime();
        store.forEachLocked(obj -> queue.added(obj, now));
      });
      if (state == State.RUNNING) {
        queue.start();
        scheduleResync(queue);
      }
    }
  }

  /** Removes every registration of {@code handler} (by identity) and stops its threads. */
  public void removeHandler(Object handler) {
    List<HandlerQueue<T>> removed = new ArrayList<>();
    // the same locks as addHandler(): a removal cannot interleave with an addition's replay of the
    // cache, and under the store's write lock no change is half-way through being fanned out
    synchronized (lifecycle) {
      store.withWriteLock(() -> {
        for (HandlerQueue<T> h : handlers) {
          if (h.handler() == handler) {
            removed.add(h);
          }
        }
        handlers.removeAll(removed);
      });
    }
    removed.forEach(HandlerQueue::stop);
  }

  private void scheduleResync(HandlerQueue<T> h) {
    long period = h.resyncPeriodMillis();
    if (period <= 0) {
      return;
    }
    ScheduledThreadPoolExecutor executor = resyncExecutor;
    if (executor == null) {
      executor = new ScheduledThreadPoolExecutor(1, r -> {
        Thread t = new Thread(r, "informer-guard-" + name() + "-resync");
        t.setDaemon(true);
        return t;
      });
      executor.setRemoveOnCancelPolicy(true);
      resyncExecutor = executor;
    }
    scheduleNextResync(executor, h);
  }

  private void scheduleNextResync(ScheduledThreadPoolExecutor executor, HandlerQueue<T> h) {
    if (state == State.STOPPED || !handlers.contains(h)) {
      return;
    }
    long delay = jittered(h.resyncPeriodMillis());
    try {
      h.resyncTask(executor.schedule(() -> {
        // replay the cache; never a call to the API server
        long now = System.nanoTime();
        store.forEachLocked(obj -> h.updated(obj, obj, now));
        scheduleNextResync(executor, h);
      }, delay, TimeUnit.MILLISECONDS));
    } catch (RejectedExecutionException e) {
      // stopped concurrently
    }
  }

  /** {@code period} scaled by a uniform factor in {@code [1 - jitter, 1 + jitter]}. */
  public long jittered(long periodMillis) {
    double j = options.jitter();
    double factor;
    synchronized (random) {
      factor = 1 + (random.nextDouble() * 2 - 1) * j;
    }
    return Math.max(1, Math.round(periodMillis * factor));
  }

  // ---------------------------------------------------------------- settings before start

  /** Objects put in the cache at {@link #start()}, before the first list. */
  public void initialState(List<T> items) {
    synchronized (lifecycle) {
      requireNotStarted("initialState");
      initialState = new ArrayList<>(items);
    }
  }

  /** Replaces the options' retry policy. */
  public void exceptionHandler(RetryPolicy handler) {
    synchronized (lifecycle) {
      requireNotStarted("exceptionHandler");
      this.exceptionHandler = Objects.requireNonNull(handler, "handler");
    }
  }

  private void requireNotStarted(String what) {
    if (state != State.NEW) {
      throw new AlreadyStartedException(what + " can only be set before the informer " + name() + " starts");
    }
  }

  // ---------------------------------------------------------------- health

  /**
   * Every index entry whose key is not in the cache or whose object no longer carries the
   * indexed value as stored; always empty unless the guard has a bug. For tests and diagnostics.
   */
  public Set<String> staleIndexEntries() {
    Set<String> keys = Set.copyOf(store.listKeys());
    return store.indexSnapshot().entrySet().stream()
        .flatMap(idx -> idx.getValue().entrySet().stream()
            .flatMap(v -> v.getValue().stream()
                .filter(k -> !keys.contains(k))
                .map(k -> idx.getKey() + "=" + v.getKey() + " -> " + k)))
        .collect(Collectors.toSet());
  }

  /** A snapshot of the informer's state and counters. */
  @Override
  public InformerHealth health() {
    long pending = 0;
    long maxPending = 0;
    List<HandlerHealth> perHandler = new ArrayList<>();
    for (HandlerQueue<T> h : handlers) {
      HandlerHealth hh = h.health();
      perHandler.add(hh);
      pending += hh.pending();
      maxPending = Math.max(maxPending, hh.maxPending());
    }
    Instant lastSync = reflector.lastSyncTime();
    return new InformerHealth(name(), isRunning(), isWatching(), hasSynced(), lastSync,
        reflector.lastResourceVersion(), counters.relists.get(), counters.goneSeen.get(),
        counters.watchReconnects.get(), counters.listRequests.get(), counters.handlerErrors.get(),
        counters.indexFunctionErrors.get(), pending, store.size(), counters.transformErrors.get(), maxPending,
        List.copyOf(perHandler));
  }

  @Override
  public String toString() {
    return name() + ", " + state;
  }
}
