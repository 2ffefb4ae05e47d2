package io.github.informerguard.samples.fixed;

import com.google.gson.reflect.TypeToken;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1Pod;
import io.kubernetes.client.openapi.models.V1PodList;
import io.kubernetes.client.openapi.models.V1Status;
import io.kubernetes.client.util.Watch;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hand-written list-then-watch loop done right, for code that cannot use an informer: every
 * watch is closed (try-with-resources), an ERROR event is checked before the object is read, 410
 * Gone (as an ERROR event or as the handshake's ApiException) leads to a fresh list and a watch
 * from its resourceVersion, other failures back off with jitter, and an interrupt ends the loop.
 */
public final class ClientJavaPodWatchLoop implements Runnable {
  private static final Logger log = LoggerFactory.getLogger(ClientJavaPodWatchLoop.class);
  private static final int HTTP_GONE = 410;

  private final ApiClient apiClient;
  private final CoreV1Api api;
  private final String namespace;
  private final Map<String, String> teamByPod = new ConcurrentHashMap<>();
  private final Consumer<V1Pod> onChange;

  public ClientJavaPodWatchLoop(ApiClient apiClient, String namespace, Consumer<V1Pod> onChange) {
    this.apiClient = apiClient;
    this.api = new CoreV1Api(apiClient);
    this.namespace = namespace;
    this.onChange = onChange;
  }

  /** Runs until the thread is interrupted. */
  @Override
  public void run() {
    long backoffMillis = 500;
    String resourceVersion = null;
    while (!Thread.currentThread().isInterrupted()) {
      try {
        if (resourceVersion == null) {
          resourceVersion = relist();
        }
        resourceVersion = watchFrom(resourceVersion);
        backoffMillis = 500;
      } catch (ApiException e) {
        if (e.getCode() == HTTP_GONE) {
          resourceVersion = null; // compacted: list again, then watch from the new version
          continue;
        }
        log.warn("pod watch failed with HTTP {}, retrying", e.getCode(), e);
        if (!sleep(ThreadLocalRandom.current().nextLong(backoffMillis))) {
          return;
        }
        backoffMillis = Math.min(backoffMillis * 2, 60_000);
      } catch (IOException | RuntimeException e) {
        log.warn("pod watch broke, resuming from {}", resourceVersion, e);
        if (!sleep(ThreadLocalRandom.current().nextLong(backoffMillis))) {
          return;
        }
        backoffMillis = Math.min(backoffMillis * 2, 60_000);
      }
    }
  }

  /** Replaces the whole map from a consistent list and returns the list's resourceVersion. */
  private String relist() throws ApiException {
    V1PodList list = api.listNamespacedPod(namespace).execute();
    Map<String, String> fresh = new HashMap<>();
    for (V1Pod pod : list.getItems()) {
      fresh.put(pod.getMetadata().getName(), teamOf(pod));
    }
    teamByPod.keySet().retainAll(fresh.keySet());
    teamByPod.putAll(fresh);
    return list.getMetadata().getResourceVersion();
  }

  /**
   * Watches from {@code resourceVersion} until the server ends the watch; returns the version to
   * resume from, or null when the version is gone and a re-list is needed.
   */
  private String watchFrom(String resourceVersion) throws ApiException, IOException {
    try (Watch<V1Pod> watch = Watch.createWatch(apiClient,
        api.listNamespacedPod(namespace).resourceVersion(resourceVersion).allowWatchBookmarks(true)
            .timeoutSeconds(300).watch(true).buildCall(null),
        new TypeToken<Watch.Response<V1Pod>>() {}.getType())) {
      for (Watch.Response<V1Pod> event : watch) {
        if ("ERROR".equals(event.type)) {
          V1Status status = event.status;
          if (status != null && Integer.valueOf(HTTP_GONE).equals(status.getCode())) {
            return null;
          }
          throw new IllegalStateException("watch error: " + status);
        }
        V1Pod pod = event.object;
        resourceVersion = pod.getMetadata().getResourceVersion();
        if ("BOOKMARK".equals(event.type)) {
          continue;
        }
        if ("DELETED".equals(event.type)) {
          teamByPod.remove(pod.getMetadata().getName());
        } else {
          teamByPod.put(pod.getMetadata().getName(), teamOf(pod));
        }
        onChange.accept(pod);
      }
    }
    return resourceVersion;
  }

  private static String teamOf(V1Pod pod) {
    Map<String, String> labels = pod.getMetadata().getLabels();
    return labels == null ? "none" : labels.getOrDefault(SyncerSettings.TEAM_LABEL, "none");
  }

  /** Sleeps; false when interrupted (the flag is restored so the caller's loop ends). */
  private static boolean sleep(long millis) {
    try {
      Thread.sleep(millis);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  public Map<String, String> teams() {
    return Map.copyOf(teamByPod);
  }
}
