package oldlines.f5;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;

/** A named Watcher in its own file, passed to watch(...) elsewhere. */
public class PodWatcher implements Watcher<Pod> {

  @Override
  public void eventReceived(Action action, Pod pod) {
    System.out.println(action + " " + pod.getMetadata().getName());
  }

  @Override
  public void onClose(WatcherException cause) { // violation: MissingGoneHandling
    // log-only: a 410 here is never turned into a relist
    System.err.println("watch closed: " + cause.getMessage());
  }
}
