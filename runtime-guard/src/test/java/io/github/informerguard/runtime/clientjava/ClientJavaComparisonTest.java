package io.github.informerguard.runtime.clientjava;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.informerguard.runtime.InformerLifecycleListener;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer.Request;
import io.github.informerguard.runtime.testing.Poll;
import io.kubernetes.client.informer.ResourceEventHandler;
import io.kubernetes.client.informer.SharedIndexInformer;
import io.kubernetes.client.informer.SharedInformerFactory;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.models.V1Pod;
import io.kubernetes.client.openapi.models.V1PodList;
import java.util.ArrayList;
import java.util.Arrays;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * client-java 24's own informer ({@code SharedInformerFactory} / {@code DefaultSharedIndexInformer})
 * and the guard's {@link GuardedInformerFactory}, side by side on the same fault-injecting API
 * server over real HTTP, one test per failure mode of issue 13; the same informer code on both,
 * only the factory's constructor differs. Both sides are asserted: client-java's as observed, so
 * a client-java release that changes it fails here and the table in {@code runtime-guard/README.md}
 * ("Where client-java's informer diverges") gets revisited. Every figure is printed as
 * {@code DIVERGENCE <scenario>: guard=... client-java=...}. Behaviour is read from counts and from the
 * server's request log, never from elapsed-time thresholds (the one lower bound below comes from a
 * fixed delay that a loaded machine can only lengthen).
 */
class ClientJavaComparisonTest {
  private FaultInjectingApiServer server;
  private ClientJavaServer cj;
  private final List<SharedInformerFactory> factories = new ArrayList<>();
  private final List<Throwable> informerErrors = new CopyOnWriteArrayList<>();

  @BeforeEach
  void setUp() {
    server = new FaultInjectingApiServer();
    cj = new ClientJavaServer(server);
    for (int i = 0; i < 10; i++) {
      server.create("pod-" + i, Map.of("v", "0", "app", i % 2 == 0 ? "a" : "b"));
    }
  }

  @AfterEach
  void tearDown() {
    informerErrors.stream().limit(3).forEach(t -> System.out.println("CLIENT-JAVA informer error: " + t));
    factories.forEach(f -> f.stopAllRegisteredInformers(true));
    server.close();
  }

  private static void record(String scenario, Object guard, Object clientJava) {
    System.out.printf("DIVERGENCE %s: guard=%s client-java=%s%n", scenario, guard, clientJava);
  }

  private SharedInformerFactory factory() {
    SharedInformerFactory f = new SharedInformerFactory(cj.informerApiClient());
    factories.add(f);
    return f;
  }

  /**
   * The guard's factory on the same server, with an ApiClient as ordinary code builds it (10 s read
   * timeout) and a relist budget that never waits, so that only the behaviour compared shows.
   */
  private GuardedInformerFactory guardFactory() {
    GuardedInformerFactory f = new GuardedInformerFactory(cj.defaultApiClient())
        .relistBudget(io.github.informerguard.runtime.RelistBudget.of(100, java.time.Duration.ofMillis(1))).seed(7);
    factories.add(f);
    return f;
  }

  private SharedIndexInformer<V1Pod> podInformer(SharedInformerFactory f, String selector, long resyncMillis) {
    ApiClient client = cj.informerApiClient();
    return f.sharedIndexInformerFor(ClientJavaServer.pods(client, selector), V1Pod.class, V1PodList.class,
        resyncMillis, (type, t) -> informerErrors.add(t));
  }

  private static Map<String, String> versions(List<V1Pod> pods) {
    Map<String, String> m = new TreeMap<>();
    pods.forEach(p -> m.put(PodView.key(p), p.getMetadata().getResourceVersion()));
    return m;
  }

  // ---------------------------------------------------------------- resync

  /** Resyncs of a handler that asked for 10 min while one at the informer's 1 s saw two rounds. */
  private int tenMinuteHandlerResyncs(SharedInformerFactory f) {
    SharedIndexInformer<V1Pod> informer = podInformer(f, null, 1000); // client-java's minimum period
    PodView everySecond = new PodView();
    PodView everyTenMinutes = new PodView();
    informer.addEventHandler(everySecond);
    informer.addEventHandlerWithResyncPeriod(everyTenMinutes, 600_000);
    f.startAllRegisteredInformers();
    Poll.until(() -> everySecond.resyncs.get() >= 20, () -> "two resync rounds of the informer's period");
    int tenMinuteResyncs = everyTenMinutes.resyncs.get();
    f.stopAllRegisteredInformers();
    return tenMinuteResyncs;
  }

  @Test
  void handlersOwnResyncPeriodIsIgnoredByClientJavaAndHonouredByTheGuard() {
    int clientJava = tenMinuteHandlerResyncs(factory());
    int guard = tenMinuteHandlerResyncs(guardFactory().allowShortResync(true));
    record("resyncs of a handler that asked for 10 min while the informer's 1 s handler saw two rounds (10 pods)",
        guard, clientJava);
    // kubernetes-client/java#2219: the listener gets the informer's check period, not its own
    assertThat(clientJava).isGreaterThanOrEqualTo(10);
    assertThat(guard).isZero();
  }

  // ---------------------------------------------------------------- backoff

  /** Milliseconds between the LIST requests, at the server, until the informer synced after five 500s. */
  private long[] listRetryGaps(SharedInformerFactory f) {
    server.clearRequestLog();
    server.failNextLists(5, 500, 0);
    SharedIndexInformer<V1Pod> informer = podInformer(f, null, 0);
    f.startAllRegisteredInformers();
    Poll.until(informer::hasSynced, () -> "synced after 5 failed LISTs");
    List<Long> at = server.lists().stream().map(Request::nanoTime).sorted().toList();
    f.stopAllRegisteredInformers();
    assertThat(at).hasSize(6);
    long[] gaps = new long[at.size() - 1];
    for (int i = 1; i < at.size(); i++) {
      gaps[i - 1] = (at.get(i) - at.get(i - 1)) / 1_000_000;
    }
    return gaps;
  }

  private static String describe(long[] gaps) {
    long min = Arrays.stream(gaps).min().orElseThrow();
    long max = Arrays.stream(gaps).max().orElseThrow();
    return Arrays.toString(gaps) + " ms, max/min " + String.format(Locale.ROOT, "%.2f", (double) max / Math.max(1, min));
  }

  @Test
  void failingListIsRetriedAtAFixedOneSecondByClientJavaAndWithJitteredExponentialBackoffByTheGuard() {
    long[] clientJava = listRetryGaps(factory());
    // the five injected 500s reach the exception handler; the interrupted watch that stop() may
    // leave behind is reported there too, so count only the LIST failures
    assertThat(informerErrors.stream()
        .filter(t -> t instanceof ApiException e && e.getCode() == 500)).hasSize(5);
    // the guard's waits as it drew them (told to its lifecycle listeners before each wait)
    List<Long> drawn = new CopyOnWriteArrayList<>();
    List<Integer> attempts = new CopyOnWriteArrayList<>();
    // base 100 ms, so the fifth wait is drawn from [0, 1.6 s): the run stays short
    long[] guard = listRetryGaps(guardFactory().backoff(Duration.ofMillis(100), Duration.ofSeconds(10))
        .lifecycleListener(new InformerLifecycleListener() {
          @Override
          public void onBackoff(Duration delay, int attempt, Throwable cause) {
            drawn.add(delay.toMillis());
            attempts.add(attempt);
          }
        }));
    record("gaps between LIST retries under five 500s", describe(guard) + ", waits drawn " + drawn,
        describe(clientJava));
    // client-java reschedules its reflector with a fixed 1 s delay after each failed run: a gap is
    // never shorter (load can only lengthen it), and the waits do not grow: a backoff that doubles
    // from 1 s would make the last 16x the first, a fixed delay keeps every gap within a few
    // seconds of load of the shortest
    long clientJavaMin = Arrays.stream(clientJava).min().orElseThrow();
    assertThat(clientJavaMin).isGreaterThanOrEqualTo(950);
    assertThat(Arrays.stream(clientJava).max().orElseThrow()).isLessThan(4 * clientJavaMin);
    // the guard: one wait per failure, retry n drawn from [0, 100 ms * 2^n) (full jitter), so they
    // differ, and a wait drawn from [0, base) is shorter than any fixed 1 s delay
    // (the first five: those of the five failed LISTs, whatever the watch meets after the sync)
    assertThat(attempts).hasSizeGreaterThanOrEqualTo(5);
    assertThat(attempts.subList(0, 5)).containsExactly(0, 1, 2, 3, 4);
    for (int n = 0; n < 5; n++) {
      assertThat(drawn.get(n)).as("wait %d", n).isBetween(0L, 100L << n);
    }
    assertThat(drawn.subList(0, 5).stream().distinct().count()).isGreaterThan(1);
    assertThat(drawn.get(0)).isLessThan(clientJavaMin);
  }

  // ---------------------------------------------------------------- stop and threads

  /** Blocks in onAdd until released, swallowing interrupts, as careless handler code does. */
  static final class StuckHandler implements ResourceEventHandler<V1Pod> {
    final CountDownLatch entered = new CountDownLatch(1);
    final AtomicBoolean release = new AtomicBoolean();
    final AtomicInteger interruptsSwallowed = new AtomicInteger();

    @Override
    public void onAdd(V1Pod obj) {
      entered.countDown();
      while (!release.get()) {
        try {
          Thread.sleep(10);
        } catch (InterruptedException e) {
          interruptsSwallowed.incrementAndGet();
        }
      }
    }

    @Override
    public void onUpdate(V1Pod oldObj, V1Pod newObj) {}

    @Override
    public void onDelete(V1Pod obj, boolean deletedFinalStateUnknown) {}
  }

  private static Set<Thread> liveThreads() {
    return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).collect(Collectors.toSet());
  }

  private static List<Thread> newInformerThreads(Set<Thread> before) {
    return liveThreads().stream().filter(t -> !before.contains(t))
        // the server's own threads: its sender, its streaming front (JDK HttpServer) and its forwarder
        .filter(t -> !t.getName().startsWith("fault-server") && !t.getName().startsWith("HttpClient-")
            && !t.getName().equals("HTTP-Dispatcher"))
        .toList();
  }

  private static boolean inAwaitTermination(Thread t) {
    return Arrays.stream(t.getStackTrace()).anyMatch(e -> e.getMethodName().equals("awaitTermination"));
  }

  @Test
  void clientJavaStopWaitsOnAHandlerThatSwallowsTheInterruptAndBlocksASecondStopWhileTheGuardsReturns()
      throws Exception {
    Set<Thread> before = liveThreads();
    SharedInformerFactory f = factory();
    SharedIndexInformer<V1Pod> informer = podInformer(f, null, 0);
    StuckHandler stuck = new StuckHandler();
    informer.addEventHandler(stuck);
    f.startAllRegisteredInformers();
    assertThat(stuck.entered.await(30, java.util.concurrent.TimeUnit.SECONDS)).as("first add delivered").isTrue();
    List<String> nonDaemon = newInformerThreads(before).stream().filter(t -> !t.isDaemon()).map(Thread::getName)
        .sorted().toList();

    Thread firstStop = new Thread(f::stopAllRegisteredInformers, "first-stop");
    Thread secondStop = new Thread(f::stopAllRegisteredInformers, "second-stop");
    Set<Thread> handlerThreads = new java.util.HashSet<>();
    try {
      firstStop.start();
      Poll.until(() -> stuck.interruptsSwallowed.get() > 0, () -> "stop() interrupts the handler thread");
      secondStop.start();
      Poll.until(() -> secondStop.getState() == Thread.State.BLOCKED, () -> "second stop waits for the first");
      stuck.release.set(true);
      // The handler has returned; its listener thread goes back to its queue with the interrupt
      // consumed and waits there, so the first stop() keeps waiting in awaitTermination, which
      // SharedProcessor bounds at one minute.
      Poll.until(() -> newInformerThreads(before).stream().anyMatch(t -> !t.isDaemon()
          && t.getState() == Thread.State.WAITING
          && Arrays.stream(t.getStackTrace()).anyMatch(e -> e.getClassName().endsWith("ProcessorListener"))),
          () -> "listener thread parked on its queue after the handler returned");
      newInformerThreads(before).stream()
          .filter(t -> Arrays.stream(t.getStackTrace()).anyMatch(e -> e.getClassName().endsWith("ProcessorListener")))
          .forEach(handlerThreads::add);
      Poll.until(() -> inAwaitTermination(firstStop), () -> "first stop in awaitTermination");
      assertThat(nonDaemon).isNotEmpty();
      assertThat(firstStop.isAlive()).isTrue();
      assertThat(secondStop.getState()).isEqualTo(Thread.State.BLOCKED);
      assertThat(handlerThreads).isNotEmpty().allMatch(t -> !t.isDaemon());
    } finally {
      stuck.release.set(true);
      // end what client-java would leave waiting: the listener on its queue (it never ends by
      // itself) and so the first stop's minute-long wait
      handlerThreads.forEach(Thread::interrupt);
      firstStop.join(30_000);
      secondStop.join(30_000);
    }

    // the guard, the same handler on the same server
    Set<Thread> beforeGuard = liveThreads();
    GuardedInformerFactory g = guardFactory().closeTimeout(Duration.ofMillis(200));
    SharedIndexInformer<V1Pod> guardInformer = podInformer(g, null, 0);
    StuckHandler guardStuck = new StuckHandler();
    guardInformer.addEventHandler(guardStuck);
    g.startAllRegisteredInformers();
    assertThat(guardStuck.entered.await(30, java.util.concurrent.TimeUnit.SECONDS)).as("first add delivered").isTrue();
    List<String> guardNonDaemon = newInformerThreads(beforeGuard).stream().filter(t -> !t.isDaemon())
        .map(Thread::getName).sorted().toList();
    Thread guardFirst = new Thread(g::stopAllRegisteredInformers, "guard-first-stop");
    Thread guardSecond = new Thread(g::stopAllRegisteredInformers, "guard-second-stop");
    try {
      guardFirst.start();
      Poll.until(() -> !guardFirst.isAlive(), () -> "guard: stop returns while the handler is still stuck");
      guardSecond.start();
      Poll.until(() -> !guardSecond.isAlive(), () -> "guard: a second stop returns too");
      assertThat(guardStuck.release.get()).isFalse();
    } finally {
      guardStuck.release.set(true);
    }
    Poll.until(() -> newInformerThreads(beforeGuard).stream().noneMatch(t -> t.getName().startsWith("informer-guard-")),
        () -> "guard threads end once the handler returns");
    record("non-daemon threads of one running informer", guardNonDaemon, nonDaemon);
    record("stopAllRegisteredInformers() with a handler that swallows the interrupt (first call / second call)",
        "returned / returned, threads gone after the handler returned",
        "waiting in awaitTermination (SharedProcessor's 1 min bound) / BLOCKED on the factory; the listener thread"
            + " parks on its queue and never ends");
    assertThat(guardNonDaemon).isEmpty();
  }

  // ---------------------------------------------------------------- index

  @Test
  void impureIndexFunctionLeavesStaleEntriesInClientJavaOnlyBecauseItsRemovalRecomputesOnTheOldObject() {
    int clientJava = staleImpureEntries(factory());
    server.clearRequestLog();
    for (int i = 0; i < 5; i++) {
      server.create("pod-" + i, Map.of("v", "0"));
    }
    int guard = staleImpureEntries(guardFactory());
    record("stale index entries with a non-deterministic index function (5 objects cached)", guard, clientJava);
    assertThat(clientJava).isPositive();
    assertThat(guard).isZero();
  }

  /** Index entries across the impure function's values minus the objects cached, after updates and deletes. */
  private int staleImpureEntries(SharedInformerFactory f) {
    AtomicInteger calls = new AtomicInteger();
    Function<V1Pod, List<String>> impure = p -> List.of("v" + calls.incrementAndGet() % 7);
    SharedIndexInformer<V1Pod> informer = podInformer(f, null, 0);
    informer.addIndexers(Map.of("impure", impure));
    f.startAllRegisteredInformers();
    Poll.until(informer::hasSynced, () -> "synced");
    for (int round = 1; round <= 3; round++) {
      for (int i = 0; i < 10; i++) {
        server.update("pod-" + i, Map.of("v", Integer.toString(round)));
      }
    }
    for (int i = 0; i < 5; i++) {
      server.delete("pod-" + i);
    }
    Map<String, String> expected = server.objectVersions();
    Poll.until(() -> versions(informer.getIndexer().list()).equals(expected), () -> "cache converges");
    int entries = 0;
    for (int i = 0; i < 7; i++) {
      entries += informer.getIndexer().byIndex("impure", "v" + i).size();
    }
    int stale = entries - informer.getIndexer().list().size();
    if (informer instanceof GuardedSharedIndexInformer<V1Pod> guarded) {
      assertThat(guarded.staleIndexEntries()).isEmpty();
    }
    f.stopAllRegisteredInformers();
    return stale;
  }

  // ---------------------------------------------------------------- factory keyed by type

  @Test
  void secondInformerForTheSameTypeOnOneFactoryIsNeverStartedByClientJavaAndStartedByTheGuard() throws Exception {
    SharedInformerFactory f = factory();
    SharedIndexInformer<V1Pod> appA = podInformer(f, "app=a", 0);
    SharedIndexInformer<V1Pod> appB = podInformer(f, "app=b", 0);
    f.startAllRegisteredInformers();
    Poll.until(appA::hasSynced, () -> "app=a synced");
    Poll.until(() -> server.watchRequests().stream().anyMatch(r -> "app=a".equals(r.query().get("labelSelector"))),
        () -> "app=a watching");
    Thread.sleep(500); // a started second informer would have listed by now; this can only hide a start
    long bRequests = server.requests().stream().filter(r -> "app=b".equals(r.query().get("labelSelector"))).count();
    String clientJava = bRequests + " requests, synced " + appB.hasSynced() + ", cached " + appB.getIndexer().list().size();
    assertThat(bRequests).isZero();
    assertThat(appB.hasSynced()).isFalse();
    assertThat(f.getExistingSharedIndexInformer(V1Pod.class)).isSameAs(appA);
    f.stopAllRegisteredInformers();

    server.clearRequestLog();
    GuardedInformerFactory g = guardFactory();
    SharedIndexInformer<V1Pod> guardA = podInformer(g, "app=a", 0);
    SharedIndexInformer<V1Pod> guardB = podInformer(g, "app=b", 0);
    g.startAllRegisteredInformers();
    Poll.until(() -> guardA.hasSynced() && guardB.hasSynced(), () -> "guard: both synced");
    record("the second V1Pod informer (app=b, 5 pods) of one factory after startAllRegisteredInformers()",
        "synced " + guardB.hasSynced() + ", cached " + guardB.getIndexer().list().size(),
        clientJava);
    assertThat(guardB.getIndexer().list()).hasSize(5);
    assertThat(g.getExistingSharedIndexInformer(V1Pod.class)).isSameAs(guardA);
  }

  // ---------------------------------------------------------------- ApiClient

  @Test
  void apiClientWithAReadTimeoutIsRefusedByClientJavaAndAcceptedByTheGuard() {
    ApiClient defaults = cj.defaultApiClient();
    assertThat(defaults.getReadTimeout()).isPositive();
    assertThatThrownBy(() -> new SharedInformerFactory(defaults))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("read timeout");
    GuardedInformerFactory g = new GuardedInformerFactory(defaults);
    factories.add(g);
    SharedIndexInformer<V1Pod> informer = g.sharedIndexInformerFor(ClientJavaServer.pods(defaults), V1Pod.class,
        V1PodList.class);
    g.startAllRegisteredInformers();
    Poll.until(informer::hasSynced, () -> "guard synced with the default ApiClient");
    record("new ...Factory(ApiClient with client-java's default " + defaults.getReadTimeout() + " ms read timeout)",
        "accepted, synced " + informer.getIndexer().list().size() + " pods", "IllegalArgumentException");
    assertThat(informer.getIndexer().list()).hasSize(10);
    assertThat(defaults.getReadTimeout()).as("the caller's client is left as it was").isPositive();
  }

  // ---------------------------------------------------------------- 410 Gone

  /** The first LIST, the LIST after a 410 ERROR event on the watch, and the watch after that. */
  private List<Request> goneRelist(SharedInformerFactory f) {
    server.clearRequestLog();
    SharedIndexInformer<V1Pod> informer = podInformer(f, null, 0);
    f.startAllRegisteredInformers();
    Poll.until(() -> informer.hasSynced() && watchesOf(f) == 1, () -> "synced and watching");
    Request first = server.lists().get(0);
    server.clearRequestLog();
    server.create("pod-new-" + server.currentResourceVersion(), Map.of("v", "0"));
    server.goneToAllWatches();
    Poll.until(() -> server.lists().size() == 1 && watchesOf(f) == 1, () -> "re-listed and watching");
    Request relist = server.lists().get(0);
    Request rewatch = server.watchRequests().get(server.watchRequests().size() - 1);
    stop(f);
    return List.of(first, relist, rewatch);
  }

  /**
   * The open watches at the server of the informers of {@code f}, and only theirs. client-java's
   * stop does not cancel a watch handshake in flight: its reflector closes the watch the handshake
   * opens once it returns, but the server's stream for it stays open until a frame fails to reach
   * it, so a client-java factory stopped earlier in a test can still hold an open watch there
   * while the guard's runs. The guard's watches ask for bookmarks and client-java's (the
   * informer's call, {@link ClientJavaServer#pods}) do not, so the guard counts those alone.
   */
  private int watchesOf(SharedInformerFactory f) {
    return f instanceof GuardedInformerFactory ? server.openBookmarkWatches() : server.openWatches();
  }

  /** Stops the factory and ends, at the server, the watch streams left open (see {@link #watchesOf}). */
  private void stop(SharedInformerFactory f) {
    f.stopAllRegisteredInformers();
    server.dropAllWatches();
  }

  @Test
  void goneOnTheWatchRelistsAndRewatchesFromTheListsVersionInBothClientJavaUnpaginated() {
    List<Request> clientJava = goneRelist(factory());
    long clientJavaRv = server.currentResourceVersion();
    List<Request> guard = goneRelist(guardFactory());
    record("queries of the first LIST / the LIST after a 410 ERROR event / the watch after it",
        guard.stream().map(Request::query).toList(), clientJava.stream().map(Request::query).toList());
    // client-java: first list "0" (may be served from the API server's watch cache), after 410 ""
    // (consistent), both in one unpaginated request
    assertThat(clientJava.get(0).query()).containsEntry("resourceVersion", "0").doesNotContainKey("limit");
    assertThat(clientJava.get(1).query()).containsEntry("resourceVersion", "").doesNotContainKey("limit");
    assertThat(clientJava.get(2).query()).containsEntry("resourceVersion", Long.toString(clientJavaRv));
    // the guard: consistent reads (no resourceVersion) in pages
    assertThat(guard.get(0).query()).doesNotContainKey("resourceVersion").containsEntry("limit", "5000");
    assertThat(guard.get(1).query()).doesNotContainKey("resourceVersion").containsEntry("limit", "5000");
    assertThat(guard.get(2).query()).containsEntry("resourceVersion", Long.toString(server.currentResourceVersion()));
  }

  /** Deletes while the server is down for list and watch, then a compaction: what the handler is told. */
  private PodView missedDeletes(SharedInformerFactory f) {
    SharedIndexInformer<V1Pod> informer = podInformer(f, null, 0);
    PodView view = new PodView();
    informer.addEventHandler(view);
    f.startAllRegisteredInformers();
    Poll.until(() -> view.adds.get() == 10 && watchesOf(f) == 1, () -> "synced and watching");
    server.failNextLists(1_000, 500, 0);
    server.failWatchHandshakes(1_000, 500);
    server.clearRequestLog();
    server.dropAllWatches();
    for (int i = 0; i < 3; i++) {
      server.delete("pod-" + i);
    }
    server.compact();
    Poll.until(() -> server.lists().size() >= 2, () -> "retried against the failing server");
    server.failNextLists(0, 500, 0);
    server.failWatchHandshakes(0, 500);
    Map<String, String> expected = server.objectVersions();
    Poll.until(() -> view.view().equals(expected) && versions(informer.getIndexer().list()).equals(expected),
        () -> "cache and handler view converge");
    stop(f);
    return view;
  }

  @Test
  void deletesMissedDuringACompactionArriveAsFinalStateUnknownAfterTheRelistInBoth() {
    PodView clientJava = missedDeletes(factory());
    for (int i = 0; i < 3; i++) {
      server.create("pod-" + i, Map.of("v", "0"));
    }
    PodView guard = missedDeletes(guardFactory().backoff(Duration.ofMillis(100), Duration.ofSeconds(1)));
    record("missed deletes delivered (of 3) / as final-state-unknown",
        guard.deletes.get() + " / " + guard.finalStateUnknownDeletes.get(),
        clientJava.deletes.get() + " / " + clientJava.finalStateUnknownDeletes.get());
    assertThat(clientJava.deletes.get()).isEqualTo(3);
    assertThat(clientJava.finalStateUnknownDeletes.get()).isEqualTo(3);
    assertThat(guard.deletes.get()).isEqualTo(3);
    assertThat(guard.finalStateUnknownDeletes.get()).isEqualTo(3);
  }
}
