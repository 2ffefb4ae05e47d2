package io.github.informerguard.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.Poll;
import io.github.informerguard.runtime.testing.Storm;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RelistBudgetTest {
  static final int INFORMERS = 20;
  static final int BURST = 2;
  static final Duration REFILL = Duration.ofMillis(100);

  @Test
  void tokenBucketGrantsBurstThenOnePerInterval() throws Exception {
    long created = System.nanoTime();
    RelistBudget budget = RelistBudget.of(3, Duration.ofMillis(50));
    budget.acquire();
    budget.acquire();
    budget.acquire();
    assertThat(budget.available()).isLessThan(1);
    budget.acquire();
    // the fourth token only exists one refill interval after the bucket was created full
    assertThat(System.nanoTime() - created).isGreaterThanOrEqualTo(Duration.ofMillis(50).toNanos());
  }

  @Test
  void defaultSharedBudgetIsBurstTwoThenOnePer100Millis() {
    RelistBudget shared = RelistBudget.defaultShared();
    assertThat(shared).isSameAs(RelistBudget.defaultShared());
    assertThat(shared.burst()).isEqualTo(2).isEqualTo(RelistBudget.DEFAULT_BURST);
    assertThat(shared.refillInterval()).isEqualTo(Duration.ofMillis(100)).isEqualTo(RelistBudget.DEFAULT_REFILL_INTERVAL);
    // the storm test below runs with exactly these parameters, so it pins the default's behaviour too
    assertThat(BURST).isEqualTo(shared.burst());
    assertThat(REFILL).isEqualTo(shared.refillInterval());
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
  void twentyInformersHitByOneCompactionSpreadTheirLists() {
    try (FaultInjectingApiServer server = new FaultInjectingApiServer();
        KubernetesClient client = server.newClient()) {
      server.create("seed", Map.of());
      RelistBudget shared = RelistBudget.of(BURST, REFILL);
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
      int peak = Storm.maxInWindow(lists, REFILL.toMillis());
      long span = Storm.spanMillis(lists);
      System.out.printf("guard storm: %d LISTs, peak %d per %d ms, spread over %d ms%n", lists.size(), peak,
          REFILL.toMillis(), span);
      assertThat(lists).hasSize(INFORMERS);
      // burst tokens, plus at most one refill landing inside the window
      assertThat(peak).isLessThanOrEqualTo(BURST + 1);
      // the k-th list cannot start before (k - burst + 1) refills after the first one (small latency allowance)
      for (int k = BURST; k < lists.size(); k++) {
        long sinceFirst = (lists.get(k) - lists.get(0)) / 1_000_000;
        assertThat(sinceFirst).as("list %d", k).isGreaterThanOrEqualTo((k - BURST + 1) * REFILL.toMillis() - 60);
      }
      } finally {
        informers.forEach(GuardedInformer::close);
      }
    }
  }
}
