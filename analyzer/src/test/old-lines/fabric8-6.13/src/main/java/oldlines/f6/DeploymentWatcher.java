package oldlines.f6;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;

/** A named Watcher in its own file that never checks for 410 Gone. */
public class DeploymentWatcher implements Watcher<Deployment> {

  @Override
  public void eventReceived(Action action, Deployment d) {
    System.out.println(action + " " + d.getMetadata().getName());
  }

  @Override
  public void onClose(WatcherException cause) { // violation: MissingGoneHandling
    System.err.println("closed: " + cause);
  }
}
