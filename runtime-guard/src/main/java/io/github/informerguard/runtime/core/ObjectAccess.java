package io.github.informerguard.runtime.core;

/** The two facts the core reads from an object of the client's model. */
public interface ObjectAccess<T> {
  /** {@code namespace/name}, or {@code name} for a cluster-scoped object: the cache key. */
  String key(T obj);

  /** The object's {@code metadata.resourceVersion}, or {@code null}. */
  String resourceVersion(T obj);
}
