package io.github.informerguard.samples.broken;

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
import io.kubernetes.client.openapi.models.V1Namespace;
import io.kubernetes.client.openapi.models.V1NamespaceList;
import io.kubernetes.client.openapi.models.V1ObjectMeta;
import io.kubernetes.client.util.generic.GenericKubernetesApi;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The same ConfigMap mirror as {@link ConfigMapMirror}, on the official client's informer
 * factory and controller builder.
 */
public class ClientJavaConfigMapMirror {
  private static final Logger log = LoggerFactory.getLogger(ClientJavaConfigMapMirror.class);

  private final ApiClient apiClient;
  private final String source;
  private final String target;

  public ClientJavaConfigMapMirror(ApiClient apiClient, String source, String target) {
    this.apiClient = apiClient;
    this.source = source;
    this.target = target;
  }

  /** A namespace cache for the audit log, started on its own factory. */
  public Lister<V1Namespace> startNamespaceCache() {
    SharedInformerFactory namespaces = new SharedInformerFactory(apiClient);
    GenericKubernetesApi<V1Namespace, V1NamespaceList> api =
        new GenericKubernetesApi<>(V1Namespace.class, V1NamespaceList.class, "", "v1", "namespaces", apiClient);
    SharedIndexInformer<V1Namespace> informer = namespaces.sharedIndexInformerFor(api, V1Namespace.class, 0);
    // InformerNeverStopped: the factory is started and nothing ever calls
    // stopAllRegisteredInformers(); its informer threads are non-daemon and keep the JVM alive.
    namespaces.startAllRegisteredInformers();
    return new Lister<>(informer.getIndexer());
  }

  public Controller start() throws InterruptedException {
    SharedInformerFactory factory = new SharedInformerFactory(apiClient);
    GenericKubernetesApi<V1ConfigMap, V1ConfigMapList> configMaps =
        new GenericKubernetesApi<>(V1ConfigMap.class, V1ConfigMapList.class, "", "v1", "configmaps", apiClient);
    SharedIndexInformer<V1ConfigMap> informer =
        factory.sharedIndexInformerFor(configMaps, V1ConfigMap.class, Duration.ofMinutes(10).toMillis(), source);
    // StatefulIndexFunction: reads the clock, so the bucket an object is filed under depends on
    // when it was indexed, and the official client re-indexes on every resync.
    informer.addIndexers(Map.of("byAge", cm -> {
      OffsetDateTime created = cm.getMetadata().getCreationTimestamp();
      return List.of(created != null && created.isAfter(OffsetDateTime.now().minusHours(1)) ? "fresh" : "old");
    }));

    Lister<V1ConfigMap> lister = new Lister<>(informer.getIndexer(), source);
    Controller controller = ControllerBuilder.defaultBuilder(factory)
        // ShortResyncPeriod: a 30 s resync written as a Duration, meant as a safety net. A resync
        // only replays the cache into the work queue, it never re-lists. The watch is added to the
        // informer above before it starts, so its shorter period lowers the informer's 10 minutes
        // to 30 s (on an informer registered with 0 it would do nothing at all).
        .watch(queue -> ControllerBuilder.controllerWatchBuilder(V1ConfigMap.class, queue)
            .withResyncPeriod(Duration.ofSeconds(30))
            .build())
        .withReconciler(new MirrorReconciler(lister))
        .withName("configmap-mirror")
        .withWorkerCount(2)
        .build();

    // InformerNeverStopped: the controller builder only looks the informer up in the factory and
    // the Controller never stops it, so nothing stops this factory either.
    factory.startAllRegisteredInformers();

    // UnboundedInformerWait: no deadline; if the LIST is forbidden this never returns.
    while (!informer.hasSynced()) {
      Thread.sleep(100);
    }
    Thread worker = new Thread(controller, "configmap-mirror");
    worker.start();
    return controller;
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
