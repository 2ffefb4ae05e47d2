package io.github.informerguard.samples.demo;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.github.informerguard.runtime.InformerHealth;
import io.github.informerguard.runtime.RelistBudget;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.samples.fixed.PodLabelSyncer;
import io.github.informerguard.samples.fixed.SyncerSettings;
import java.io.PrintStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

/**
 * Starts the corrected operator ({@link PodLabelSyncer} on the runtime guard) against a mock API
 * server, hits it with a storm of 410 Gone (three compactions, each reaching the informer a
 * different way) while pods change, and prints the guard's health before and after.
 *
 * <p>Run: {@code mvn -B -pl samples test -Dtest=GoneStormDemoTest} (after {@code mvn -B install}).
 */
public final class GoneStormDemo {
  static final int PODS = 200;
  static final Map<String, String> TEAM_BY_APP = Map.of("checkout", "payments", "ledger", "payments",
      "search", "discovery");
  private static final String[] APPS = {"checkout", "ledger", "search", "legacy"}; // legacy: no team
  private static final Duration SAFETY_NET = Duration.ofSeconds(60);

  /** What the demo observed. */
  public record Outcome(InformerHealth before, InformerHealth after, boolean cacheMatchesServer,
      int podsNeedingTeam, int podsLabelled) {}

  private GoneStormDemo() {}

  public static void main(String[] args) throws Exception {
    run(System.out);
  }

  public static Outcome run(PrintStream out) throws Exception {
    try (FaultInjectingApiServer server = new FaultInjectingApiServer();
        KubernetesClient client = server.newClient()) {
      for (int i = 0; i < PODS; i++) {
        server.create("pod-" + i, Map.of(SyncerSettings.APP_LABEL, APPS[i % APPS.length]));
      }
      // The mock server has no PATCH; the operator's label writes go straight into its store,
      // and come back to the informer as watch events like on a real cluster.
      PodLabelSyncer.LabelWriter writer = (pod, key, value) -> {
        Map<String, String> labels = new HashMap<>(pod.getMetadata().getLabels());
        labels.put(key, value);
        try {
          server.update(pod.getMetadata().getName(), labels);
        } catch (NullPointerException gone) {
          throw new KubernetesClientException("pods \"" + pod.getMetadata().getName() + "\" not found", 404, null);
        }
      };
      RelistBudget budget = RelistBudget.of(2, Duration.ofMillis(100));
      try (PodLabelSyncer syncer = new PodLabelSyncer(client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE),
          TEAM_BY_APP::get, writer, budget)) {
        syncer.start(Duration.ofSeconds(30));
        await(() -> converged(server, syncer), "the operator labels every pod and its cache catches up");
        InformerHealth before = syncer.health();
        out.println("before the storm: " + summary(before));

        int nextPod = PODS;
        // 1. compaction, then an ERROR event with 410 on the open watch
        long relists = before.relists();
        server.delete("pod-1");
        server.create("pod-" + nextPod++, Map.of(SyncerSettings.APP_LABEL, "search"));
        server.compact();
        server.goneToAllWatches();
        relists = awaitRelist(syncer, relists);
        out.println("after 410 as a watch ERROR event: " + summary(syncer.health()));

        // 2. the watch is cut, pods change while it is down, etcd compacts, the reconnect from
        //    the old resourceVersion gets 410: objects deleted meanwhile reach handlers as
        //    onDelete(obj, deletedFinalStateUnknown = true)
        server.failWatchHandshakes(Integer.MAX_VALUE, 503);
        server.dropAllWatches();
        server.delete("pod-2");
        server.delete("pod-3");
        server.create("pod-" + nextPod++, Map.of(SyncerSettings.APP_LABEL, "checkout"));
        server.update("pod-4", Map.of(SyncerSettings.APP_LABEL, "ledger"));
        server.compact();
        server.failWatchHandshakes(0, 503);
        relists = awaitRelist(syncer, relists);
        out.println("after 410 on reconnect from a compacted version: " + summary(syncer.health()));

        // 3. the watch handshake itself is answered with HTTP 410
        server.create("pod-" + nextPod++, Map.of(SyncerSettings.APP_LABEL, "ledger"));
        server.compact();
        server.failWatchHandshakes(1, 410);
        server.dropAllWatches();
        awaitRelist(syncer, relists);
        out.println("after 410 as the watch handshake's status: " + summary(syncer.health()));

        await(() -> converged(server, syncer), "the cache matches the server again and every pod is labelled");
        InformerHealth after = syncer.health();
        out.println("after the storm:  " + summary(after));
        out.println("full health: " + after);
        Map<String, Map<String, String>> labels = server.objectLabels();
        int needing = (int) labels.values().stream().filter(l -> TEAM_BY_APP.containsKey(l.get(SyncerSettings.APP_LABEL)))
            .count();
        int labelled = (int) labels.values().stream()
            .filter(l -> TEAM_BY_APP.containsKey(l.get(SyncerSettings.APP_LABEL))
                && TEAM_BY_APP.get(l.get(SyncerSettings.APP_LABEL)).equals(l.get(SyncerSettings.TEAM_LABEL)))
            .count();
        boolean matches = server.objectVersions().equals(cacheVersions(syncer));
        out.printf("server has %d pods, %d need a team label, %d carry the right one; cache matches server: %s%n",
            labels.size(), needing, labelled, matches);
        return new Outcome(before, after, matches, needing, labelled);
      }
    }
  }

  private static String summary(InformerHealth h) {
    return String.format("synced=%s watching=%s cacheSize=%d relists=%d goneSeen=%d watchReconnects=%d "
            + "listRequests=%d handlerErrors=%d pendingEvents=%d", h.synced(), h.watching(), h.cacheSize(),
        h.relists(), h.goneSeen(), h.watchReconnects(), h.listRequests(), h.handlerErrors(), h.pendingEvents());
  }

  private static Map<String, String> cacheVersions(PodLabelSyncer syncer) {
    Map<String, String> m = new TreeMap<>();
    for (Pod p : syncer.cachedPods()) {
      m.put(p.getMetadata().getNamespace() + "/" + p.getMetadata().getName(), p.getMetadata().getResourceVersion());
    }
    return m;
  }

  private static boolean converged(FaultInjectingApiServer server, PodLabelSyncer syncer) {
    boolean allLabelled = server.objectLabels().values().stream()
        .allMatch(l -> !TEAM_BY_APP.containsKey(l.get(SyncerSettings.APP_LABEL))
            || TEAM_BY_APP.get(l.get(SyncerSettings.APP_LABEL)).equals(l.get(SyncerSettings.TEAM_LABEL)));
    return allLabelled && syncer.health().pendingEvents() == 0 && server.objectVersions().equals(cacheVersions(syncer));
  }

  private static long awaitRelist(PodLabelSyncer syncer, long relistsBefore) throws InterruptedException {
    await(() -> syncer.health().relists() > relistsBefore && syncer.health().watching(), "a re-list and a new watch");
    return syncer.health().relists();
  }

  /** Waits for a condition; the deadline is a safety net for a broken build, not a measurement. */
  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + SAFETY_NET.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException("gave up after " + SAFETY_NET + " waiting for: " + what);
      }
      Thread.sleep(20);
    }
  }
}
