package io.github.informerguard.samples.fixed;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.github.informerguard.runtime.GuardedInformer;
import io.github.informerguard.runtime.InformerGuard;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The app -> team table, kept live from ConfigMaps labelled {@code example.com/team-table}.
 * One informer, held by this object and closed with it (no factory whose identity matters), and
 * a start that waits a bounded time and lets interrupts through.
 */
public final class InformerBootstrap implements AutoCloseable {
  private final GuardedInformer<ConfigMap> tables;

  public InformerBootstrap(KubernetesClient client, String namespace) {
    this.tables = InformerGuard.builder(
            client.configMaps().inNamespace(namespace).withLabel(SyncerSettings.TEAM_TABLE_LABEL, "true"))
        .name("team-table")
        .build();
  }

  /** Starts the informer and waits at most {@code timeout} for the first sync. */
  public void start(Duration timeout) throws InterruptedException, TimeoutException {
    try {
      tables.start().toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw new IllegalStateException("team table informer failed to start: " + e.getCause(), e.getCause());
    }
  }

  /** The team of {@code app}, or null; reads the informer's cache, no API call. */
  public String teamOf(String app) {
    for (ConfigMap cm : tables.getStore().list()) {
      Map<String, String> data = cm.getData();
      if (data != null && data.containsKey(app)) {
        return data.get(app);
      }
    }
    return null;
  }

  @Override
  public void close() {
    tables.close();
  }
}
