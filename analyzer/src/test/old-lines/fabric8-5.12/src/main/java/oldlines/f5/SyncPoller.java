package oldlines.f5;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.informers.SharedInformer;
import java.util.concurrent.TimeUnit;

/**
 * A 5.x component holding its informer as the supertype SharedInformer (which declares hasSynced() and
 * isWatching() up to 5.12) and polling it with no deadline.
 */
public class SyncPoller {

  private final SharedInformer<Pod> pods;

  public SyncPoller(SharedIndexInformer<Pod> pods) {
    this.pods = pods;
  }

  public void awaitWatching() throws InterruptedException {
    while (!pods.isWatching()) { // violation: UnboundedInformerWait
      TimeUnit.MILLISECONDS.sleep(200);
    }
  }

  // ---- not reported: the same poll with a deadline ----

  public boolean awaitSynced(long timeout, TimeUnit unit) throws InterruptedException {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    while (!pods.hasSynced()) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      TimeUnit.MILLISECONDS.sleep(200);
    }
    return true;
  }
}
