package demo;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

/** Builds an informer with too short resync periods; the markers are what the build must report. */
public class PodWatcher implements AutoCloseable {

  private static final long RESYNC_MILLIS = 30_000;

  private final SharedIndexInformer<Pod> informer;

  public PodWatcher(KubernetesClient client, ResourceEventHandler<Pod> handler) {
    informer = client.pods().inNamespace("default").runnableInformer(RESYNC_MILLIS); // violation: ShortResyncPeriod
    informer.addEventHandlerWithResyncPeriod(handler, 10_000); // violation: ShortResyncPeriod
  }

  @Override
  public void close() {
    informer.close();
  }
}
