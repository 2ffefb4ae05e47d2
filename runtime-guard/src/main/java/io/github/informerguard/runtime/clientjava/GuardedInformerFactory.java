package io.github.informerguard.runtime.clientjava;

import com.google.gson.reflect.TypeToken;
import io.github.informerguard.runtime.InformerHealth;
import io.github.informerguard.runtime.InformerLifecycleListener;
import io.github.informerguard.runtime.RelistBudget;
import io.github.informerguard.runtime.core.Failure;
import io.github.informerguard.runtime.core.GuardOptions;
import io.github.informerguard.runtime.core.RetryPolicy;
import io.github.informerguard.runtime.core.Ticker;
import io.kubernetes.client.common.KubernetesListObject;
import io.kubernetes.client.common.KubernetesObject;
import io.kubernetes.client.informer.ListerWatcher;
import io.kubernetes.client.informer.SharedIndexInformer;
import io.kubernetes.client.informer.SharedInformerFactory;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.Configuration;
import io.kubernetes.client.util.CallGenerator;
import io.kubernetes.client.util.Watch;
import io.kubernetes.client.util.generic.GenericKubernetesApi;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import okhttp3.OkHttpClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A drop-in for client-java's {@link SharedInformerFactory}: replace
 * {@code new SharedInformerFactory(apiClient)} with {@code new GuardedInformerFactory(apiClient)}
 * and every {@code sharedIndexInformerFor(...)} returns a {@link GuardedSharedIndexInformer} on
 * the guard's core. It is a subclass, so {@code ControllerBuilder.defaultBuilder(factory)},
 * {@code ControllerManager} and any code that takes a factory keep working.
 *
 * <p>Differences a user can see, all deliberate:
 * <ul>
 *   <li>An {@code ApiClient} with a non-zero read timeout is accepted (client-java refuses it):
 *       lists use it as it is, watches a copy whose read timeout is 0.</li>
 *   <li>Several informers of one type (other namespaces or selectors) are all started and
 *       stopped; {@link #getExistingSharedIndexInformer} still returns the first of the type.</li>
 *   <li>Informers run on their own daemon threads; an executor passed in is not used for them
 *       (only shut down by {@code stopAllRegisteredInformers(true)}). Stopping is bounded by the
 *       close timeout (default 5 s per informer) and may be called again.</li>
 *   <li>Resync periods below the floor (default 5 minutes) are raised to it, with a warning;
 *       each handler's own period is honoured.</li>
 * </ul>
 *
 * <p>Settings ({@link #relistBudget}, {@link #pageSize}, ...) apply to informers created after
 * them. Thread safety: as client-java's, every public method is synchronized on the factory.
 */
public class GuardedInformerFactory extends SharedInformerFactory {
  private static final Logger LOG = LoggerFactory.getLogger(GuardedInformerFactory.class);

  private final ApiClient apiClient;
  private final ExecutorService threadPool; // the caller's, or null; never runs an informer
  private final boolean reuseExistingCachedInformer;
  // guarded by this: every informer made here, in creation order; names taken per type
  private final List<GuardedSharedIndexInformer<?>> all = new ArrayList<>();
  private final Map<String, Integer> namesTaken = new HashMap<>();
  private OkHttpClient watchHttp; // guarded by this; made on first use

  private long pageSize = 5_000;
  private Duration resyncFloor = Duration.ofMinutes(5);
  private boolean allowShortResync;
  private RelistBudget relistBudget = RelistBudget.defaultShared();
  private Duration closeTimeout = Duration.ofSeconds(5);
  private Duration backoffBase = Duration.ofMillis(500);
  private Duration backoffCap = Duration.ofSeconds(60);
  private Long seed;
  private Ticker ticker = Ticker.SYSTEM;
  private final List<InformerLifecycleListener> lifecycleListeners = new ArrayList<>();

  /**
   * As client-java's deprecated {@code new SharedInformerFactory()}: informers on
   * {@code Configuration.getDefaultApiClient()}. client-java sets that shared client's read timeout
   * to 0 for its watches; this factory needs no such change and leaves the client as it is.
   */
  @Deprecated
  public GuardedInformerFactory() {
    this(Configuration.getDefaultApiClient(), null, false);
  }

  /**
   * As client-java's deprecated {@code new SharedInformerFactory(threadPool)}: the default
   * {@code ApiClient} (left as it is, see {@link #GuardedInformerFactory()}); see the class notes on the pool.
   */
  @Deprecated
  public GuardedInformerFactory(ExecutorService threadPool) {
    this(Configuration.getDefaultApiClient(), threadPool, false);
  }

  /** As {@code new SharedInformerFactory(apiClient)}. */
  public GuardedInformerFactory(ApiClient apiClient) {
    this(apiClient, null, false);
  }

  /** As {@code new SharedInformerFactory(apiClient, reuseCache)}: with true, a second informer of a type is the first. */
  public GuardedInformerFactory(ApiClient apiClient, boolean reuseCache) {
    this(apiClient, null, reuseCache);
  }

  /** As {@code new SharedInformerFactory(apiClient, threadPool)} of client-java 20 and older; see the class notes on the pool. */
  public GuardedInformerFactory(ApiClient apiClient, ExecutorService threadPool) {
    this(apiClient, threadPool, false);
  }

  /** As {@code new SharedInformerFactory(apiClient, threadPool, reuseCache)}; see the class notes on the pool. */
  public GuardedInformerFactory(ApiClient apiClient, ExecutorService threadPool, boolean reuseCache) {
    // (ApiClient) is the one superclass constructor every client-java line since 13 has; its
    // executor (a cached pool, no thread until used) and cache flag are never used here
    super(zeroReadTimeout(Objects.requireNonNull(apiClient, "apiClient")));
    this.apiClient = apiClient;
    this.threadPool = threadPool;
    this.reuseExistingCachedInformer = reuseCache;
  }

  /**
   * What the superclass constructor is given: it refuses a client whose read timeout is not 0,
   * and it keeps the client only for the informers it would build itself, which this class
   * never asks it to. A copy shares the user's connection pool and dispatcher.
   */
  private static ApiClient zeroReadTimeout(ApiClient client) {
    if (client.getReadTimeout() == 0) {
      return client;
    }
    return new ApiClient(client.getHttpClient().newBuilder().readTimeout(0, TimeUnit.MILLISECONDS).build());
  }

  // ---------------------------------------------------------------- settings

  /** Objects per LIST page (limit/continue) for CallGenerator and GenericKubernetesApi informers. Default 5,000. */
  public synchronized GuardedInformerFactory pageSize(long pageSize) {
    if (pageSize < 1) {
      throw new IllegalArgumentException("pageSize must be positive, was " + pageSize);
    }
    this.pageSize = pageSize;
    return this;
  }

  /** The smallest resync period; shorter positive ones are raised to it. Default 5 minutes. */
  public synchronized GuardedInformerFactory resyncFloor(Duration floor) {
    Objects.requireNonNull(floor, "floor");
    if (floor.isNegative()) {
      throw new IllegalArgumentException("resyncFloor must not be negative, was " + floor);
    }
    this.resyncFloor = floor;
    return this;
  }

  /** Keep resync periods below the floor as given (tests, unusual controllers). Default false. */
  public synchronized GuardedInformerFactory allowShortResync(boolean allow) {
    this.allowShortResync = allow;
    return this;
  }

  /** The token bucket that paces re-lists; share one between informers. Default: the JVM-wide one. */
  public synchronized GuardedInformerFactory relistBudget(RelistBudget budget) {
    this.relistBudget = Objects.requireNonNull(budget, "budget");
    return this;
  }

  /** The longest stopping one informer waits for its threads. Default 5 seconds. */
  public synchronized GuardedInformerFactory closeTimeout(Duration timeout) {
    Objects.requireNonNull(timeout, "timeout");
    if (timeout.isNegative()) {
      throw new IllegalArgumentException("closeTimeout must not be negative, was " + timeout);
    }
    this.closeTimeout = timeout;
    return this;
  }

  /** Full-jitter exponential backoff: base and cap. Defaults 500 ms and 60 s. */
  public synchronized GuardedInformerFactory backoff(Duration base, Duration cap) {
    if (base.isNegative() || base.isZero() || cap.compareTo(base) < 0) {
      throw new IllegalArgumentException("backoff needs 0 < base <= cap, was " + base + " and " + cap);
    }
    this.backoffBase = base;
    this.backoffCap = cap;
    return this;
  }

  /** Adds a listener for syncs, re-lists, reconnects, backoffs and closes of every informer made after it. */
  public synchronized GuardedInformerFactory lifecycleListener(InformerLifecycleListener listener) {
    lifecycleListeners.add(Objects.requireNonNull(listener, "listener"));
    return this;
  }

  /** Seeds every random choice (jitter, backoff), for reproducible tests. */
  public synchronized GuardedInformerFactory seed(long seed) {
    this.seed = seed;
    return this;
  }

  /** The time source of backoff and budget waits (tests). */
  synchronized GuardedInformerFactory ticker(Ticker ticker) {
    this.ticker = Objects.requireNonNull(ticker, "ticker");
    return this;
  }

  // ---------------------------------------------------------------- sharedIndexInformerFor

  @Override
  public synchronized <T extends KubernetesObject, L extends KubernetesListObject> SharedIndexInformer<T>
      sharedIndexInformerFor(CallGenerator callGenerator, Class<T> apiTypeClass, Class<L> apiListTypeClass) {
    return sharedIndexInformerFor(callGenerator, apiTypeClass, apiListTypeClass, 0);
  }

  @Override
  public synchronized <T extends KubernetesObject, L extends KubernetesListObject> SharedIndexInformer<T>
      sharedIndexInformerFor(CallGenerator callGenerator, Class<T> apiTypeClass, Class<L> apiListTypeClass,
          long resyncPeriodInMillis) {
    return sharedIndexInformerFor(callGenerator, apiTypeClass, apiListTypeClass, resyncPeriodInMillis, null);
  }

  @Override
  public synchronized <T extends KubernetesObject, L extends KubernetesListObject> SharedIndexInformer<T>
      sharedIndexInformerFor(CallGenerator callGenerator, Class<T> apiTypeClass, Class<L> apiListTypeClass,
          long resyncPeriodInMillis, BiConsumer<Class<T>, Throwable> exceptionHandler) {
    Type watchType = TypeToken.getParameterized(Watch.Response.class, apiTypeClass).getType();
    return register(apiTypeClass, resyncPeriodInMillis, exceptionHandler,
        new CallGeneratorTransport<>(apiClient, watchHttp(), callGenerator, apiListTypeClass, watchType));
  }

  /** Lists in pages if the {@link ListerWatcher} reads {@link ListPageParams}, else in one request. */
  @Override
  public synchronized <T extends KubernetesObject, L extends KubernetesListObject> SharedIndexInformer<T>
      sharedIndexInformerFor(ListerWatcher<T, L> listerWatcher, Class<T> apiTypeClass, long resyncPeriodInMillis) {
    return sharedIndexInformerFor(listerWatcher, apiTypeClass, resyncPeriodInMillis, null);
  }

  @Override
  public synchronized <T extends KubernetesObject, L extends KubernetesListObject> SharedIndexInformer<T>
      sharedIndexInformerFor(ListerWatcher<T, L> listerWatcher, Class<T> apiTypeClass, long resyncPeriodInMillis,
          BiConsumer<Class<T>, Throwable> exceptionHandler) {
    return register(apiTypeClass, resyncPeriodInMillis, exceptionHandler, new ListerWatcherTransport<>(listerWatcher));
  }

  @Override
  public synchronized <T extends KubernetesObject, L extends KubernetesListObject> SharedIndexInformer<T>
      sharedIndexInformerFor(GenericKubernetesApi<T, L> genericKubernetesApi, Class<T> apiTypeClass,
          long resyncPeriodInMillis) {
    return sharedIndexInformerFor(genericKubernetesApi, apiTypeClass, resyncPeriodInMillis, "");
  }

  @Override
  public synchronized <T extends KubernetesObject, L extends KubernetesListObject> SharedIndexInformer<T>
      sharedIndexInformerFor(GenericKubernetesApi<T, L> genericKubernetesApi, Class<T> apiTypeClass,
          long resyncPeriodInMillis, String namespace) {
    return sharedIndexInformerFor(genericKubernetesApi, apiTypeClass, resyncPeriodInMillis, namespace, null);
  }

  @Override
  public synchronized <T extends KubernetesObject, L extends KubernetesListObject> SharedIndexInformer<T>
      sharedIndexInformerFor(GenericKubernetesApi<T, L> genericKubernetesApi, Class<T> apiTypeClass,
          long resyncPeriodInMillis, String namespace, BiConsumer<Class<T>, Throwable> exceptionHandler) {
    Type watchType = TypeToken.getParameterized(Watch.Response.class, apiTypeClass).getType();
    return register(apiTypeClass, resyncPeriodInMillis, exceptionHandler,
        GenericApiCalls.transport(genericKubernetesApi, namespace, watchType));
  }

  @SuppressWarnings("unchecked")
  private <T extends KubernetesObject> SharedIndexInformer<T> register(Class<T> apiType, long resyncMillis,
      BiConsumer<Class<T>, Throwable> exceptionHandler, ClientJavaTransport<T> transport) {
    Type key = TypeToken.get(apiType).getType();
    if (reuseExistingCachedInformer && informers.containsKey(key)) {
      return informers.get(key);
    }
    String name = nameFor(apiType);
    ClientJavaAdapter<T> adapter = new ClientJavaAdapter<>(name, transport);
    GuardOptions d = GuardOptions.defaults(name, retryPolicy(apiType, adapter, exceptionHandler));
    GuardOptions options = new GuardOptions(name, pageSize, Duration.ZERO, resyncFloor, allowShortResync,
        d.jitter(), backoffBase, backoffCap, relistBudget, d.watchTimeout(), d.staleCloseThreshold(), closeTimeout,
        d.startTimeout(), d.exceptionHandler(), seed, ticker);
    GuardedSharedIndexInformer<T> informer = new GuardedSharedIndexInformer<>(apiType, adapter, options,
        resyncMillis, new ResyncFloor(resyncFloor, allowShortResync), List.copyOf(lifecycleListeners));
    all.add(informer);
    // the map client-java code reads: the first informer of each type, as SharedInformerFactory keeps it
    informers.putIfAbsent(key, informer);
    return informer;
  }

  /**
   * Retry unless the failure cannot heal by waiting (the fabric8 guard's rule), after telling the
   * user's handler, as client-java's reflector does on every list and watch failure.
   */
  private static <T extends KubernetesObject> RetryPolicy retryPolicy(Class<T> apiType, ClientJavaAdapter<T> adapter,
      BiConsumer<Class<T>, Throwable> exceptionHandler) {
    return (started, t) -> {
      if (exceptionHandler != null) {
        try {
          exceptionHandler.accept(apiType, t);
        } catch (RuntimeException e) {
          LOG.warn("informer-guard: the exception handler for {} threw", apiType.getSimpleName(), e);
        }
      }
      return adapter.classify(t).kind() != Failure.Kind.FATAL;
    };
  }

  /** {@code pod}, then {@code pod-2}, ...: thread names, logs and metric tags tell same-type informers apart. */
  private String nameFor(Class<?> apiType) {
    String base = apiType.getSimpleName().replaceFirst("^V\\d+(alpha\\d+|beta\\d+)?", "").toLowerCase(Locale.ROOT);
    if (base.isEmpty()) {
      base = apiType.getSimpleName().toLowerCase(Locale.ROOT);
    }
    int n = namesTaken.merge(base, 1, Integer::sum);
    return n == 1 ? base : base + "-" + n;
  }

  private OkHttpClient watchHttp() {
    if (watchHttp == null) {
      watchHttp = apiClient.getHttpClient().newBuilder().readTimeout(0, TimeUnit.MILLISECONDS).build();
    }
    return watchHttp;
  }

  // ---------------------------------------------------------------- lifecycle

  /** Starts every informer made here that is not running yet, without blocking. */
  @Override
  public synchronized void startAllRegisteredInformers() {
    for (GuardedSharedIndexInformer<?> informer : all) {
      if (!informer.isRunning() && !informer.hasStopped()) {
        informer.start();
      }
    }
  }

  /** Stops every informer made here; idempotent, each bounded by the close timeout. */
  @Override
  public synchronized void stopAllRegisteredInformers() {
    stopAllRegisteredInformers(true);
  }

  /** As {@link #stopAllRegisteredInformers()}; with true, also shuts down the executor given to the constructor. */
  @Override
  public synchronized void stopAllRegisteredInformers(boolean shutdownThreadPool) {
    for (GuardedSharedIndexInformer<?> informer : all) {
      informer.stop();
    }
    if (shutdownThreadPool && threadPool != null) {
      threadPool.shutdown();
    }
  }

  /** Every informer made here, in creation order (several of one type included). */
  public synchronized List<GuardedSharedIndexInformer<?>> informers() {
    return List.copyOf(all);
  }

  /** The health of every informer made here, in creation order. */
  public synchronized List<InformerHealth> health() {
    return all.stream().map(GuardedSharedIndexInformer::health).toList();
  }
}
