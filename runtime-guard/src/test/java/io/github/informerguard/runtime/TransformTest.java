package io.github.informerguard.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ManagedFieldsEntryBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.Poll;
import io.github.informerguard.runtime.testing.ViewHandler;
import io.github.informerguard.runtime.testing.WithFaultServer;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

@WithFaultServer
class TransformTest {
  private FaultInjectingApiServer server; // set and closed by @WithFaultServer
  private KubernetesClient client;

  private static Pod withManagedFields(String name) {
    return new PodBuilder().withNewMetadata().withName(name)
        .withManagedFields(new ManagedFieldsEntryBuilder().withManager("kubelet").withOperation("Update")
            .withApiVersion("v1").withFieldsType("FieldsV1").build(),
            new ManagedFieldsEntryBuilder().withManager("kube-controller-manager").withOperation("Update")
            .withApiVersion("v1").withFieldsType("FieldsV1").build())
        .endMetadata().withNewSpec().withNodeName("node-1").endSpec().build();
  }

  private GuardedInformerBuilder<Pod> builder() {
    return InformerGuard.builder(client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE));
  }

  @Test
  void stripManagedFieldsAppliesToListedAndWatchedObjectsBeforeIndexesAndHandlers() throws Exception {
    server.create(withManagedFields("listed"));
    List<Pod> received = new CopyOnWriteArrayList<>();
    ViewHandler handler = new ViewHandler() {
      @Override
      public void onAdd(Pod obj) {
        received.add(obj);
        super.onAdd(obj);
      }
    };
    List<Integer> managedSeenByIndex = new CopyOnWriteArrayList<>();
    try (GuardedInformer<Pod> informer = builder().stripManagedFields()
        .withIndex("managers", p -> {
          managedSeenByIndex.add(p.getMetadata().getManagedFields() == null ? 0 : p.getMetadata().getManagedFields().size());
          return List.of("all");
        }).build()) {
      informer.addEventHandler(handler);
      informer.start().toCompletableFuture().get(30, TimeUnit.SECONDS);
      server.create(withManagedFields("watched"));
      Poll.until(() -> handler.view().equals(server.objectVersions()), () -> "both objects delivered");
      assertThat(informer.getStore().list()).hasSize(2).allSatisfy(p -> assertThat(p.getMetadata().getManagedFields()).isNullOrEmpty());
      assertThat(received).hasSize(2).allSatisfy(p -> assertThat(p.getMetadata().getManagedFields()).isNullOrEmpty());
      assertThat(managedSeenByIndex).containsOnly(0);
      assertThat(informer.health().transformErrors()).isZero();
    }
  }

  @Test
  void throwingTransformIsCountedAndTheObjectKeptAsReceived() throws Exception {
    server.create(withManagedFields("a"));
    ViewHandler handler = new ViewHandler();
    try (GuardedInformer<Pod> informer = builder()
        .withTransform(p -> {
          if (p.getMetadata().getName().equals("bad")) {
            throw FaultRegressionTest.sneaky(new IOException("checked, undeclared"));
          }
          return new PodBuilder(p).editMetadata().addToLabels("transformed", "yes").endMetadata().build();
        }).build()) {
      informer.addEventHandler(handler);
      informer.start().toCompletableFuture().get(30, TimeUnit.SECONDS);
      server.create(withManagedFields("bad"));
      server.create(withManagedFields("good"));
      server.update("a", Map.of("v", "2"));
      Poll.until(() -> handler.view().equals(server.objectVersions()), () -> "every event delivered");
      assertThat(informer.health().transformErrors()).isEqualTo(1);
      assertThat(informer.getStore().getByKey(FaultInjectingApiServer.NAMESPACE + "/bad").getMetadata().getLabels())
          .doesNotContainKey("transformed");
      assertThat(informer.getStore().getByKey(FaultInjectingApiServer.NAMESPACE + "/good").getMetadata().getLabels())
          .containsEntry("transformed", "yes");
      assertThat(informer.lastSyncResourceVersion()).isEqualTo(Long.toString(server.currentResourceVersion()));
    }
  }
}
