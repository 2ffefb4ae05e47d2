package io.github.informerguard.runtime.testing;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Builds a view of the objects only from the events it receives: key -> resourceVersion. */
public class ViewHandler implements ResourceEventHandler<Pod> {
  private final Map<String, String> view = new ConcurrentHashMap<>();
  public final AtomicInteger adds = new AtomicInteger();
  public final AtomicInteger updates = new AtomicInteger();
  public final AtomicInteger resyncs = new AtomicInteger();
  public final AtomicInteger deletes = new AtomicInteger();
  public final AtomicInteger finalStateUnknownDeletes = new AtomicInteger();
  public final AtomicInteger lists = new AtomicInteger();
  public final AtomicInteger beforeLists = new AtomicInteger();

  private static String key(Pod p) {
    return p.getMetadata().getNamespace() + "/" + p.getMetadata().getName();
  }

  @Override
  public void onAdd(Pod obj) {
    adds.incrementAndGet();
    view.put(key(obj), obj.getMetadata().getResourceVersion());
  }

  @Override
  public void onUpdate(Pod oldObj, Pod newObj) {
    if (oldObj == newObj) {
      resyncs.incrementAndGet();
    } else {
      updates.incrementAndGet();
    }
    view.put(key(newObj), newObj.getMetadata().getResourceVersion());
  }

  @Override
  public void onDelete(Pod obj, boolean deletedFinalStateUnknown) {
    deletes.incrementAndGet();
    if (deletedFinalStateUnknown) {
      finalStateUnknownDeletes.incrementAndGet();
    }
    view.remove(key(obj));
  }

  @Override
  public void onBeforeList(String lastSyncResourceVersion) {
    beforeLists.incrementAndGet();
  }

  @Override
  public void onList(String resourceVersion, boolean remainedEmpty) {
    lists.incrementAndGet();
  }

  public Map<String, String> view() {
    return new TreeMap<>(view);
  }
}
