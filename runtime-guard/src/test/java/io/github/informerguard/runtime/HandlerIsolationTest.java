package io.github.informerguard.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.GatedViewHandler;
import io.github.informerguard.runtime.testing.Poll;
import io.github.informerguard.runtime.testing.ViewHandler;
import io.github.informerguard.runtime.testing.WithFaultServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Map;
import org.junit.jupiter.api.Test;

@WithFaultServer
class HandlerIsolationTest {
  private FaultInjectingApiServer server; // set and closed by @WithFaultServer
  private KubernetesClient client;

  @Test
  void slowHandlerDelaysOnlyItselfAndItsBacklogIsVisible() throws Exception {
    GatedViewHandler slowView = new GatedViewHandler();
    ViewHandler fast = new ViewHandler();
    try (GuardedInformer<Pod> informer = InformerGuard.builder(client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE)).build()) {
      informer.addEventHandler(slowView);
      informer.addEventHandler(fast);
      informer.start().toCompletableFuture().join();
      for (int i = 0; i < 10; i++) {
        server.create("p" + i, Map.of());
      }
      Poll.until(() -> fast.view().equals(server.objectVersions()), () -> "fast handler up to date");
      assertThat(slowView.adds).hasValue(0);
      assertThat(informer.health().pendingEvents()).isGreaterThanOrEqualTo(9);
      slowView.release();
      Poll.until(() -> slowView.view().equals(server.objectVersions()), () -> "slow handler catches up");
      Poll.until(() -> informer.health().pendingEvents() == 0, () -> "queues drained");
    }
  }

  @Test
  void throwingHandlerIsCountedAndKeepsReceiving() {
    ResourceEventHandler<Pod> flaky = new ViewHandler() {
      @Override
      public void onAdd(Pod obj) {
        super.onAdd(obj);
        if (obj.getMetadata().getName().equals("bad")) {
          throw new IllegalStateException("handler bug");
        }
      }
    };
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    try (GuardedInformer<Pod> informer = InformerGuard.builder(client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE))
        .withIndex("boom", p -> {
          throw new IllegalArgumentException("index bug");
        }).build()) {
      new GuardedInformerMetrics(informer).bindTo(registry);
      informer.addEventHandler(flaky);
      informer.start().toCompletableFuture().join();
      server.create("bad", Map.of());
      server.create("good", Map.of());
      Poll.until(() -> ((ViewHandler) flaky).view().size() == 2, () -> "both delivered");
      Poll.until(() -> informer.health().handlerErrors() == 1, () -> "one handler error");
      assertThat(informer.health().indexFunctionErrors()).isEqualTo(2);
      assertThat(informer.getStore().list()).hasSize(2);
      assertThat(informer.isRunning()).isTrue();

      assertThat(registry.get("informer.guard.handler.errors").tag("informer", "pods").functionCounter().count()).isEqualTo(1);
      assertThat(registry.get("informer.guard.index.errors").functionCounter().count()).isEqualTo(2);
      assertThat(registry.get("informer.guard.cache.size").gauge().value()).isEqualTo(2);
      assertThat(registry.get("informer.guard.synced").gauge().value()).isEqualTo(1);
      assertThat(registry.get("informer.guard.list.requests").functionCounter().count()).isEqualTo(1);
      server.goneToAllWatches();
      Poll.until(() -> registry.get("informer.guard.relists").functionCounter().count() >= 1, () -> "relist metered");
      assertThat(registry.get("informer.guard.gone").functionCounter().count()).isGreaterThanOrEqualTo(1);
    }
  }
}
