package io.github.informerguard.runtime.clientjava;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer.Request;
import io.github.informerguard.runtime.testing.Poll;
import io.kubernetes.client.informer.ResourceEventHandler;
import io.kubernetes.client.informer.SharedIndexInformer;
import io.kubernetes.client.informer.SharedInformerFactory;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.models.V1Pod;
import io.kubernetes.client.openapi.models.V1PodList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
 * against the fault-injecting API server over real HTTP, one test per failure mode of issue 13.
 * client-java's behaviour is asserted as observed, so a client-java release that changes it fails
 * here and the comparison table in {@code runtime-guard/README.md} gets revisited. Every figure is
 * printed as {@code CLIENT-JAVA <scenario>: ...}. Behaviour is read from counts and from the
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

  private static void record(String scenario, Object clientJava) {
    System.out.printf("CLIENT-JAVA %s: %s%n", scenario, clientJava);
  }

  private SharedInformerFactory factory() {
    SharedInformerFactory f = new SharedInformerFactory(cj.informerApiClient());
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

  @Test
  void handlersOwnResyncPeriodIsIgnoredAndItResyncsAtTheInformers() {
    SharedInformerFactory f = factory();
    SharedIndexInformer<V1Pod> informer = podInformer(f, null, 1000); // client-java's minimum period
    PodView everySecond = new PodView();
    PodView everyTenMinutes = new PodView();
    informer.addEventHandler(everySecond);
    informer.addEventHandlerWithResyncPeriod(everyTenMinutes, 600_000);
    f.startAllRegisteredInformers();
    Poll.until(() -> everySecond.resyncs.get() >= 20, () -> "two resync rounds of the informer's period");
    int tenMinuteResyncs = everyTenMinutes.resyncs.get();
    record("resyncs of a handler that asked for 10 min, while the 1 s handler saw " + everySecond.resyncs.get(),
        tenMinuteResyncs);
    // kubernetes-client/java#2219: the listener gets the informer's check period, not its own
    assertThat(tenMinuteResyncs).isGreaterThanOrEqualTo(10);
  }

  // ---------------------------------------------------------------- backoff

  @Test
  void failingListIsRetriedAtAFixedOneSecondWithoutGrowthOrJitter() {
    server.failNextLists(5, 500, 0);
    SharedInformerFactory f = factory();
    SharedIndexInformer<V1Pod> informer = podInformer(f, null, 0);
    f.startAllRegisteredInformers();
    Poll.until(informer::hasSynced, () -> "synced after 5 failed LISTs");
    List<Long> at = server.lists().stream().map(Request::nanoTime).sorted().toList();
    long[] gaps = new long[at.size() - 1];
    for (int i = 1; i < at.size(); i++) {
      gaps[i - 1] = (at.get(i) - at.get(i - 1)) / 1_000_000;
    }
    long min = Arrays.stream(gaps).min().orElseThrow();
    long max = Arrays.stream(gaps).max().orElseThrow();
    record("ms between LIST retries under five 500s (exponential backoff would double them)",
        Arrays.toString(gaps) + ", max/min " + String.format("%.2f", (double) max / min));
    assertThat(at).hasSize(6);
    assertThat(informerErrors).hasSize(5);
    // the reflector is rescheduled with a fixed 1 s delay after each failed run: never shorter,
    // and the last wait is no longer than the first (an exponential backoff is 16x by the fifth)
    assertThat(min).isGreaterThanOrEqualTo(950);
    assertThat((double) gaps[gaps.length - 1] / gaps[0]).isLessThan(1.5);
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
        .filter(t -> !t.getName().startsWith("fault-server") && !t.getName().startsWith("HttpClient-"))
        .toList();
  }

  private static boolean inAwaitTermination(Thread t) {
    return Arrays.stream(t.getStackTrace()).anyMatch(e -> e.getMethodName().equals("awaitTermination"));
  }

  @Test
  void stopWaitsOnAHandlerThatSwallowsTheInterruptBlocksASecondStopAndLeavesNonDaemonThreads() throws Exception {
    Set<Thread> before = liveThreads();
    SharedInformerFactory f = factory();
    SharedIndexInformer<V1Pod> informer = podInformer(f, null, 0);
    StuckHandler stuck = new StuckHandler();
    informer.addEventHandler(stuck);
    f.startAllRegisteredInformers();
    assertThat(stuck.entered.await(30, java.util.concurrent.TimeUnit.SECONDS)).as("first add delivered").isTrue();
    List<String> nonDaemon = newInformerThreads(before).stream().filter(t -> !t.isDaemon()).map(Thread::getName)
        .sorted().toList();
    record("non-daemon threads of one running informer", nonDaemon);

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
      record("first stopAllRegisteredInformers() after the handler returned",
          firstStop.getState() + " in awaitTermination (SharedProcessor's 1 min bound); second call "
              + secondStop.getState());
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
  }

  // ---------------------------------------------------------------- index

  @Test
  void impureIndexFunctionLeavesStaleEntriesBecauseRemovalRecomputesItOnTheOldObject() {
    AtomicInteger calls = new AtomicInteger();
    Function<V1Pod, List<String>> impure = p -> List.of("v" + calls.incrementAndGet() % 7);
    SharedInformerFactory f = factory();
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
    record("stale index entries with a non-deterministic index function (5 objects cached)", stale);
    assertThat(stale).isPositive();
  }

  // ---------------------------------------------------------------- factory keyed by type

  @Test
  void secondInformerForTheSameTypeOnOneFactoryIsNeverStarted() throws Exception {
    SharedInformerFactory f = factory();
    SharedIndexInformer<V1Pod> appA = podInformer(f, "app=a", 0);
    SharedIndexInformer<V1Pod> appB = podInformer(f, "app=b", 0);
    f.startAllRegisteredInformers();
    Poll.until(appA::hasSynced, () -> "app=a synced");
    Poll.until(() -> server.watchRequests().stream().anyMatch(r -> "app=a".equals(r.query().get("labelSelector"))),
        () -> "app=a watching");
    Thread.sleep(500); // a started second informer would have listed by now; this can only hide a start
    long bRequests = server.requests().stream().filter(r -> "app=b".equals(r.query().get("labelSelector"))).count();
    record("requests of the second V1Pod informer (app=b) after startAllRegisteredInformers()", bRequests
        + ", synced " + appB.hasSynced() + ", cached " + appB.getIndexer().list().size());
    assertThat(bRequests).isZero();
    assertThat(appB.hasSynced()).isFalse();
    assertThat(f.getExistingSharedIndexInformer(V1Pod.class)).isSameAs(appA);
  }

  // ---------------------------------------------------------------- ApiClient

  @Test
  void apiClientWithAReadTimeoutIsRefused() {
    ApiClient defaults = cj.defaultApiClient();
    record("read timeout of a default ApiClient (ms)", defaults.getReadTimeout());
    assertThat(defaults.getReadTimeout()).isPositive();
    assertThatThrownBy(() -> new SharedInformerFactory(defaults))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("read timeout");
  }

  // ---------------------------------------------------------------- 410 Gone

  @Test
  void goneOnTheWatchRelistsWithAConsistentUnpaginatedReadAndRewatchesFromItsVersion() {
    SharedInformerFactory f = factory();
    SharedIndexInformer<V1Pod> informer = podInformer(f, null, 0);
    f.startAllRegisteredInformers();
    Poll.until(informer::hasSynced, () -> "synced");
    Poll.until(() -> server.openWatches() == 1, () -> "watching");
    Request first = server.lists().get(0);
    server.clearRequestLog();
    server.create("pod-new", Map.of("v", "0"));
    server.goneToAllWatches();
    Poll.until(() -> server.lists().size() == 1 && server.openWatches() == 1, () -> "re-listed and watching");
    Request relist = server.lists().get(0);
    Request rewatch = server.watchRequests().get(server.watchRequests().size() - 1);
    record("first LIST query / LIST after a 410 ERROR event / the watch after it",
        first.query() + " / " + relist.query() + " / " + rewatch.query());
    // first list: "0" (may be served from the API server's watch cache); after 410: "" (consistent)
    assertThat(first.query()).containsEntry("resourceVersion", "0").doesNotContainKey("limit");
    assertThat(relist.query()).containsEntry("resourceVersion", "").doesNotContainKey("limit");
    assertThat(rewatch.query()).containsEntry("resourceVersion", Long.toString(server.currentResourceVersion()));
  }

  @Test
  void deletesMissedDuringACompactionArriveAsFinalStateUnknownAfterTheRelist() {
    SharedInformerFactory f = factory();
    SharedIndexInformer<V1Pod> informer = podInformer(f, null, 0);
    PodView view = new PodView();
    informer.addEventHandler(view);
    f.startAllRegisteredInformers();
    Poll.until(() -> view.adds.get() == 10 && server.openWatches() == 1, () -> "synced and watching");
    // cut the watch and keep the server unreachable for list and watch while three pods go away
    server.failNextLists(1_000, 500, 0);
    server.failWatchHandshakes(1_000, 500);
    server.dropAllWatches();
    for (int i = 0; i < 3; i++) {
      server.delete("pod-" + i);
    }
    server.compact();
    Poll.until(() -> informerErrors.size() >= 2, () -> "client-java retried against the failing server");
    server.failNextLists(0, 500, 0);
    server.failWatchHandshakes(0, 500);
    Map<String, String> expected = server.objectVersions();
    Poll.until(() -> view.view().equals(expected) && versions(informer.getIndexer().list()).equals(expected),
        () -> "cache and handler view converge");
    record("missed deletes delivered (of 3) / as final-state-unknown", view.deletes.get() + " / "
        + view.finalStateUnknownDeletes.get());
    assertThat(view.deletes.get()).isEqualTo(3);
    assertThat(view.finalStateUnknownDeletes.get()).isEqualTo(3);
  }
}
