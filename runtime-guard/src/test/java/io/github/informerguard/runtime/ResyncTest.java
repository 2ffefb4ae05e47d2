package io.github.informerguard.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.Poll;
import io.github.informerguard.runtime.testing.ViewHandler;
import io.github.informerguard.runtime.testing.WithFaultServer;
import java.time.Duration;
import java.util.LongSummaryStatistics;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@WithFaultServer
class ResyncTest {
  private FaultInjectingApiServer server; // set and closed by @WithFaultServer
  private KubernetesClient client;

  @BeforeEach
  void setUp() {
    server.create("a", Map.of());
    server.create("b", Map.of());
  }

  private GuardedInformerBuilder<Pod> builder() {
    return InformerGuard.builder(client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE));
  }

  @Test
  void resyncIsDisabledByDefault() {
    GuardedInformer<Pod> informer = builder().build();
    ViewHandler h = new ViewHandler();
    informer.addEventHandler(h);
    informer.start().toCompletableFuture().join();
    assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().equals("informer-guard-pods-resync"));
    informer.close();
  }

  @Test
  void periodBelowTheFloorIsRejectedOnTheBuilderAndPerHandler() {
    assertThatThrownBy(() -> builder().resyncPeriod(Duration.ofSeconds(30)).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("below the floor of 300000 ms");
    GuardedInformer<Pod> informer = builder().build();
    assertThatThrownBy(() -> informer.addEventHandlerWithResyncPeriod(new ViewHandler(), 30_000))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("addEventHandlerWithResyncPeriod");
    assertThatThrownBy(() -> informer.addEventHandlerWithResyncPeriod(new ViewHandler(), -1))
        .isInstanceOf(IllegalArgumentException.class);
    informer.addEventHandlerWithResyncPeriod(new ViewHandler(), Duration.ofMinutes(5).toMillis());
    informer.addEventHandlerWithResyncPeriod(new ViewHandler(), 0);
    assertThat(builder().resyncFloor(Duration.ofSeconds(10)).resyncPeriod(Duration.ofSeconds(30)).build()).isNotNull();
    assertThat(builder().allowShortResync(true).resyncPeriod(Duration.ofSeconds(1)).build()).isNotNull();
    informer.close();
  }

  @Test
  void everyPeriodIsJitteredWithinTenPercent() {
    GuardedInformer<Pod> informer = builder().seed(3).build();
    LongSummaryStatistics stats = LongStream.range(0, 2000).map(i -> informer.jittered(10_000)).summaryStatistics();
    assertThat(stats.getMin()).isGreaterThanOrEqualTo(9_000).isLessThan(9_200);
    assertThat(stats.getMax()).isLessThanOrEqualTo(11_000).isGreaterThan(10_800);
    informer.close();
  }

  @Test
  void perHandlerPeriodsReplayTheCacheWithoutListing() {
    GuardedInformer<Pod> informer = builder().allowShortResync(true).build(); // informer-level resync stays 0
    ViewHandler fast = new ViewHandler();
    ViewHandler none = new ViewHandler();
    ViewHandler slow = new ViewHandler();
    informer.addEventHandlerWithResyncPeriod(fast, 50);
    informer.addEventHandler(none);
    informer.addEventHandlerWithResyncPeriod(slow, 60_000);
    informer.start().toCompletableFuture().join();
    int listsAfterSync = server.lists().size();
    Poll.until(() -> fast.resyncs.get() >= 6, () -> "three resync rounds for the fast handler");
    assertThat(fast.resyncs.get() % 2).isZero(); // whole cache replayed each round (2 objects)
    assertThat(none.resyncs).hasValue(0);
    assertThat(slow.resyncs).hasValue(0);
    assertThat(server.lists()).hasSize(listsAfterSync);
    assertThat(fast.view()).isEqualTo(server.objectVersions());
    informer.close();
  }
}
