package io.github.informerguard.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.github.informerguard.runtime.core.Ticker;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.Poll;
import io.github.informerguard.runtime.testing.RecordingTicker;
import io.github.informerguard.runtime.testing.Storm;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RelistBudgetTest {
  static final int INFORMERS = 20;
  static final int BURST = RelistBudget.DEFAULT_BURST;
  static final Duration REFILL = RelistBudget.DEFAULT_REFILL_INTERVAL;

  /** Virtual time for one thread: a sleep moves the clock on instead of waiting. */
  static final class VirtualTicker implements Ticker {
    long now;

    @Override
    public long nanoTime() {
      return now;
    }

    @Override
    public void sleepNanos(long nanos) {
      now += Math.max(0, nanos);
    }
  }

  /** When each of {@code n} re-lists that all asked at virtual time 0 may start, in ms. */
  private static List<Long> startTimesMillis(RelistBudget budget, VirtualTicker clock, int n) throws Exception {
    List<Long> starts = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      budget.acquire();
      starts.add(clock.now);
    }
    return starts;
  }

  @Test
  void tokenBucketGrantsBurstThenOnePerInterval() throws Exception {
    VirtualTicker clock = new VirtualTicker();
    RelistBudget budget = RelistBudget.of(3, Duration.ofMillis(50), clock);
    assertThat(startTimesMillis(budget, clock, 5).stream().map(ns -> ns / 1_000_000).toList())
        .containsExactly(0L, 0L, 0L, 50L, 100L);
  }

  @Test
  void defaultBudgetHoldsTwentyRelistsToFivePerSecondAndStartsTheLastWithinFiveSeconds() throws Exception {
    RelistBudget shared = RelistBudget.defaultShared();
    assertThat(shared).isSameAs(RelistBudget.defaultShared());
    VirtualTicker clock = new VirtualTicker();
    RelistBudget sameAsDefault = RelistBudget.of(shared.burst(), shared.refillInterval(), clock);
    List<Long> starts = startTimesMillis(sameAsDefault, clock, INFORMERS);
    // 0.25x of fabric8's 20 in one second, whose informers all re-list at once
    assertThat(Storm.maxInWindow(starts, 1000)).isLessThanOrEqualTo(5);
    assertThat(Storm.maxInWindow(starts, 100)).isEqualTo(1);
    // leaves a second for the last list and watch within the 6 s recovery target
    assertThat(starts.get(INFORMERS - 1) / 1_000_000).isLessThanOrEqualTo(5000);
  }

  @Test
  void twoHundredInformersHitAtOnceAreSpreadOverTheBudgetsPacingAndNoLonger() throws Exception {
    // the ~50 s recovery of 200 informers after one compaction is this pacing, by design: one token
    // per refill interval after the burst, so the last re-list starts (n - burst) intervals in
    VirtualTicker clock = new VirtualTicker();
    RelistBudget sameAsDefault = RelistBudget.of(BURST, REFILL, clock);
    List<Long> starts = startTimesMillis(sameAsDefault, clock, 200);
    assertThat(starts.get(199) / 1_000_000).isEqualTo((200 - BURST) * REFILL.toMillis());
    assertThat(Storm.maxInWindow(starts, 1000)).isLessThanOrEqualTo(5);
  }

  @Test
  void interruptedWaiterGivesItsTokenBack() throws Exception {
    RelistBudget budget = RelistBudget.of(1, Duration.ofSeconds(30));
    budget.acquire();
    Thread waiter = new Thread(() -> {
      try {
        budget.acquire();
      } catch (InterruptedException e) {
        // expected
      }
    });
    waiter.start();
    Poll.until(() -> budget.available() < -0.5, () -> "waiter reserved a token");
    waiter.interrupt();
    waiter.join();
    assertThat(budget.available()).isGreaterThan(-0.5);
  }

  @Test
  void informersInSeparateProcessesHitAtTheSameInstantDoNotRelistInStep() throws Exception {
    try (FaultInjectingApiServer server = new FaultInjectingApiServer();
        KubernetesClient client = server.newClient()) {
      server.create("seed", Map.of());
      List<GuardedInformer<Pod>> informers = new ArrayList<>();
      List<RecordingTicker> tickers = new ArrayList<>();
      try {
        for (int i = 0; i < 5; i++) {
          // each its own budget, as in separate processes; default backoff
          RecordingTicker ticker = new RecordingTicker();
          GuardedInformer<Pod> informer = InformerGuard.builder(client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE))
              .name("process-" + i).relistBudget(RelistBudget.of(BURST, REFILL, ticker)).ticker(ticker).seed(i).build();
          informer.start().toCompletableFuture().get(30, java.util.concurrent.TimeUnit.SECONDS);
          informers.add(informer);
          tickers.add(ticker);
        }
        Poll.until(() -> server.openWatches() == 5, () -> "all watching");
        server.goneToAllWatches();
        Poll.until(() -> informers.stream().allMatch(i -> i.health().relists() == 1), () -> "every informer re-listed");
        // the wait before each one's re-list is its own draw of the jittered backoff
        List<Long> firstWaits = tickers.stream().map(t -> t.sleptMillis.get(0)).toList();
        assertThat(firstWaits).doesNotHaveDuplicates();
        assertThat(firstWaits.stream().mapToLong(Long::longValue).max().getAsLong()
            - firstWaits.stream().mapToLong(Long::longValue).min().getAsLong()).isGreaterThanOrEqualTo(100);
        assertThat(firstWaits).allSatisfy(w -> assertThat(w).isBetween(0L, 500L));
      } finally {
        informers.forEach(GuardedInformer::close);
      }
    }
  }

  /**
   * The system clock, recording for every wait the budget asks for the time it grants the token:
   * the clock reading the budget's reservation was computed from plus the wait. Grant times come
   * from the budget's own arithmetic, so a loaded machine that delays the threads cannot change
   * their spacing.
   */
  static final class GrantRecordingTicker implements Ticker {
    final List<Long> grants = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final ThreadLocal<Long> lastReading = new ThreadLocal<>();

    @Override
    public long nanoTime() {
      long now = System.nanoTime();
      lastReading.set(now);
      return now;
    }

    @Override
    public void sleepNanos(long nanos) throws InterruptedException {
      grants.add(lastReading.get() + nanos);
      Ticker.SYSTEM.sleepNanos(nanos);
    }

    /**
     * Asserts that the budget made someone wait and that each granted token came at least one
     * refill interval (less 1 ms of clock granularity) after the one before.
     */
    void assertGrantsSpacedBy(Duration refill) {
      List<Long> sorted = grants.stream().sorted().toList();
      assertThat(sorted).isNotEmpty();
      for (int i = 1; i < sorted.size(); i++) {
        assertThat(sorted.get(i) - sorted.get(i - 1)).isGreaterThanOrEqualTo(refill.toNanos() - 1_000_000);
      }
    }
  }

  @Test
  void twentyInformersHitByOneCompactionSpreadTheirLists() throws Exception {
    try (FaultInjectingApiServer server = new FaultInjectingApiServer();
        KubernetesClient client = server.newClient()) {
      server.create("seed", Map.of());
      GrantRecordingTicker clock = new GrantRecordingTicker();
      RelistBudget shared = RelistBudget.of(BURST, REFILL, clock);
      List<GuardedInformer<Pod>> informers = new ArrayList<>();
      try {
      for (int i = 0; i < INFORMERS; i++) {
        GuardedInformer<Pod> informer = InformerGuard.builder(client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE))
            .name("storm-" + i).relistBudget(shared).seed(i).backoff(Duration.ofMillis(1), Duration.ofMillis(10))
            .build();
        informer.start().toCompletableFuture().join();
        informers.add(informer);
      }
      Poll.until(() -> server.openWatches() == INFORMERS, () -> "all watching");
      server.clearRequestLog();
      server.create("after", Map.of()); // so that the informers' resourceVersion is older than the compaction
      Poll.until(() -> informers.stream().allMatch(i -> i.getStore().list().size() == 2), () -> "all saw the change");
      // cut every watch and keep them out while the server moves on and compacts
      server.failWatchHandshakes(Integer.MAX_VALUE, 500);
      server.dropAllWatches();
      server.create("newest", Map.of());
      server.compact();
      server.clearRequestLog();
      server.failWatchHandshakes(0, 500);

      Poll.until(() -> informers.stream().allMatch(i -> i.health().relists() == 1 && i.getStore().list().size() == 3),
          () -> "every informer re-listed once");
      List<Long> lists = server.lists().stream().map(FaultInjectingApiServer.Request::nanoTime).sorted().toList();
      assertThat(lists).hasSize(INFORMERS);
      // tokens pace the starts: every token the budget made an informer wait for is granted at
      // least one refill interval after the one before (the whole schedule on virtual time:
      // defaultBudgetHolds...); asserted on the budget's grant times, not on request arrival,
      // which a loaded machine shifts
      clock.assertGrantsSpacedBy(REFILL);
      } finally {
        informers.forEach(GuardedInformer::close);
      }
    }
  }
}
