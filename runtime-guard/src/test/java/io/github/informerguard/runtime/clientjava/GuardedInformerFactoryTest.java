package io.github.informerguard.runtime.clientjava;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.reflect.TypeToken;
import io.github.informerguard.runtime.InformerLifecycleListener;
import io.github.informerguard.runtime.RelistBudget;
import io.github.informerguard.runtime.core.InformerMeterBinder;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.Poll;
import io.github.informerguard.runtime.testing.RecordingTicker;
import io.github.informerguard.runtime.testing.TcpFaultProxy;
import io.github.informerguard.runtime.testing.Threads;
import io.kubernetes.client.extended.controller.Controller;
import io.kubernetes.client.extended.controller.ControllerManager;
import io.kubernetes.client.extended.controller.builder.ControllerBuilder;
import io.kubernetes.client.extended.controller.reconciler.Result;
import io.kubernetes.client.informer.ListerWatcher;
import io.kubernetes.client.informer.ResourceEventHandler;
import io.kubernetes.client.informer.SharedIndexInformer;
import io.kubernetes.client.informer.cache.Lister;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1Pod;
import io.kubernetes.client.openapi.models.V1PodList;
import io.kubernetes.client.util.CallGenerator;
import io.kubernetes.client.util.CallGeneratorParams;
import io.kubernetes.client.util.ClientBuilder;
import io.kubernetes.client.util.Watch;
import io.kubernetes.client.util.Watchable;
import io.kubernetes.client.util.generic.GenericKubernetesApi;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The client-java factory against the fault-injecting API server over real HTTP (watches
 * streamed as client-java reads them), with client-java's own {@code ApiClient}, {@code CoreV1Api},
 * {@code GenericKubernetesApi}, {@code Lister} and controller runtime.
 */
class GuardedInformerFactoryTest {
  private static final String NS = FaultInjectingApiServer.NAMESPACE;

  private FaultInjectingApiServer server;
  private ApiClient client;
  private GuardedInformerFactory factory;
  private Set<Thread> threadsBefore;

  /** What one handler saw: the view it would hold, and its counts. */
  static final class View implements ResourceEventHandler<V1Pod> {
    private static String key(V1Pod pod) {
      return pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName();
    }

    final Map<String, String> versions = new ConcurrentHashMap<>();
    final AtomicInteger resyncs = new AtomicInteger();
    final AtomicInteger finalStateUnknownDeletes = new AtomicInteger();

    @Override
    public void onAdd(V1Pod obj) {
      versions.put(key(obj), obj.getMetadata().getResourceVersion());
    }

    @Override
    public void onUpdate(V1Pod oldObj, V1Pod newObj) {
      if (oldObj == newObj) {
        resyncs.incrementAndGet();
      }
      versions.put(key(newObj), newObj.getMetadata().getResourceVersion());
    }

    @Override
    public void onDelete(V1Pod obj, boolean deletedFinalStateUnknown) {
      if (deletedFinalStateUnknown) {
        finalStateUnknownDeletes.incrementAndGet();
      }
      versions.remove(key(obj));
    }
  }

  @BeforeEach
  void setUp() {
    threadsBefore = Threads.live();
    server = new FaultInjectingApiServer();
    for (int i = 0; i < 5; i++) {
      server.create("pod-" + i, Map.of("app", i % 2 == 0 ? "even" : "odd"));
    }
    // a read timeout as ordinary code sets it: client-java's own factory refuses this client
    client = new ClientBuilder().setBasePath(server.streamingUri().toString()).setReadTimeout(Duration.ofSeconds(10))
        .build();
    factory = new GuardedInformerFactory(client).relistBudget(RelistBudget.of(100, Duration.ofMillis(1)))
        .backoff(Duration.ofMillis(10), Duration.ofMillis(100)).seed(1);
  }

  @AfterEach
  void tearDown() {
    factory.stopAllRegisteredInformers();
    server.close();
  }

  private CallGenerator pods(String labelSelector) {
    CoreV1Api api = new CoreV1Api(client);
    return params -> api.listNamespacedPod(NS).labelSelector(labelSelector).resourceVersion(params.resourceVersion)
        .timeoutSeconds(params.timeoutSeconds).watch(params.watch).buildCall(null);
  }

  private SharedIndexInformer<V1Pod> podInformer() {
    return factory.sharedIndexInformerFor(pods(null), V1Pod.class, V1PodList.class);
  }

  private void awaitConverged(View view) {
    Poll.until(() -> view.versions.equals(server.objectVersions()),
        () -> "handler view " + view.versions + " equals the server's " + server.objectVersions());
  }

  @Test
  void syncsAndDeliversEventsWithAClientThatHasAReadTimeout() {
    SharedIndexInformer<V1Pod> informer = podInformer();
    View view = new View();
    informer.addEventHandler(view);
    factory.startAllRegisteredInformers();
    Poll.until(informer::hasSynced, () -> "synced");
    server.create("pod-new", Map.of());
    server.update("pod-1", Map.of("x", "y"));
    server.delete("pod-2");
    awaitConverged(view);
    assertThat(informer.getIndexer().listKeys()).hasSize(5).contains(NS + "/pod-new").doesNotContain(NS + "/pod-2");
    assertThat(informer.lastSyncResourceVersion()).isNotNull();
    // the watch streams over a client with no read timeout, the lists over the user's
    assertThat(server.watchRequests()).isNotEmpty();
    assertThat(server.lists().get(0).query()).containsEntry("limit", "5000").doesNotContainKey("resourceVersion");
  }

  @Test
  void listerReadsTheGuardedIndexer() {
    SharedIndexInformer<V1Pod> informer = podInformer();
    factory.startAllRegisteredInformers();
    Poll.until(informer::hasSynced, () -> "synced");
    Lister<V1Pod> lister = new Lister<>(informer.getIndexer());
    assertThat(lister.namespace(NS).list()).hasSize(5);
    assertThat(lister.namespace("elsewhere").list()).isEmpty();
    assertThat(lister.namespace(NS).get("pod-3").getMetadata().getName()).isEqualTo("pod-3");
  }

  @Test
  void goneRelistsAndDeliversTheDeletesTheWatchMissed() {
    SharedIndexInformer<V1Pod> informer = podInformer();
    View view = new View();
    informer.addEventHandler(view);
    factory.startAllRegisteredInformers();
    Poll.until(() -> informer.hasSynced() && server.openWatches() == 1, () -> "synced and watching");
    server.failWatchHandshakes(1000, 500); // keep it disconnected while things change
    server.dropAllWatches();
    server.delete("pod-0");
    server.delete("pod-3");
    server.compact();
    server.failWatchHandshakes(0, 500);
    awaitConverged(view);
    GuardedSharedIndexInformer<?> guarded = (GuardedSharedIndexInformer<?>) informer;
    Poll.until(() -> guarded.health().relists() >= 1, () -> "a relist");
    assertThat(guarded.health().goneSeen()).isGreaterThanOrEqualTo(1);
    assertThat(view.finalStateUnknownDeletes).hasValue(2);
    var lastList = server.lists().get(server.lists().size() - 1);
    assertThat(lastList.query().get("resourceVersion")).isNull();
  }

  /**
   * Starts {@code informer} on slow lists, expires every continue token (and compacts) once the first
   * page has been asked for, and waits until it has synced all the same.
   */
  private void syncThroughAnExpiredContinueToken(GuardedSharedIndexInformer<V1Pod> informer) {
    server.slowLists(Duration.ofMillis(200));
    informer.start();
    Poll.until(() -> server.lists().size() >= 1, () -> "first page requested");
    server.expireContinueTokens();
    server.compact();
    server.slowLists(Duration.ZERO);
    informer.start().join();
  }

  @Test
  void expiredContinueTokenRestartsTheListFromTheFirstPage() {
    GuardedSharedIndexInformer<V1Pod> informer = (GuardedSharedIndexInformer<V1Pod>) factory.pageSize(2)
        .sharedIndexInformerFor(pods(null), V1Pod.class, V1PodList.class);
    syncThroughAnExpiredContinueToken(informer);
    assertThat(informer.health().goneSeen()).isGreaterThanOrEqualTo(1);
    assertThat(server.lists().stream().filter(r -> r.query().get("continue") == null).count())
        .isGreaterThanOrEqualTo(2);
    assertThat(informer.getIndexer().listKeys()).hasSize(5);
  }

  /**
   * A user's {@link ListerWatcher} on {@link CoreV1Api}, as client-java code writes one; with
   * {@code pages} it passes the page the informer asks for ({@link ListPageParams}) on, with a
   * fixed {@code ownLimit} it pages by itself and ignores the informer's.
   */
  private ListerWatcher<V1Pod, V1PodList> listerWatcher(boolean pages, Integer ownLimit) {
    CoreV1Api lists = new CoreV1Api(client);
    ApiClient watchClient = new ClientBuilder().setBasePath(server.streamingUri().toString()).build();
    CoreV1Api watches = new CoreV1Api(watchClient);
    return new ListerWatcher<>() {
      @Override
      public V1PodList list(CallGeneratorParams params) throws ApiException {
        CoreV1Api.APIlistNamespacedPodRequest request = lists.listNamespacedPod(NS).limit(ownLimit);
        if (pages && params instanceof ListPageParams page) {
          request.limit(page.limit())._continue(page.continueToken());
        }
        return request.execute();
      }

      @Override
      public Watchable<V1Pod> watch(CallGeneratorParams params) throws ApiException {
        return Watch.createWatch(watchClient, watches.listNamespacedPod(NS).watch(true).allowWatchBookmarks(true)
            .resourceVersion(params.resourceVersion).timeoutSeconds(params.timeoutSeconds).buildCall(null),
            new TypeToken<Watch.Response<V1Pod>>() {}.getType());
      }
    };
  }

  @Test
  void aListerWatcherThatTakesThePageIsListedInPagesAndReListedFromTheFirstAfterAnExpiredToken() {
    GuardedSharedIndexInformer<V1Pod> informer = (GuardedSharedIndexInformer<V1Pod>) factory.pageSize(2)
        .sharedIndexInformerFor(listerWatcher(true, null), V1Pod.class, 0);
    View view = new View();
    informer.addEventHandler(view);
    syncThroughAnExpiredContinueToken(informer);
    assertThat(server.lists()).allMatch(r -> "2".equals(r.query().get("limit")), "every page asked with limit=2");
    assertThat(server.lists()).anyMatch(r -> r.query().get("continue") != null);
    assertThat(informer.health().goneSeen()).isGreaterThanOrEqualTo(1);
    assertThat(server.lists().stream().filter(r -> r.query().get("continue") == null).count())
        .as("the expired token restarted the list from its first page").isGreaterThanOrEqualTo(2);
    assertThat(informer.getIndexer().listKeys()).hasSize(5);
    server.create("pod-late", Map.of());
    awaitConverged(view);
  }

  @Test
  void aListerWatcherThatIgnoresThePageIsListedInOneRequest() {
    SharedIndexInformer<V1Pod> informer = factory.pageSize(2)
        .sharedIndexInformerFor(listerWatcher(false, null), V1Pod.class, 0);
    factory.startAllRegisteredInformers();
    Poll.until(informer::hasSynced, () -> "synced");
    assertThat(server.lists()).hasSize(1);
    assertThat(server.lists().get(0).query()).doesNotContainKey("limit").doesNotContainKey("continue");
    assertThat(informer.getIndexer().listKeys()).hasSize(5);
  }

  @Test
  void aListerWatcherThatPagesByItsOwnLimitButTakesNoTokenIsListedOnceNotForever() {
    SharedIndexInformer<V1Pod> informer = factory.sharedIndexInformerFor(listerWatcher(false, 2), V1Pod.class, 0);
    factory.startAllRegisteredInformers();
    Poll.until(informer::hasSynced, () -> "synced");
    // its continue token cannot be passed back: its first page is the list, as in client-java's informer
    assertThat(server.lists()).hasSize(1);
    assertThat(informer.getIndexer().listKeys()).hasSize(2);
  }

  @Test
  void retryAfterOnAListAndOnAWatchHandshakeIsTheLeastWait() {
    RecordingTicker ticker = new RecordingTicker();
    factory.ticker(ticker);
    server.failNextLists(1, 429, 3, true); // the header only, no Status details
    SharedIndexInformer<V1Pod> informer = podInformer();
    factory.startAllRegisteredInformers();
    Poll.until(informer::hasSynced, () -> "synced after the 429");
    assertThat(ticker.sleptMillis).anyMatch(ms -> ms >= 3000);
    Poll.until(() -> server.openWatches() == 1, () -> "watching");
    ticker.sleptMillis.clear();
    server.failWatchHandshakes(1, 429, 2);
    server.dropAllWatches();
    Poll.until(() -> ticker.sleptMillis.stream().anyMatch(ms -> ms >= 2000),
        () -> "a wait of the handshake's Retry-After (2 s), waits were " + ticker.sleptMillis);
  }

  @Test
  void runStartsTheInformerAndReturnsAsClientJavasDoes() throws InterruptedException {
    SharedIndexInformer<V1Pod> informer = podInformer();
    View view = new View();
    informer.addEventHandler(view);
    // Code written for client-java's informer calls run() on its own thread and goes on: the
    // call must return while the informer syncs and watches on threads of its own.
    Thread caller = new Thread(informer::run, "run-caller");
    caller.start();
    Poll.until(() -> !caller.isAlive(), () -> "run() returned to its caller");
    Poll.until(() -> informer.hasSynced() && server.openWatches() == 1, () -> "synced and watching after run()");
    server.create("pod-late", Map.of("app", "even"));
    awaitConverged(view);
  }

  @Test
  void stopEndsEveryThreadAndIsIdempotent() {
    SharedIndexInformer<V1Pod> informer = podInformer();
    informer.addEventHandler(new View());
    informer.addEventHandlerWithResyncPeriod(new View(), Duration.ofMinutes(10).toMillis());
    factory.startAllRegisteredInformers();
    Poll.until(() -> informer.hasSynced() && server.openWatches() == 1, () -> "synced and watching");
    Set<String> expected = Set.of("informer-guard-pod-reflector", "informer-guard-pod-watch",
        "informer-guard-pod-handler-1", "informer-guard-pod-handler-2", "informer-guard-pod-resync");
    Poll.until(() -> Threads.newSince(threadsBefore, "informer-guard-").containsAll(expected),
        () -> "every informer thread running: " + Threads.newSince(threadsBefore, "informer-guard-"));
    assertThat(Threads.live().stream().filter(t -> t.getName().startsWith("informer-guard-pod"))).allMatch(Thread::isDaemon);
    factory.stopAllRegisteredInformers();
    factory.stopAllRegisteredInformers();
    Poll.until(() -> Threads.newSince(threadsBefore, "informer-guard-").isEmpty(),
        () -> "no informer thread left: " + Threads.newSince(threadsBefore, "informer-guard-"));
  }

  @Test
  void severalInformersOfOneTypeAreAllStartedAndTheFirstIsTheExistingOne() {
    SharedIndexInformer<V1Pod> even = factory.sharedIndexInformerFor(pods("app=even"), V1Pod.class, V1PodList.class);
    SharedIndexInformer<V1Pod> odd = factory.sharedIndexInformerFor(pods("app=odd"), V1Pod.class, V1PodList.class);
    GenericKubernetesApi<V1Pod, V1PodList> generic =
        new GenericKubernetesApi<>(V1Pod.class, V1PodList.class, "", "v1", "pods", client);
    SharedIndexInformer<V1Pod> all = factory.sharedIndexInformerFor(generic, V1Pod.class, 0, NS);
    factory.startAllRegisteredInformers();
    Poll.until(() -> even.hasSynced() && odd.hasSynced() && all.hasSynced(), () -> "all three synced");
    assertThat(even.getIndexer().listKeys()).hasSize(3);
    assertThat(odd.getIndexer().listKeys()).hasSize(2);
    assertThat(all.getIndexer().listKeys()).hasSize(5);
    assertThat(factory.getExistingSharedIndexInformer(V1Pod.class)).isSameAs(even);
    assertThat(factory.health()).extracting(h -> h.name()).containsExactly("pod", "pod-2", "pod-3");
  }

  @Test
  void eachHandlerGetsItsOwnResyncPeriod() {
    factory.allowShortResync(true);
    SharedIndexInformer<V1Pod> informer = podInformer();
    View resyncing = new View();
    View quiet = new View();
    informer.addEventHandlerWithResyncPeriod(resyncing, 100);
    informer.addEventHandler(quiet); // the informer's period: 0
    factory.startAllRegisteredInformers();
    Poll.until(() -> resyncing.resyncs.get() >= 10, () -> "resyncs of the 100 ms handler");
    assertThat(quiet.resyncs).hasValue(0);
  }

  @Test
  void aShortResyncIsRaisedToTheFloor() {
    SharedIndexInformer<V1Pod> informer =
        factory.sharedIndexInformerFor(pods(null), V1Pod.class, V1PodList.class, 1000);
    View view = new View();
    informer.addEventHandlerWithResyncPeriod(view, 500);
    factory.startAllRegisteredInformers();
    Poll.until(informer::hasSynced, () -> "synced");
    awaitConverged(view);
    assertThat(view.resyncs).hasValue(0); // a 500 ms period would have resynced by now; 5 minutes has not
  }

  @Test
  void throwingHandlersAndIndexFunctionsLeaveTheCacheIntact() {
    SharedIndexInformer<V1Pod> informer = podInformer();
    informer.addIndexers(Map.of("byLabel", pod -> {
      if (pod.getMetadata().getName().equals("pod-1")) {
        throw sneaky(new java.io.IOException("index function failure"));
      }
      return List.of(pod.getMetadata().getLabels().get("app"));
    }));
    View view = new View();
    informer.addEventHandler(new ResourceEventHandler<>() {
      @Override
      public void onAdd(V1Pod obj) {
        throw sneaky(new Exception("handler failure"));
      }

      @Override
      public void onUpdate(V1Pod oldObj, V1Pod newObj) {
        throw new IllegalStateException("handler failure");
      }

      @Override
      public void onDelete(V1Pod obj, boolean deletedFinalStateUnknown) {
        throw new AssertionError("handler failure");
      }
    });
    informer.addEventHandler(view);
    factory.startAllRegisteredInformers();
    Poll.until(informer::hasSynced, () -> "synced");
    server.update("pod-3", Map.of("app", "odd", "x", "y"));
    server.delete("pod-4");
    awaitConverged(view);
    GuardedSharedIndexInformer<?> guarded = (GuardedSharedIndexInformer<?>) informer;
    assertThat(informer.getIndexer().listKeys()).hasSize(4);
    assertThat(informer.getIndexer().byIndex("byLabel", "even")).extracting(p -> p.getMetadata().getName())
        .containsExactlyInAnyOrder("pod-0", "pod-2");
    // the throwing handler has its own thread: the good handler's view converging says nothing of
    // how far it got: wait until it has thrown on every event (5 adds, 1 update, 1 delete)
    Poll.until(() -> guarded.health().handlerErrors() >= 7,
        () -> "the throwing handler saw every event, errors " + guarded.health().handlerErrors());
    assertThat(guarded.health().indexFunctionErrors()).isGreaterThanOrEqualTo(1);
    assertThat(guarded.staleIndexEntries()).isEmpty();
  }

  @Test
  void controllerBuilderAndManagerRunOnTheGuardedFactory() throws Exception {
    podInformer();
    Set<String> reconciled = ConcurrentHashMap.newKeySet();
    Controller controller = ControllerBuilder.defaultBuilder(factory)
        .watch(queue -> ControllerBuilder.controllerWatchBuilder(V1Pod.class, queue).build())
        .withReconciler(request -> {
          reconciled.add(request.getName());
          return new Result(false);
        })
        .withName("pods")
        .withReadyFunc(() -> factory.getExistingSharedIndexInformer(V1Pod.class).hasSynced())
        .build();
    ControllerManager manager = ControllerBuilder.controllerManagerBuilder(factory).addController(controller).build();
    Thread runner = new Thread(manager, "controller-manager");
    runner.setDaemon(true);
    runner.start();
    try {
      Poll.until(() -> reconciled.size() == 5, () -> "every pod reconciled, got " + reconciled);
      server.create("pod-late", Map.of());
      Poll.until(() -> reconciled.contains("pod-late"), () -> "the new pod reconciled");
    } finally {
      manager.shutdown();
      runner.join(TimeUnit.SECONDS.toMillis(30));
    }
    assertThat(factory.informers()).allMatch(i -> !i.isRunning());
  }

  @Test
  void lifecycleListenerSeesTheSync() {
    List<String> events = new CopyOnWriteArrayList<>();
    factory.lifecycleListener(new InformerLifecycleListener() {
      @Override
      public void onSynced(String resourceVersion, int cacheSize, boolean relist) {
        events.add("synced " + cacheSize);
      }
    });
    SharedIndexInformer<V1Pod> informer = podInformer();
    factory.startAllRegisteredInformers();
    Poll.until(() -> !events.isEmpty(), () -> "the listener told of the sync"); // told after hasSynced turns true
    assertThat(events).containsExactly("synced 5");
  }

  /** A factory whose client reaches the streaming address through {@code proxy} (resets, held handshakes). */
  private GuardedInformerFactory factoryThrough(TcpFaultProxy proxy) {
    ApiClient proxied = new ClientBuilder().setBasePath(proxy.url().replaceAll("/$", "")).build();
    client = proxied;
    return factory = new GuardedInformerFactory(proxied).relistBudget(RelistBudget.of(100, Duration.ofMillis(1)))
        .backoff(Duration.ofMillis(10), Duration.ofMillis(100)).seed(1);
  }

  /** The informer of the test namespace's pods on a {@link GenericKubernetesApi} of {@link #client}. */
  private SharedIndexInformer<V1Pod> genericInformer() {
    GenericKubernetesApi<V1Pod, V1PodList> api =
        new GenericKubernetesApi<>(V1Pod.class, V1PodList.class, "", "v1", "pods", client);
    return factory.sharedIndexInformerFor(api, V1Pod.class, 0, NS);
  }

  /**
   * Stops an informer while the proxy holds its first LIST ({@code list}) or, once it synced, its
   * watch handshake. The client has no read timeout, so nothing ends the held call for it: only a
   * cancelled call lets the reflector, and with it every informer thread (the handler's included),
   * end. For a held LIST the proxy also sees the client give the request up (close its connection).
   */
  private void stopDuringAHeldCall(Supplier<SharedIndexInformer<V1Pod>> informerOf, boolean list) {
    try (TcpFaultProxy proxy = new TcpFaultProxy(server.streamingUri())) {
      factoryThrough(proxy);
      client.setReadTimeout(0);
      if (list) {
        proxy.holdLists();
      } else {
        proxy.holdWatchHandshakes();
      }
      SharedIndexInformer<V1Pod> informer = informerOf.get();
      informer.addEventHandler(new View());
      factory.startAllRegisteredInformers();
      Poll.until(() -> list ? proxy.heldLists() == 1 : informer.hasSynced() && proxy.heldHandshakes() == 1,
          () -> "the call held in the proxy");
      informer.stop();
      if (list) {
        Poll.until(() -> proxy.abandonedLists() == 1, () -> "the client closed the held list's connection");
      }
      Poll.until(() -> Threads.newSince(threadsBefore, "informer-guard-").isEmpty(),
          () -> "every informer thread ended: " + Threads.newSince(threadsBefore, "informer-guard-"));
      if (list) {
        assertThat(proxy.heldLists()).as("no list request left open").isZero();
        assertThat(server.lists()).as("the held list never reached the server").isEmpty();
      } else {
        assertThat(proxy.heldHandshakes()).as("still held when the informer had ended").isEqualTo(1);
        proxy.releaseWatchHandshakes();
      }
    }
  }

  @ParameterizedTest(name = "a {0} informer, its {1} held")
  @CsvSource({"CallGenerator, LIST", "GenericKubernetesApi, LIST", "CallGenerator, watch handshake",
      "GenericKubernetesApi, watch handshake"})
  void stopDuringAHeldCallCancelsIt(String form, String held) {
    stopDuringAHeldCall(form.equals("CallGenerator") ? this::podInformer : this::genericInformer, held.equals("LIST"));
  }

  @Test
  void aTcpResetResumesTheWatchWithoutAList() {
    try (TcpFaultProxy proxy = new TcpFaultProxy(server.streamingUri())) {
      factoryThrough(proxy);
      GuardedSharedIndexInformer<V1Pod> informer = (GuardedSharedIndexInformer<V1Pod>) podInformer();
      View view = new View();
      informer.addEventHandler(view);
      factory.startAllRegisteredInformers();
      Poll.until(() -> informer.hasSynced() && server.openWatches() == 1, () -> "synced and watching");
      server.create("pod-before-reset", Map.of());
      awaitConverged(view);
      server.clearRequestLog();
      assertThat(proxy.resetWatchConnections()).isEqualTo(1);
      server.create("pod-after-reset", Map.of());
      awaitConverged(view);
      assertThat(server.lists()).isEmpty();
      assertThat(server.watchRequests()).isNotEmpty()
          .allMatch(r -> r.query().get("resourceVersion") != null, "resumed from a resourceVersion");
      assertThat(informer.health().relists()).isZero();
      assertThat(informer.health().watchReconnects()).isGreaterThanOrEqualTo(1);
    }
  }

  @Test
  void theMicrometerBinderReadsTheInformersHealth() {
    GuardedSharedIndexInformer<V1Pod> informer = (GuardedSharedIndexInformer<V1Pod>) podInformer();
    informer.addEventHandler(new View());
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    new InformerMeterBinder(informer).bindTo(registry);
    factory.startAllRegisteredInformers();
    Poll.until(informer::hasSynced, () -> "synced");
    assertThat(registry.get("informer.guard.cache.size").tag("informer", "pod").gauge().value()).isEqualTo(5.0);
    assertThat(registry.get("informer.guard.synced").gauge().value()).isEqualTo(1.0);
    assertThat(registry.get("informer.guard.list.requests").functionCounter().count()).isEqualTo(1.0);
  }

  @SuppressWarnings("unchecked")
  private static <E extends Throwable> RuntimeException sneaky(Throwable t) throws E {
    throw (E) t;
  }
}
