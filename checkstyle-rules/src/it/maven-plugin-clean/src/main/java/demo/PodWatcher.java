package demo;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.concurrent.TimeUnit;

/** The same informer with resync periods at or above the minimum: the build must pass. */
public class PodWatcher implements AutoCloseable {

  private static final long RESYNC_MILLIS = TimeUnit.MINUTES.toMillis(10);

  private final SharedIndexInformer<Pod> informer;

  public PodWatcher(KubernetesClient client, ResourceEventHandler<Pod> handler) {
    informer = client.pods().inNamespace("default").runnableInformer(RESYNC_MILLIS);
    informer.addEventHandlerWithResyncPeriod(handler, 5 * 60 * 1000);
  }

  @Override
  public void close() {
    informer.close();
  }
}
