package io.github.informerguard.samples.broken;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads the app -> team table from ConfigMaps labelled {@code example.com/team-table} before the
 * syncer starts, through fabric8's informer factory.
 */
public class InformerBootstrap {
  private static final Logger log = LoggerFactory.getLogger(InformerBootstrap.class);

  private final KubernetesClient client;

  public InformerBootstrap(KubernetesClient client) {
    this.client = client;
  }

  public Map<String, String> loadTeamTable() {
    // Registration on one factory ...
    SharedIndexInformer<ConfigMap> tables = client.informers().sharedIndexInformerFor(ConfigMap.class, 0);
    // InformerNeverStopped: ... and start on another. client.informers() returns a new factory on
    // every call, so this starts nothing, and nothing ever stops what it would have started.
    client.informers().startAllRegisteredInformers();

    // UnboundedInformerWait: a hasSynced() spin with no deadline. Here the informer was never
    // started, so it spins forever; with a started one, a forbidden LIST does the same.
    while (!tables.hasSynced()) {
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        // InterruptSwallowed: whoever interrupts us (shutdown, a test timeout) is ignored.
        log.debug("interrupted while waiting for the team table");
      }
    }

    Map<String, String> teamByApp = new HashMap<>();
    for (ConfigMap cm : tables.getStore().list()) {
      Map<String, String> labels = cm.getMetadata().getLabels();
      if (labels != null && labels.containsKey("example.com/team-table") && cm.getData() != null) {
        teamByApp.putAll(cm.getData());
      }
    }
    return teamByApp;
  }
}
