package io.github.informerguard.samples.fixed;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.github.informerguard.runtime.GuardedInformer;
import io.github.informerguard.runtime.InformerGuard;
import io.github.informerguard.runtime.InformerHealth;

/**
 * Mirrors the team table ConfigMaps into a team namespace. An informer instead of a raw watch:
 * after 410 Gone the guard re-lists (with backoff and the shared relist budget) and re-watches,
 * and what changed while the watch was gone reaches the handler as onUpdate/onDelete. The
 * informer is closed with the mirror.
 */
public final class ConfigMapMirror implements AutoCloseable {
  private final KubernetesClient client;
  private final String source;
  private final String target;
  private final GuardedInformer<ConfigMap> tables;

  public ConfigMapMirror(KubernetesClient client, String source, String target) {
    this.client = client;
    this.source = source;
    this.target = target;
    this.tables = InformerGuard.builder(
            client.configMaps().inNamespace(source).withLabel(SyncerSettings.TEAM_TABLE_LABEL, "true"))
        .name("team-table-mirror")
        .build();
    this.tables.addEventHandler(new ResourceEventHandler<>() {
      @Override
      public void onAdd(ConfigMap cm) {
        mirror(cm);
      }

      @Override
      public void onUpdate(ConfigMap oldCm, ConfigMap newCm) {
        mirror(newCm);
      }

      @Override
      public void onDelete(ConfigMap cm, boolean deletedFinalStateUnknown) {
        client.configMaps().inNamespace(target).withName(cm.getMetadata().getName()).delete();
      }
    });
  }

  /** Starts mirroring; does not wait (the first list is mirrored as it arrives). */
  public void start() {
    tables.start();
  }

  public InformerHealth health() {
    return tables.health();
  }

  @Override
  public void close() {
    tables.close();
  }

  private void mirror(ConfigMap cm) {
    ConfigMap copy = new ConfigMapBuilder()
        .withNewMetadata().withName(cm.getMetadata().getName()).withNamespace(target)
        .addToLabels("example.com/mirrored-from", source).endMetadata()
        .withData(cm.getData())
        .build();
    client.configMaps().inNamespace(target).resource(copy).serverSideApply();
  }
}
