package io.github.informerguard.samples.broken;

import com.google.gson.reflect.TypeToken;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1Pod;
import io.kubernetes.client.util.Watch;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a map of pod name -> team label with a hand-written list-then-watch loop on the
 * official client.
 */
public class ClientJavaPodWatchLoop implements Runnable {
  private static final Logger log = LoggerFactory.getLogger(ClientJavaPodWatchLoop.class);

  private final ApiClient apiClient;
  private final CoreV1Api api;
  private final String namespace;
  private final Map<String, String> teamByPod = new ConcurrentHashMap<>();
  private final Consumer<V1Pod> onChange;
  private volatile boolean running = true;

  public ClientJavaPodWatchLoop(ApiClient apiClient, String namespace, Consumer<V1Pod> onChange) {
    this.apiClient = apiClient;
    this.api = new CoreV1Api(apiClient);
    this.namespace = namespace;
    this.onChange = onChange;
  }

  @Override
  public void run() {
    String resourceVersion;
    try {
      resourceVersion = api.listNamespacedPod(namespace).execute().getMetadata().getResourceVersion();
    } catch (ApiException e) {
      throw new IllegalStateException("initial list failed", e);
    }
    while (running) {
      try {
        // WatchNeverClosed: the Watch (an open HTTP response) is neither in try-with-resources
        // nor closed in finally; every exception below leaks a connection.
        // MissingGoneHandling: an ERROR event (410 Gone after a compaction) is treated like any
        // other event, and the loop restarts from the same, now compacted, resourceVersion.
        Watch<V1Pod> watch = Watch.createWatch(apiClient,
            api.listNamespacedPod(namespace).resourceVersion(resourceVersion).watch(true).buildCall(null),
            new TypeToken<Watch.Response<V1Pod>>() {}.getType());
        for (Watch.Response<V1Pod> event : watch) {
          V1Pod pod = event.object;
          resourceVersion = pod.getMetadata().getResourceVersion();
          String name = pod.getMetadata().getName();
          if ("DELETED".equals(event.type)) {
            teamByPod.remove(name);
          } else {
            Map<String, String> labels = pod.getMetadata().getLabels();
            teamByPod.put(name, labels == null ? "none" : labels.getOrDefault(SyncerSettings.TEAM_LABEL, "none"));
          }
          onChange.accept(pod);
        }
      } catch (ApiException | RuntimeException e) {
        log.warn("watch failed, restarting from {}", resourceVersion, e);
      }
    }
  }

  public Map<String, String> teams() {
    return Map.copyOf(teamByPod);
  }

  public void stop() {
    running = false;
  }
}
