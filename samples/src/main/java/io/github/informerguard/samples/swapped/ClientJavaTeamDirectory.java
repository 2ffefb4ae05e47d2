package io.github.informerguard.samples.swapped;

import io.github.informerguard.runtime.clientjava.GuardedInformerFactory;
import io.kubernetes.client.informer.SharedIndexInformer;
import io.kubernetes.client.informer.SharedInformerFactory;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1Pod;
import io.kubernetes.client.openapi.models.V1PodList;
import io.kubernetes.client.util.CallGenerator;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;

/**
 * {@link io.github.informerguard.samples.broken.ClientJavaTeamDirectory} with one constructor call
 * changed: {@code new GuardedInformerFactory(apiClient)} for {@code new SharedInformerFactory(apiClient)}.
 * Nothing else differs (see {@code samples/README.md} for the diff). With it, an {@code ApiClient}
 * with a read timeout is accepted, {@code frontends} is started and synced, a table change moves
 * pods to their new team (index values are stored per object), the 30 s resync is raised to the
 * 5 minute floor with a warning, and the informers run on daemon threads. The analyzer still
 * reports the 30 s period and the index function's shared write here: they are the code's, and
 * would bite again on another factory.
 */
public class ClientJavaTeamDirectory implements AutoCloseable {
  public static final String BY_TEAM = "byTeam";

  private final SharedInformerFactory factory;
  private final SharedIndexInformer<V1Pod> pods;
  private final SharedIndexInformer<V1Pod> frontends;
  private final Map<String, String> teamOfApp;
  private final Map<String, String> lastKnownTeam = new ConcurrentHashMap<>();

  /**
   * @param teamOfApp app label → team, the operator's configuration (a concurrent map that is
   *     updated while the directory runs)
   */
  public ClientJavaTeamDirectory(ApiClient apiClient, String namespace, Map<String, String> teamOfApp) {
    this.teamOfApp = teamOfApp;
    this.factory = new GuardedInformerFactory(apiClient);
    CoreV1Api api = new CoreV1Api(apiClient);
    // ShortResyncPeriod: a 30 s resync as a safety net; it re-lists nothing, it replays the cache
    this.pods = factory.sharedIndexInformerFor(podsCall(api, namespace, null), V1Pod.class, V1PodList.class, 30_000);
    // StatefulIndexFunction: teamIndex writes what it found into lastKnownTeam, and its answer comes
    // from the configuration table, not from the pod alone
    pods.addIndexers(Map.of(BY_TEAM, this::teamIndex));
    this.frontends = factory.sharedIndexInformerFor(podsCall(api, namespace, "tier=frontend"), V1Pod.class,
        V1PodList.class, 0);
  }

  private static CallGenerator podsCall(CoreV1Api api, String namespace, String labelSelector) {
    return params -> api.listNamespacedPod(namespace)
        .labelSelector(labelSelector)
        .resourceVersion(params.resourceVersion)
        .timeoutSeconds(params.timeoutSeconds)
        .watch(params.watch)
        .buildCall(null);
  }

  /** A pod whose app is dropped from the table stays filed under the team it had. */
  private List<String> teamIndex(V1Pod pod) {
    Map<String, String> labels = pod.getMetadata().getLabels();
    String team = labels == null ? null : teamOfApp.get(labels.get("app"));
    if (team != null) {
      lastKnownTeam.put(pod.getMetadata().getName(), team);
    } else {
      team = lastKnownTeam.get(pod.getMetadata().getName());
    }
    return team == null ? List.of() : List.of(team);
  }

  /** Starts the informers and waits, at most {@code timeout}, until both have synced. */
  public void start(Duration timeout) throws InterruptedException, TimeoutException {
    factory.startAllRegisteredInformers();
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!(pods.hasSynced() && frontends.hasSynced())) {
      if (System.nanoTime() - deadline > 0) {
        throw new TimeoutException("informers not synced after " + timeout + ": pods " + pods.hasSynced()
            + ", frontends " + frontends.hasSynced());
      }
      Thread.sleep(20);
    }
  }

  /** Names of the pods of {@code team}. */
  public List<String> podsOfTeam(String team) {
    return pods.getIndexer().byIndex(BY_TEAM, team).stream().map(p -> p.getMetadata().getName()).sorted().toList();
  }

  public boolean podsSynced() {
    return pods.hasSynced();
  }

  /** Name → resourceVersion of every cached pod. */
  public Map<String, String> cachedPods() {
    return pods.getIndexer().list().stream().collect(java.util.stream.Collectors.toMap(
        p -> p.getMetadata().getNamespace() + "/" + p.getMetadata().getName(), p -> p.getMetadata().getResourceVersion(),
        (a, b) -> a, java.util.TreeMap::new));
  }

  public int frontendCount() {
    return frontends.getIndexer().list().size();
  }

  @Override
  public void close() {
    factory.stopAllRegisteredInformers();
  }
}
