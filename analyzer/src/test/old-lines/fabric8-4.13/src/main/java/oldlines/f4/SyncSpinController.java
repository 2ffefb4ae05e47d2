package oldlines.f4;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.informers.SharedInformer;
import java.util.concurrent.TimeUnit;

/**
 * A 4.x controller that keeps its informers in fields of the supertype SharedInformer (which declares
 * hasSynced() in 4.x and 5.x) and spins on them with empty loop bodies before its work loop.
 */
public class SyncSpinController implements Runnable {

  private final SharedInformer<Pod> pods;
  private final SharedInformer<ConfigMap> configMaps;

  public SyncSpinController(SharedIndexInformer<Pod> pods, SharedIndexInformer<ConfigMap> configMaps) {
    this.pods = pods;
    this.configMaps = configMaps;
  }

  @Override
  public void run() {
    while (!pods.hasSynced()); // violation: UnboundedInformerWait
    while (!configMaps.hasSynced()) { // violation: UnboundedInformerWait
    }
    System.out.println("synced");
  }

  // ---- not reported: the same spin bounded by a deadline, and a project type's hasSynced() ----

  public boolean awaitSynced(long timeout, TimeUnit unit) {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    while (!pods.hasSynced() && System.nanoTime() < deadline);
    return pods.hasSynced();
  }

  public void awaitOwn(Cache cache) {
    while (!cache.hasSynced());
  }

  /** A project class with a method of the same name. */
  public static class Cache {
    public boolean hasSynced() {
      return true;
    }
  }
}
