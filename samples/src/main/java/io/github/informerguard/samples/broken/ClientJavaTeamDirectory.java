package io.github.informerguard.samples.broken;

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
 * Which pods each team runs, and the namespace's frontends, for a chat bot and a dashboard: a
 * small operator on the official client, with its informers from {@link SharedInformerFactory}
 * as client-java's examples build them. The app → team table is the operator's own
 * configuration and changes at run time.
 *
 * <p>Its code is ordinary; what goes wrong is client-java's informer: the factory refuses an
 * {@code ApiClient} with a read timeout (callers have to turn it off for every call they make with
 * it), it keys informers by type so {@code frontends} is never started, its index removes an
 * object's old entries by re-running the index function on the old object, so a table change
 * leaves pods listed under their old team, and its threads are non-daemon. The twin in
 * {@code io.github.informerguard.samples.swapped} differs by one constructor call.
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
    this.factory = new SharedInformerFactory(apiClient);
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
