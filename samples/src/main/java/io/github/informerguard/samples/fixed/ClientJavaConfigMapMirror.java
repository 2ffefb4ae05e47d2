package io.github.informerguard.samples.fixed;

import io.kubernetes.client.extended.controller.Controller;
import io.kubernetes.client.extended.controller.builder.ControllerBuilder;
import io.kubernetes.client.extended.controller.reconciler.Reconciler;
import io.kubernetes.client.extended.controller.reconciler.Request;
import io.kubernetes.client.extended.controller.reconciler.Result;
import io.kubernetes.client.informer.SharedIndexInformer;
import io.kubernetes.client.informer.SharedInformerFactory;
import io.kubernetes.client.informer.cache.Lister;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1ConfigMapList;
import io.kubernetes.client.openapi.models.V1ObjectMeta;
import io.kubernetes.client.util.generic.GenericKubernetesApi;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The official-client ConfigMap mirror done right: no resync (the controller is
 * level-triggered; the reflector re-lists after 410 by itself), a pure index function, a sync
 * wait with a deadline, and a {@link #close()} that shuts the controller down and stops the
 * factory it started.
 */
public final class ClientJavaConfigMapMirror implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ClientJavaConfigMapMirror.class);

  private final ApiClient apiClient;
  private final String source;
  private final String target;
  private final SharedInformerFactory factory;
  private final SharedIndexInformer<V1ConfigMap> informer;
  private final Controller controller;
  private Thread worker;

  public ClientJavaConfigMapMirror(ApiClient apiClient, String source, String target) {
    this.apiClient = apiClient;
    this.source = source;
    this.target = target;
    this.factory = new SharedInformerFactory(apiClient);
    GenericKubernetesApi<V1ConfigMap, V1ConfigMapList> configMaps =
        new GenericKubernetesApi<>(V1ConfigMap.class, V1ConfigMapList.class, "", "v1", "configmaps", apiClient);
    this.informer = factory.sharedIndexInformerFor(configMaps, V1ConfigMap.class, 0, source);
    // a pure function of the object, registered before the informer runs
    informer.addIndexers(Map.of("byTeam", ClientJavaConfigMapMirror::teamIndex));
    Lister<V1ConfigMap> lister = new Lister<>(informer.getIndexer(), source);
    this.controller = ControllerBuilder.defaultBuilder(factory)
        .watch(queue -> ControllerBuilder.controllerWatchBuilder(V1ConfigMap.class, queue).build())
        .withReconciler(new MirrorReconciler(lister))
        .withName("configmap-mirror")
        .withWorkerCount(2)
        .withReadyFunc(informer::hasSynced)
        .build();
  }

  /** Starts the informers and waits at most {@code timeout} for the first sync, then the controller. */
  public void start(Duration timeout) throws InterruptedException, TimeoutException {
    factory.startAllRegisteredInformers();
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!informer.hasSynced()) {
      if (System.nanoTime() - deadline > 0) {
        throw new TimeoutException("ConfigMap informer did not sync within " + timeout);
      }
      Thread.sleep(100);
    }
    worker = new Thread(controller, "configmap-mirror");
    worker.start();
  }

  @Override
  public void close() throws InterruptedException {
    controller.shutdown();
    factory.stopAllRegisteredInformers();
    if (worker != null) {
      worker.join(Duration.ofSeconds(10).toMillis());
    }
  }

  static List<String> teamIndex(V1ConfigMap cm) {
    Map<String, String> labels = cm.getMetadata() == null ? null : cm.getMetadata().getLabels();
    String team = labels == null ? null : labels.get(SyncerSettings.TEAM_LABEL);
    return team == null ? List.of() : List.of(team);
  }

  private final class MirrorReconciler implements Reconciler {
    private final Lister<V1ConfigMap> lister;
    private final CoreV1Api api = new CoreV1Api(apiClient);

    MirrorReconciler(Lister<V1ConfigMap> lister) {
      this.lister = lister;
    }

    @Override
    public Result reconcile(Request request) {
      V1ConfigMap cm = lister.get(request.getName());
      if (cm == null) {
        return new Result(false);
      }
      V1ConfigMap copy = new V1ConfigMap()
          .metadata(new V1ObjectMeta().name(request.getName()).namespace(target)
              .putLabelsItem("example.com/mirrored-from", source))
          .data(cm.getData());
      try {
        api.replaceNamespacedConfigMap(request.getName(), target, copy).execute();
      } catch (ApiException e) {
        if (e.getCode() != 404) {
          log.warn("mirroring {} failed", request.getName(), e);
          return new Result(true, Duration.ofSeconds(5));
        }
        try {
          api.createNamespacedConfigMap(target, copy).execute();
        } catch (ApiException create) {
          return new Result(true, Duration.ofSeconds(5));
        }
      }
      return new Result(false);
    }
  }
}
