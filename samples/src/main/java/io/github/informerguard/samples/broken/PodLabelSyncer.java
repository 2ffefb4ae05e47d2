package io.github.informerguard.samples.broken;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adds the team label to every pod that has an {@code app} label, using a table app -> team.
 * fabric8 informers, written the way it often is.
 */
public class PodLabelSyncer {
  private static final Logger log = LoggerFactory.getLogger(PodLabelSyncer.class);

  private final KubernetesClient client;
  private final String namespace;
  private final Map<String, String> teamByApp;
  private SharedIndexInformer<Pod> pods;
  private long indexCalls;

  public PodLabelSyncer(KubernetesClient client, String namespace, Map<String, String> teamByApp) {
    this.client = client;
    this.namespace = namespace;
    this.teamByApp = Map.copyOf(teamByApp);
  }

  public void start() {
    // InformerNeverStopped: the field is started here and no method of this class ever stops or
    // closes it. ShortResyncPeriod: SyncerSettings.POD_RESYNC_MILLIS is 30 s.
    pods = client.pods().inNamespace(namespace).runnableInformer(SyncerSettings.POD_RESYNC_MILLIS);
    pods.addIndexers(Map.of(
        // StatefulIndexFunction: counts its own calls into a field (a write to shared state
        // from the informer's writer thread and from reader threads).
        "byTeam", pod -> {
          indexCalls++;
          return List.of(teamOf(pod));
        },
        // StatefulIndexFunction: reads the clock. Removal recomputes the function on the old
        // object, gets another bucket, and leaves the entry behind.
        "byAgeBucket", pod -> List.of(ageBucket(pod, Instant.now())),
        // StatefulIndexFunction: mutates the cached object that every handler also sees.
        "byApp", pod -> {
          pod.getMetadata().getLabels().putIfAbsent(SyncerSettings.APP_LABEL, "unknown");
          return List.of(pod.getMetadata().getLabels().get(SyncerSettings.APP_LABEL));
        }));
    pods.addEventHandler(new TeamLabelHandler());
    // UnboundedInformerWait: waits for the first list with no timeout; an API server that
    // never answers (or RBAC that forbids the list) hangs the operator's startup forever.
    pods.start().toCompletableFuture().join();

    // InformerNeverStopped: the handle of a running informer is discarded, so nothing can stop
    // it before the client is closed. ShortResyncPeriod: 30 s written as a literal.
    client.pods().inNamespace(namespace).withLabel(SyncerSettings.TEAM_LABEL).inform(new AuditHandler(), 30_000);
  }

  public List<Pod> podsOfTeam(String team) {
    return pods.getIndexer().byIndex("byTeam", team);
  }

  public long indexCalls() {
    return indexCalls;
  }

  private String teamOf(Pod pod) {
    Map<String, String> labels = pod.getMetadata().getLabels();
    String team = labels == null ? null : labels.get(SyncerSettings.TEAM_LABEL);
    return team == null ? "none" : team;
  }

  private static String ageBucket(Pod pod, Instant now) {
    String created = pod.getMetadata().getCreationTimestamp();
    if (created == null) {
      return "unknown";
    }
    long hours = Duration.between(Instant.parse(created), now).toHours();
    return hours < 1 ? "fresh" : hours < 24 ? "today" : "old";
  }

  private final class TeamLabelHandler implements ResourceEventHandler<Pod> {
    @Override
    public void onAdd(Pod pod) {
      label(pod);
    }

    @Override
    public void onUpdate(Pod oldPod, Pod newPod) {
      label(newPod);
    }

    @Override
    public void onDelete(Pod pod, boolean deletedFinalStateUnknown) {
      // nothing to clean up: the label goes away with the pod
    }

    private void label(Pod pod) {
      Map<String, String> labels = pod.getMetadata().getLabels();
      String app = labels == null ? null : labels.get(SyncerSettings.APP_LABEL);
      String team = app == null ? null : teamByApp.get(app);
      if (team == null || team.equals(labels.get(SyncerSettings.TEAM_LABEL))) {
        return;
      }
      for (int attempt = 1; attempt <= 3; attempt++) {
        try {
          client.pods().inNamespace(pod.getMetadata().getNamespace()).withName(pod.getMetadata().getName())
              .edit(p -> new PodBuilder(p).editMetadata().addToLabels(SyncerSettings.TEAM_LABEL, team).endMetadata()
                  .build());
          return;
        } catch (KubernetesClientException e) {
          log.warn("labelling {} failed (attempt {})", pod.getMetadata().getName(), attempt, e);
        }
        try {
          Thread.sleep(200L * attempt);
        } catch (InterruptedException e) {
          // InterruptSwallowed (inside a ResourceEventHandler): stop() interrupts this thread to
          // end the handler; logging and carrying on keeps it labelling pods after shutdown.
          log.info("interrupted while backing off, retrying anyway");
        }
      }
    }
  }

  private static final class AuditHandler implements ResourceEventHandler<Pod> {
    @Override
    public void onAdd(Pod pod) {
      log.info("team pod added: {}", pod.getMetadata().getName());
    }

    @Override
    public void onUpdate(Pod oldPod, Pod newPod) {
      log.debug("team pod updated: {}", newPod.getMetadata().getName());
    }

    @Override
    public void onDelete(Pod pod, boolean deletedFinalStateUnknown) {
      log.info("team pod deleted: {}", pod.getMetadata().getName());
    }
  }
}
