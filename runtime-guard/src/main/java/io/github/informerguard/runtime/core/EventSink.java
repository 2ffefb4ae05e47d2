package io.github.informerguard.runtime.core;

/**
 * A user's event handler as the core calls it; each adapter wraps its client's handler type.
 * Called only on the handler's own queue thread.
 */
public interface EventSink<T> {
  void onAdd(T obj);

  void onUpdate(T oldObj, T newObj);

  void onDelete(T obj, boolean deletedFinalStateUnknown);

  /** A (re-)list is about to start (fabric8's {@code onBeforeList}); client-java has no such call. */
  default void onBeforeList(String lastResourceVersion) {}

  /** A (re-)list was applied (fabric8's {@code onList}); client-java has no such call. */
  default void onList(String resourceVersion, boolean remainedEmpty) {}
}
