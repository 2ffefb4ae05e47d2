package oldlines.f5;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.informers.SharedInformerFactory;
import java.io.IOException;

/** fabric8 5.12 APIs that 6.x and later removed or changed, used the way operators used them. */
public class LegacyOperator {

  private static final long RESYNC = 30_000L;

  private final ClusterService service;

  public LegacyOperator(ClusterService service) {
    this.service = service;
  }

  /** The 5.x factory class: sharedIndexInformerFor(Class, long), then started. */
  public void factoryInformer(ResourceEventHandler<Pod> handler) {
    SharedInformerFactory factory = service.getClient().informers();
    SharedIndexInformer<Pod> pods = factory.sharedIndexInformerFor(Pod.class, RESYNC); // violation: ShortResyncPeriod
    pods.addEventHandler(handler);
    factory.startAllRegisteredInformers(); // violation: InformerNeverStopped
  }

  /** Reached through a Lombok getter: inform(handler, resync) on 5.12's DSL. */
  public SharedIndexInformer<ConfigMap> lombokChain(ResourceEventHandler<ConfigMap> handler) {
    return service.getClient().configMaps().inNamespace("ops").inform(handler, 10_000L); // violation: ShortResyncPeriod
  }

  /** run() without start(): 5.x informers ran on the caller's thread or an executor. */
  public void runOnly(ResourceEventHandler<Pod> handler) {
    SharedIndexInformer<Pod> informer = service.getClient().pods().inNamespace("ops").runnableInformer(0);
    informer.addEventHandler(handler);
    informer.run(); // violation: InformerNeverStopped
  }

  /** A project factory method, a named Watcher from another file, the handle dropped. */
  public void watchThroughFactory(String url) {
    Clients.clientFor(url).pods().inNamespace("ops").watch(new PodWatcher()); // violation: WatchNeverClosed
  }

  /** 5.x raw custom resources: customResource(ctx).watch(...) throws IOException and returns Watch. */
  public Watch rawCustomResource(KubernetesClient client) throws IOException {
    CustomResourceDefinitionContext ctx = new CustomResourceDefinitionContext.Builder()
        .withGroup("example.com").withVersion("v1").withPlural("widgets").withScope("Namespaced").build();
    return client.customResource(ctx).watch("ops", new RawWatcher());
  }

  /** The same raw watch with its handle dropped. */
  public void rawCustomResourceDropped(KubernetesClient client, CustomResourceDefinitionContext ctx) throws IOException {
    client.customResource(ctx).watch(new RawWatcher()); // violation: WatchNeverClosed
  }

  /** A named Watcher from another file, through the Lombok getter; the handle is kept by the caller. */
  public Watch watchLeases() {
    return service.getClient().leases().inNamespace("ops").watch(new LeaseWatcher());
  }

  /** Closed properly: no finding. */
  public void watchClosed(KubernetesClient client) {
    try (Watch w = client.pods().watch(new PodWatcher())) {
      System.out.println(w);
    }
  }
}
