package io.github.informerguard.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.github.informerguard.runtime.CancellationTest.InterruptSwallowingHandler;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.Poll;
import io.github.informerguard.runtime.testing.Storm;
import io.github.informerguard.runtime.testing.Threads;
import io.github.informerguard.runtime.testing.ViewHandler;
import io.github.informerguard.runtime.testing.WithFaultServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The same scenarios against fabric8's own informer ({@code runnableInformer}) and the guard.
 * The guard's behaviour is asserted; fabric8's is only recorded (printed as
 * {@code DIVERGENCE ...}), so this build never depends on fabric8 bugs staying or going.
 */
@WithFaultServer(requestRetries = 10) // fabric8's default retry settings
class Fabric8ComparisonTest {
  private FaultInjectingApiServer server; // set and closed by @WithFaultServer
  private KubernetesClient client;

  @BeforeEach
  void setUp() {
    for (int i = 0; i < 10; i++) {
      server.create("pod-" + i, Map.of("v", "0"));
    }
  }

  private static void record(String scenario, Object guard, Object fabric8) {
    System.out.printf("DIVERGENCE %s: guard=%s fabric8=%s%n", scenario, guard, fabric8);
  }

  private static Map<String, String> versions(List<Pod> pods) {
    Map<String, String> m = new TreeMap<>();
    pods.forEach(p -> m.put(p.getMetadata().getNamespace() + "/" + p.getMetadata().getName(),
        p.getMetadata().getResourceVersion()));
    return m;
  }

  /** Index entries across the impure index's possible values, minus the number of cached objects. */
  private static int staleImpureEntries(SharedIndexInformer<Pod> informer) {
    int entries = 0;
    for (int i = 0; i < 7; i++) {
      entries += informer.getIndexer().indexKeys("impure", "v" + i).size();
    }
    return entries - informer.getStore().list().size();
  }

  private void churn() {
    for (int round = 1; round <= 3; round++) {
      for (int i = 0; i < 10; i++) {
        server.update("pod-" + i, Map.of("v", Integer.toString(round)));
      }
    }
    for (int i = 0; i < 5; i++) {
      server.delete("pod-" + i);
    }
  }

  @Test
  void nonDeterministicIndexFunctionLeavesStaleEntriesOnlyInFabric8() {
    AtomicInteger guardCalls = new AtomicInteger();
    AtomicInteger fabric8Calls = new AtomicInteger();
    Function<Pod, List<String>> guardImpure = p -> List.of("v" + guardCalls.incrementAndGet() % 7);
    Function<Pod, List<String>> fabric8Impure = p -> List.of("v" + fabric8Calls.incrementAndGet() % 7);

    GuardedInformer<Pod> guard = InformerGuard.builder(client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE))
        .withIndex("impure", guardImpure).build();
    SharedIndexInformer<Pod> fabric8 = client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE).runnableInformer(0);
    fabric8.addIndexers(Map.of("impure", fabric8Impure));
    try {
      guard.start().toCompletableFuture().join();
      fabric8.start().toCompletableFuture().join();
      churn();
      Map<String, String> expected = server.objectVersions();
      Poll.until(() -> versions(guard.getStore().list()).equals(expected)
          && versions(fabric8.getStore().list()).equals(expected), () -> "both caches converge");
      int guardStale = staleImpureEntries(guard);
      int fabric8Stale = staleImpureEntries(fabric8);
      record("stale index entries with a non-deterministic index function (5 objects cached)", guardStale, fabric8Stale);
      assertThat(guardStale).isZero();
      assertThat(guard.staleIndexEntries()).isEmpty();
    } finally {
      guard.close();
      fabric8.close();
    }
  }

  @Test
  void compactionStormListBurstIsPacedOnlyByTheGuard() throws Exception {
    int informers = 20;
    int burst = RelistBudget.DEFAULT_BURST;
    Duration refill = RelistBudget.DEFAULT_REFILL_INTERVAL;
    // the default's parameters, a fresh bucket, on a clock that records the budget's grant times
    RelistBudgetTest.GrantRecordingTicker clock = new RelistBudgetTest.GrantRecordingTicker();
    RelistBudget shared = RelistBudget.of(burst, refill, clock);
    List<SharedIndexInformer<Pod>> all = new ArrayList<>();
    try {
      // fabric8 first
      for (int i = 0; i < informers; i++) {
        SharedIndexInformer<Pod> f = client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE).runnableInformer(0);
        f.start().toCompletableFuture().join();
        all.add(f);
      }
      Poll.until(() -> server.openWatches() == informers, () -> "fabric8 informers watching");
      server.clearRequestLog();
      server.goneToAllWatches();
      Poll.until(() -> server.lists().size() >= informers && server.openWatches() == informers,
          () -> "fabric8 informers re-listed and watch again");
      List<Long> f8 = server.lists().stream().map(FaultInjectingApiServer.Request::nanoTime).sorted().toList();
      all.forEach(SharedIndexInformer::close);
      all.clear();
      Poll.until(() -> server.openWatches() == 0, () -> "fabric8 watches closed");

      for (int i = 0; i < informers; i++) {
        GuardedInformer<Pod> g = InformerGuard.builder(client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE))
            .name("cmp-" + i).relistBudget(shared).seed(i).build();
        g.start().toCompletableFuture().join();
        all.add(g);
      }
      Poll.until(() -> server.openWatches() == informers, () -> "guard informers watching");
      server.clearRequestLog();
      server.goneToAllWatches();
      Poll.until(() -> server.lists().size() >= informers && server.openWatches() == informers,
          () -> "guard informers re-listed and watch again");
      List<Long> guard = server.lists().stream().map(FaultInjectingApiServer.Request::nanoTime).sorted().toList();

      record("LIST calls after one compaction hits 20 informers (count, peak per 1 s, per 100 ms, spread ms)",
          guard.size() + ", " + Storm.maxInWindow(guard, 1000) + ", " + Storm.maxInWindow(guard, 100) + ", "
              + Storm.spanMillis(guard),
          f8.size() + ", " + Storm.maxInWindow(f8, 1000) + ", " + Storm.maxInWindow(f8, 100) + ", "
              + Storm.spanMillis(f8));
      assertThat(guard).hasSize(informers);
      // tokens pace the starts: each token an informer waited for is granted at least one refill
      // interval after the one before. Asserted on the budget's own grant times, not on request
      // arrivals, whose spacing a loaded machine shifts (a delayed first LIST shortened the span).
      clock.assertGrantsSpacedBy(refill);
    } finally {
      all.forEach(SharedIndexInformer::close);
    }
  }

  @Test
  void threadsAndDeliveryAfterStopWithAnInterruptSwallowingHandler() throws Exception {
    // guard
    Set<Thread> before = Threads.live();
    GuardedInformer<Pod> guard = InformerGuard.builder(client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE))
        .name("cmp-stop").closeTimeout(Duration.ofMillis(200)).build();
    InterruptSwallowingHandler guardStuck = new InterruptSwallowingHandler();
    ViewHandler guardOther = new ViewHandler();
    guard.addEventHandler(guardStuck);
    guard.addEventHandler(guardOther);
    guard.start().toCompletableFuture().join();
    guardStuck.entered.await();
    Poll.until(() -> guardOther.adds.get() == 10, () -> "guard: the other handler is not blocked by the stuck one");
    CompletableFuture.runAsync(guard::close).get(30, java.util.concurrent.TimeUnit.SECONDS);
    guardStuck.release.set(true);
    Poll.until(() -> Threads.newSince(before, "informer-guard-").isEmpty(), () -> "guard threads gone");

    // fabric8
    Set<Thread> beforeF8 = Threads.live();
    SharedIndexInformer<Pod> fabric8 = client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE).runnableInformer(0);
    InterruptSwallowingHandler f8Stuck = new InterruptSwallowingHandler();
    ViewHandler f8Other = new ViewHandler();
    fabric8.addEventHandler(f8Stuck);
    fabric8.addEventHandler(f8Other);
    fabric8.start().toCompletableFuture().join();
    f8Stuck.entered.await();
    Thread.sleep(300); // give fabric8 the chance to deliver to the second handler
    int f8OtherBeforeRelease = f8Other.adds.get();
    fabric8.stop();
    f8Stuck.release.set(true);
    Thread.sleep(500);
    Set<String> f8Left = Threads.live().stream().filter(t -> !beforeF8.contains(t)).map(Thread::getName)
        .collect(java.util.stream.Collectors.toSet());
    record("second handler's adds while the first handler is stuck (of 10)", guardOther.adds.get(), f8OtherBeforeRelease);
    record("threads created by the informer still alive after stop() and handler release",
        Threads.newSince(before, "informer-guard-").size(), f8Left.size() + " " + f8Left);
    assertThat(guardOther.adds.get()).isEqualTo(10);
  }

  @Test
  void shortResyncIsRejectedByTheGuardAndRunsAFloodInFabric8() throws Exception {
    assertThatThrownBy(() -> InformerGuard.builder(client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE))
        .resyncPeriod(Duration.ofMillis(30)).build()).isInstanceOf(IllegalArgumentException.class);
    SharedIndexInformer<Pod> fabric8 = client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE).runnableInformer(30);
    ViewHandler h = new ViewHandler();
    fabric8.addEventHandler(h);
    fabric8.start().toCompletableFuture().join();
    Thread.sleep(1000);
    fabric8.stop();
    record("resync events per second for 10 objects with a 30 ms period", "rejected (IllegalArgumentException)",
        h.resyncs.get());
  }
}
