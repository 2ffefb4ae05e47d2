package io.github.informerguard.runtime.clientjava;

import io.kubernetes.client.informer.ResourceEventHandler;
import io.kubernetes.client.openapi.models.V1Pod;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** A client-java handler that builds its view only from the events it receives: key -> resourceVersion. */
class PodView implements ResourceEventHandler<V1Pod> {
  private final Map<String, String> view = new ConcurrentHashMap<>();
  final AtomicInteger adds = new AtomicInteger();
  final AtomicInteger updates = new AtomicInteger();
  final AtomicInteger resyncs = new AtomicInteger();
  final AtomicInteger deletes = new AtomicInteger();
  final AtomicInteger finalStateUnknownDeletes = new AtomicInteger();

  static String key(V1Pod p) {
    return p.getMetadata().getNamespace() + "/" + p.getMetadata().getName();
  }

  @Override
  public void onAdd(V1Pod obj) {
    adds.incrementAndGet();
    view.put(key(obj), obj.getMetadata().getResourceVersion());
  }

  @Override
  public void onUpdate(V1Pod oldObj, V1Pod newObj) {
    // a resync replays the cached object: same resourceVersion on both sides
    if (Objects.equals(oldObj.getMetadata().getResourceVersion(), newObj.getMetadata().getResourceVersion())) {
      resyncs.incrementAndGet();
    } else {
      updates.incrementAndGet();
    }
    view.put(key(newObj), newObj.getMetadata().getResourceVersion());
  }

  @Override
  public void onDelete(V1Pod obj, boolean deletedFinalStateUnknown) {
    deletes.incrementAndGet();
    if (deletedFinalStateUnknown) {
      finalStateUnknownDeletes.incrementAndGet();
    }
    view.remove(key(obj));
  }

  Map<String, String> view() {
    return new TreeMap<>(view);
  }
}
