package io.github.informerguard.samples.broken;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Mirrors the team table ConfigMaps from the operator's namespace into every team namespace,
 * with a raw fabric8 watch.
 */
public class ConfigMapMirror {
  private static final Logger log = LoggerFactory.getLogger(ConfigMapMirror.class);

  private final KubernetesClient client;
  private final String source;
  private final String target;

  public ConfigMapMirror(KubernetesClient client, String source, String target) {
    this.client = client;
    this.source = source;
    this.target = target;
  }

  public void start() {
    // WatchNeverClosed: the Watch handle is discarded; the watch reconnects until the client is
    // closed and this class has no way to end it.
    client.configMaps().inNamespace(source).withLabel("example.com/team-table").watch(new Watcher<ConfigMap>() {
      @Override
      public void eventReceived(Action action, ConfigMap cm) {
        switch (action) {
          case ADDED, MODIFIED -> mirror(cm);
          case DELETED -> client.configMaps().inNamespace(target).withName(cm.getMetadata().getName()).delete();
          // Not a substitute for onClose: a 410 Gone never arrives here, fabric8 closes the watch instead.
          case ERROR -> log.warn("watch error for {}", cm);
          default -> { }
        }
      }

      // MissingGoneHandling: after an etcd compaction the API server answers 410 Gone, fabric8
      // closes the watch and calls this; logging it means the mirror silently stops mirroring.
      @Override
      public void onClose(WatcherException cause) {
        log.error("team table watch closed", cause);
      }
    });
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
