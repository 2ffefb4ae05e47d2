package demo.gone;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;

/** Family "410 Gone": a raw watch whose close path never relists after 410. */
public final class GoneMisuse implements AutoCloseable {

  private final Watch watch;

  public GoneMisuse(KubernetesClient client) {
    watch = client.pods().inNamespace("default").watch(new Watcher<Pod>() {
      @Override
      public void eventReceived(Action action, Pod pod) {
        System.out.println(action + " " + pod.getMetadata().getName());
      }

      @Override
      public void onClose(WatcherException cause) { // violation: MissingGoneHandling
        System.err.println("watch closed: " + cause.getMessage());
      }
    });
  }

  @Override
  public void close() {
    watch.close();
  }
}
