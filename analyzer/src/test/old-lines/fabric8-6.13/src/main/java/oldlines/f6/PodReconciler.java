package oldlines.f6;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

/** Watches and informers reached only through the @Data holder's generated getClient(). */
public class PodReconciler {

  private final WorkloadContext context = new WorkloadContext();

  public void watchDiscarded() {
    context.getClient().pods().inNamespace(context.getNamespace()).watch(new PodEvents()); // violation: WatchNeverClosed
  }

  public void informDiscarded(ResourceEventHandler<Pod> handler) {
    context.getClient().pods().inAnyNamespace().inform(handler, 0); // violation: InformerNeverStopped
  }

  /** Look-alike of watchDiscarded: the handle is closed when the block ends. */
  public void watchClosed() {
    try (Watch watch = context.getClient().pods().inNamespace(context.getNamespace()).watch(new PodEvents())) {
      System.out.println(watch);
    }
  }

  /** Look-alike of informDiscarded: the informer is stopped. */
  public void informStopped(ResourceEventHandler<Pod> handler) {
    SharedIndexInformer<Pod> pods = context.getClient().pods().inAnyNamespace().inform(handler, 0);
    pods.stop();
  }

  /** Handles 410 Gone by re-listing, so its onClose is not a finding. */
  private static final class PodEvents implements Watcher<Pod> {
    @Override
    public void eventReceived(Action action, Pod pod) {
      System.out.println(action + " " + pod.getMetadata().getName());
    }

    @Override
    public void onClose(WatcherException cause) {
      if (cause.isHttpGone()) {
        System.err.println("gone, re-listing");
      }
    }
  }
}
