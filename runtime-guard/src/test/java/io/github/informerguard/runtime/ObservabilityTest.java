package io.github.informerguard.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.GatedViewHandler;
import io.github.informerguard.runtime.testing.Poll;
import io.github.informerguard.runtime.testing.ViewHandler;
import io.github.informerguard.runtime.testing.WithFaultServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@WithFaultServer
class ObservabilityTest {
  private FaultInjectingApiServer server; // set and closed by @WithFaultServer
  private KubernetesClient client;

  @BeforeEach
  void setUp() {
    server.create("pod-0", Map.of());
  }

  private GuardedInformerBuilder<Pod> builder() {
    return TestInformers.fastRetry(client, 7);
  }

  @Test
  void healthShowsEachHandlersQueueHighWaterMarkAndDeliveryLag() throws Exception {
    GatedViewHandler slow = new GatedViewHandler();
    ViewHandler fast = new ViewHandler();
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    try (GuardedInformer<Pod> informer = builder().build()) {
      informer.addEventHandler(slow);
      informer.addEventHandler(fast);
      new GuardedInformerMetrics(informer).bindTo(registry);
      informer.start().toCompletableFuture().get(30, TimeUnit.SECONDS);
      for (int i = 1; i <= 10; i++) {
        server.create("p" + i, Map.of());
      }
      Poll.until(() -> fast.view().equals(server.objectVersions()), () -> "fast handler up to date");
      long heldFrom = System.nanoTime();
      Thread.sleep(100);
      slow.release();
      long heldNanos = System.nanoTime() - heldFrom;
      Poll.until(() -> slow.view().equals(server.objectVersions()), () -> "slow handler caught up");
      Poll.until(() -> informer.health().pendingEvents() == 0, () -> "queues drained");

      InformerHealth health = informer.health();
      assertThat(health.handlers()).hasSize(2);
      HandlerHealth slowHealth = health.handlers().get(0);
      HandlerHealth fastHealth = health.handlers().get(1);
      // the slow handler's queue held the events that arrived while it was blocked
      assertThat(slowHealth.maxPending()).isGreaterThanOrEqualTo(10);
      assertThat(health.maxPendingEvents()).isEqualTo(slowHealth.maxPending());
      assertThat(slowHealth.delivered()).isEqualTo(fastHealth.delivered()).isGreaterThanOrEqualTo(12);
      // its first event waited at least as long as the test held the gate
      assertThat(slowHealth.lagMax().toNanos()).isGreaterThanOrEqualTo(heldNanos);
      assertThat(slowHealth.lagP99()).isLessThanOrEqualTo(slowHealth.lagMax());
      assertThat(slowHealth.lagP50()).isLessThanOrEqualTo(slowHealth.lagP95());
      assertThat(fastHealth.lagMax()).isLessThan(slowHealth.lagMax());

      assertThat(registry.get("informer.guard.handler.lag.seconds").tag("handler", slowHealth.handler())
          .tag("quantile", "max").gauge().value()).isGreaterThanOrEqualTo(heldNanos / 1e9);
      assertThat(registry.get("informer.guard.handler.pending.max").tag("handler", slowHealth.handler())
          .gauge().value()).isGreaterThanOrEqualTo(10);
      assertThat(registry.get("informer.guard.pending.events.max").gauge().value()).isGreaterThanOrEqualTo(10);
    }
  }

  @Test
  void lifecycleListenerSeesSyncRelistWithReasonBackoffReconnectAndClose() throws Exception {
    List<String> seen = new CopyOnWriteArrayList<>();
    InformerLifecycleListener listener = new InformerLifecycleListener() {
      @Override
      public void onSynced(String resourceVersion, int cacheSize, boolean relist) {
        seen.add("synced " + cacheSize + (relist ? " relist" : " first"));
      }

      @Override
      public void onRelist(RelistReason reason, String detail) {
        seen.add("relist " + reason);
      }

      @Override
      public void onWatchReconnected(String resourceVersion) {
        seen.add("reconnected");
      }

      @Override
      public void onBackoff(Duration delay, int attempt, Throwable cause) {
        seen.add("backoff " + attempt);
      }

      @Override
      public void onClosed(Throwable cause) {
        seen.add("closed " + cause);
      }
    };
    InformerLifecycleListener throwing = new InformerLifecycleListener() {
      @Override
      public void onSynced(String resourceVersion, int cacheSize, boolean relist) {
        throw new IllegalStateException("listener bug");
      }
    };
    GuardedInformer<Pod> informer = builder().lifecycleListener(throwing).lifecycleListener(listener).build();
    informer.start().toCompletableFuture().get(30, TimeUnit.SECONDS);
    assertThat(seen).containsExactly("synced 1 first");
    Poll.until(() -> server.openWatches() == 1, () -> "watch open");
    server.goneToAllWatches();
    Poll.until(() -> seen.contains("synced 1 relist"), () -> "a relist, saw " + seen);
    assertThat(seen).containsSubsequence("relist GONE", "backoff 0", "synced 1 relist");
    server.update("pod-0", Map.of("v", "2"));
    Poll.until(() -> informer.getStore().list().get(0).getMetadata().getLabels().containsKey("v"), () -> "update seen");
    server.dropAllWatches();
    Poll.until(() -> seen.contains("reconnected"), () -> "a reconnect, saw " + seen);
    informer.close();
    assertThat(seen).last().isEqualTo("closed null");
    assertThat(informer.health().handlerErrors()).isEqualTo(2); // the throwing listener, contained
  }

  @Test
  void lifecycleListenerIsToldTheUnrecoverableErrorThatClosedTheInformer() throws Exception {
    List<Throwable> closedWith = new CopyOnWriteArrayList<>();
    server.failNextLists(1, 403, 0);
    GuardedInformer<Pod> informer = builder().lifecycleListener(new InformerLifecycleListener() {
      @Override
      public void onClosed(Throwable cause) {
        closedWith.add(cause);
      }
    }).build();
    informer.start();
    Poll.until(() -> !closedWith.isEmpty(), () -> "closed by the 403");
    assertThat(closedWith).hasSize(1);
    assertThat(ListWatch.statusCode(closedWith.get(0))).isEqualTo(403);
    informer.close();
    assertThat(closedWith).hasSize(1);
  }
}
