package demo.cancel;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

/** Family "cancellation": informers and watches nobody stops, waits with no end, lost interrupts. */
public final class CancellationMisuse {

  private final KubernetesClient client;

  public CancellationMisuse(KubernetesClient client) {
    this.client = client;
  }

  public void startAndForget(ResourceEventHandler<Pod> handler) {
    client.pods().inNamespace("default").inform(handler); // violation: InformerNeverStopped
  }

  public void watchAndForget(Watcher<Pod> watcher) {
    client.pods().inNamespace("default").watch(watcher); // violation: WatchNeverClosed
  }

  public void waitForever(SharedIndexInformer<Pod> informer) {
    informer.start().toCompletableFuture().join(); // violation: UnboundedInformerWait
  }

  public void pause() {
    try {
      Thread.sleep(1_000);
    } catch (InterruptedException e) { // violation: InterruptSwallowed
      System.err.println("interrupted while pausing");
    }
  }
}
