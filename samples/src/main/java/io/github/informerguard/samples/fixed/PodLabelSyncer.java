package io.github.informerguard.samples.fixed;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.FilterWatchListDeletable;
import io.fabric8.kubernetes.client.dsl.PodResource;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.github.informerguard.runtime.GuardedInformer;
import io.github.informerguard.runtime.InformerGuard;
import io.github.informerguard.runtime.InformerHealth;
import io.github.informerguard.runtime.RelistBudget;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adds the team label to every pod that has an {@code app} label. One guarded informer, closed
 * with the syncer; pure index functions; a bounded start; handlers that honour interrupts.
 */
public final class PodLabelSyncer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(PodLabelSyncer.class);

  /** Writes a label onto a pod; {@link #fabric8(KubernetesClient)} is the production one. */
  @FunctionalInterface
  public interface LabelWriter {
    void addLabel(Pod pod, String key, String value);

    static LabelWriter fabric8(KubernetesClient client) {
      return (pod, key, value) -> client.pods().inNamespace(pod.getMetadata().getNamespace())
          .withName(pod.getMetadata().getName())
          .edit(p -> new PodBuilder(p).editMetadata().addToLabels(key, value).endMetadata().build());
    }
  }

  private final GuardedInformer<Pod> pods;
  private final Function<String, String> teamOfApp;
  private final LabelWriter writer;

  public PodLabelSyncer(KubernetesClient client, String namespace, Function<String, String> teamOfApp) {
    this(client.pods().inNamespace(namespace), teamOfApp, LabelWriter.fabric8(client), RelistBudget.defaultShared());
  }

  /**
   * @param pods what {@code client.pods().inNamespace(ns)} returns
   * @param teamOfApp app name -> team, or null when unknown (for example {@link InformerBootstrap#teamOf})
   * @param budget shared by every informer of the process, so that one compaction does not make
   *     them all re-list in the same second
   */
  public PodLabelSyncer(FilterWatchListDeletable<Pod, PodList, PodResource> pods, Function<String, String> teamOfApp,
      LabelWriter writer, RelistBudget budget) {
    this.teamOfApp = teamOfApp;
    this.writer = writer;
    this.pods = InformerGuard.builder(pods)
        .name("team-pods")
        .resyncPeriod(SyncerSettings.podResync())
        // pure functions of the pod: same input, same output, no writes, no clock
        .withIndex("byTeam", PodLabelSyncer::teamIndex)
        .withIndex("byApp", PodLabelSyncer::appIndex)
        .relistBudget(budget)
        .build();
    this.pods.addEventHandler(new TeamLabelHandler());
    // the broken twin opened a second informer for auditing; a second handler on the same
    // informer costs no LIST or watch, and the guard gives it its own thread
    this.pods.addEventHandler(new AuditHandler());
  }

  /** Starts the informer and waits at most {@code timeout} for the first sync. */
  public void start(Duration timeout) throws InterruptedException, TimeoutException {
    try {
      pods.start().toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw new IllegalStateException("pod informer failed to start: " + e.getCause(), e.getCause());
    }
  }

  public List<Pod> podsOfTeam(String team) {
    return pods.getIndexer().byIndex("byTeam", team);
  }

  public List<Pod> cachedPods() {
    return pods.getStore().list();
  }

  public InformerHealth health() {
    return pods.health();
  }

  @Override
  public void close() {
    pods.close();
  }

  static List<String> teamIndex(Pod pod) {
    Map<String, String> labels = pod.getMetadata().getLabels();
    String team = labels == null ? null : labels.get(SyncerSettings.TEAM_LABEL);
    return List.of(team == null ? "none" : team);
  }

  static List<String> appIndex(Pod pod) {
    Map<String, String> labels = pod.getMetadata().getLabels();
    String app = labels == null ? null : labels.get(SyncerSettings.APP_LABEL);
    return app == null ? List.of() : List.of(app);
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
      String team = app == null ? null : teamOfApp.apply(app);
      if (team == null || team.equals(labels.get(SyncerSettings.TEAM_LABEL))) {
        return;
      }
      for (int attempt = 1; attempt <= 3; attempt++) {
        try {
          writer.addLabel(pod, SyncerSettings.TEAM_LABEL, team);
          return;
        } catch (KubernetesClientException e) {
          log.warn("labelling {} failed (attempt {})", pod.getMetadata().getName(), attempt, e);
        }
        try {
          Thread.sleep(200L * attempt);
        } catch (InterruptedException e) {
          // close() interrupts handler threads: restore the flag and stop working
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  private static final class AuditHandler implements ResourceEventHandler<Pod> {
    private static boolean hasTeam(Pod pod) {
      Map<String, String> labels = pod.getMetadata().getLabels();
      return labels != null && labels.containsKey(SyncerSettings.TEAM_LABEL);
    }

    @Override
    public void onAdd(Pod pod) {
      if (hasTeam(pod)) {
        log.info("team pod added: {}", pod.getMetadata().getName());
      }
    }

    @Override
    public void onUpdate(Pod oldPod, Pod newPod) {
      if (hasTeam(newPod)) {
        log.debug("team pod updated: {}", newPod.getMetadata().getName());
      }
    }

    @Override
    public void onDelete(Pod pod, boolean deletedFinalStateUnknown) {
      if (hasTeam(pod)) {
        log.info("team pod deleted: {}", pod.getMetadata().getName());
      }
    }
  }
}
