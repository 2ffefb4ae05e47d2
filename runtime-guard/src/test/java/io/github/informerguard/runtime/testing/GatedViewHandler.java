package io.github.informerguard.runtime.testing;

import io.fabric8.kubernetes.api.model.Pod;
import java.util.concurrent.CountDownLatch;

/** A {@link ViewHandler} whose {@code onAdd} blocks until {@link #release()}: a slow handler on demand. */
public class GatedViewHandler extends ViewHandler {
  private final CountDownLatch gate = new CountDownLatch(1);

  public void release() {
    gate.countDown();
  }

  @Override
  public void onAdd(Pod obj) {
    try {
      gate.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    super.onAdd(obj);
  }
}
