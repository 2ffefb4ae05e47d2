package oldlines.f5;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;

/**
 * A named Watcher in its own file, watched from LegacyOperator.watchLeases(): on close it only records
 * that the holder is unknown, never re-listing, so a 410 leaves the operator blind to lease changes.
 */
public class LeaseWatcher implements Watcher<Lease> {

  private volatile String holder;
  private volatile boolean watching = true;

  @Override
  public void eventReceived(Action action, Lease lease) {
    holder = lease.getSpec().getHolderIdentity();
  }

  @Override
  public void onClose(WatcherException cause) { // violation: MissingGoneHandling
    watching = false;
    holder = null;
  }

  public boolean isWatching() {
    return watching;
  }

  public String getHolder() {
    return holder;
  }
}
