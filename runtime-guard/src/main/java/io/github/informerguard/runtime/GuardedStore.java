package io.github.informerguard.runtime;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import io.fabric8.kubernetes.client.informers.cache.Indexer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The informer's cache and indexes.
 *
 * <p>Index functions run only while the write lock is held, one object at a time. The values an
 * index function returned for an object are stored with the object, and removing or replacing
 * the object removes exactly those values. The function is never asked again what it returned
 * before, so a non-deterministic or impure function cannot leave stale index entries behind. An
 * index function that throws is counted and logged; the object is stored with no value for that
 * index.
 *
 * <p>Reads take the read lock and never call index functions, with one exception:
 * {@link #index(String, HasMetadata)} for an object that is not in the cache has to evaluate the
 * function, and does so under the write lock like any writer.
 */
final class GuardedStore<T extends HasMetadata> implements Indexer<T> {
  private static final Logger LOG = LoggerFactory.getLogger(GuardedStore.class);

  /** Receives every change, while the write lock is still held, so its order is the store's. */
  interface ChangeListener<T> {
    void added(T obj);

    void updated(T oldObj, T newObj);

    void deleted(T obj, boolean finalStateUnknown);
  }

  private static final class Entry<T> {
    T obj;
    final Map<String, List<String>> indexValues = new HashMap<>();

    Entry(T obj) {
      this.obj = obj;
    }
  }

  private final String informerName;
  private final AtomicLong indexErrors;
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final Map<String, Entry<T>> items = new HashMap<>();
  private final Map<String, Function<T, List<String>>> indexers = new LinkedHashMap<>();
  private final Map<String, Map<String, Set<String>>> indices = new HashMap<>();
  private volatile ChangeListener<T> listener;

  GuardedStore(String informerName, AtomicLong indexErrors) {
    this.informerName = informerName;
    this.indexErrors = indexErrors;
  }

  void setListener(ChangeListener<T> listener) {
    this.listener = listener;
  }

  // ---------------------------------------------------------------- writer side

  /** Adds or replaces {@code obj}; returns the previous object or {@code null}. */
  T upsert(T obj) {
    String key = getKey(obj);
    lock.writeLock().lock();
    try {
      Entry<T> entry = items.get(key);
      T old = null;
      if (entry == null) {
        entry = new Entry<>(obj);
        items.put(key, entry);
      } else {
        old = entry.obj;
        unindex(key, entry);
        entry.obj = obj;
      }
      index(key, entry);
      ChangeListener<T> l = listener;
      if (l != null) {
        if (old == null) {
          l.added(obj);
        } else {
          l.updated(old, obj);
        }
      }
      return old;
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** Removes the object with {@code obj}'s key; returns the removed object or {@code null}. */
  T delete(T obj, boolean finalStateUnknown) {
    String key = getKey(obj);
    lock.writeLock().lock();
    try {
      Entry<T> entry = items.remove(key);
      if (entry == null) {
        return null;
      }
      unindex(key, entry);
      ChangeListener<T> l = listener;
      if (l != null) {
        // the watch's final state is newer than the cached one; after a re-list only the cached one is known
        l.deleted(finalStateUnknown ? entry.obj : obj, finalStateUnknown);
      }
      return entry.obj;
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * Makes the cache equal to {@code fresh}: objects missing from it are deleted (with
   * {@code finalStateUnknown}), new ones added, changed ones (different resourceVersion) updated.
   */
  void replaceAll(Collection<T> fresh) {
    lock.writeLock().lock();
    try {
      Map<String, T> byKey = new LinkedHashMap<>();
      for (T obj : fresh) {
        byKey.put(getKey(obj), obj);
      }
      for (String key : new ArrayList<>(items.keySet())) {
        if (!byKey.containsKey(key)) {
          delete(items.get(key).obj, true);
        }
      }
      for (Map.Entry<String, T> e : byKey.entrySet()) {
        Entry<T> existing = items.get(e.getKey());
        if (existing != null
            && Objects.equals(resourceVersion(existing.obj), resourceVersion(e.getValue()))
            && resourceVersion(existing.obj) != null) {
          continue;
        }
        upsert(e.getValue());
      }
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** Runs {@code action} under the write lock (registration of a handler must not race writes). */
  void withWriteLock(Runnable action) {
    lock.writeLock().lock();
    try {
      action.run();
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** Calls {@code action} for every cached object while holding the read lock. */
  void forEachLocked(Consumer<T> action) {
    lock.readLock().lock();
    try {
      for (Entry<T> e : items.values()) {
        action.accept(e.obj);
      }
    } finally {
      lock.readLock().unlock();
    }
  }

  int size() {
    lock.readLock().lock();
    try {
      return items.size();
    } finally {
      lock.readLock().unlock();
    }
  }

  private void index(String key, Entry<T> entry) {
    for (Map.Entry<String, Function<T, List<String>>> idx : indexers.entrySet()) {
      List<String> values = evaluate(idx.getKey(), idx.getValue(), entry.obj);
      entry.indexValues.put(idx.getKey(), values);
      Map<String, Set<String>> index = indices.computeIfAbsent(idx.getKey(), k -> new HashMap<>());
      for (String v : values) {
        index.computeIfAbsent(v, k -> new LinkedHashSet<>()).add(key);
      }
    }
  }

  private void unindex(String key, Entry<T> entry) {
    for (Map.Entry<String, List<String>> stored : entry.indexValues.entrySet()) {
      Map<String, Set<String>> index = indices.get(stored.getKey());
      if (index == null) {
        continue;
      }
      for (String v : stored.getValue()) {
        Set<String> keys = index.get(v);
        if (keys != null) {
          keys.remove(key);
          if (keys.isEmpty()) {
            index.remove(v);
          }
        }
      }
    }
    entry.indexValues.clear();
  }

  private List<String> evaluate(String indexName, Function<T, List<String>> fn, T obj) {
    try {
      List<String> values = fn.apply(obj);
      if (values == null || values.isEmpty()) {
        return List.of();
      }
      List<String> copy = new ArrayList<>(values.size());
      for (String v : values) {
        if (v != null && !copy.contains(v)) {
          copy.add(v);
        }
      }
      return List.copyOf(copy);
    } catch (RuntimeException | LinkageError e) {
      indexErrors.incrementAndGet();
      LOG.warn("informer-guard {}: index function '{}' threw for {}; object stored without that index value",
          informerName, indexName, keyOrUnknown(obj), e);
      return List.of();
    }
  }

  private String keyOrUnknown(T obj) {
    try {
      return getKey(obj);
    } catch (RuntimeException e) {
      return "<no key>";
    }
  }

  private static String resourceVersion(HasMetadata obj) {
    return obj.getMetadata() == null ? null : obj.getMetadata().getResourceVersion();
  }

  // ---------------------------------------------------------------- Indexer / Store

  @Override
  public List<T> index(String indexName, T obj) {
    String key = getKey(obj);
    List<String> values;
    lock.readLock().lock();
    try {
      requireIndex(indexName);
      Entry<T> entry = items.get(key);
      values = entry == null ? null : entry.indexValues.getOrDefault(indexName, List.of());
      if (values != null) {
        return collect(indexName, values);
      }
    } finally {
      lock.readLock().unlock();
    }
    lock.writeLock().lock();
    try {
      Function<T, List<String>> fn = requireIndex(indexName);
      return collect(indexName, evaluate(indexName, fn, obj));
    } finally {
      lock.writeLock().unlock();
    }
  }

  private List<T> collect(String indexName, List<String> values) {
    Map<String, Set<String>> index = indices.getOrDefault(indexName, Map.of());
    Set<String> keys = new LinkedHashSet<>();
    for (String v : values) {
      keys.addAll(index.getOrDefault(v, Set.of()));
    }
    List<T> result = new ArrayList<>(keys.size());
    for (String k : keys) {
      Entry<T> e = items.get(k);
      if (e != null) {
        result.add(e.obj);
      }
    }
    return result;
  }

  private Function<T, List<String>> requireIndex(String indexName) {
    Function<T, List<String>> fn = indexers.get(indexName);
    if (fn == null) {
      throw new IllegalArgumentException("Index with name " + indexName + " does not exist");
    }
    return fn;
  }

  @Override
  public List<String> indexKeys(String indexName, String indexedValue) {
    lock.readLock().lock();
    try {
      requireIndex(indexName);
      return new ArrayList<>(indices.getOrDefault(indexName, Map.of()).getOrDefault(indexedValue, Set.of()));
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public List<T> byIndex(String indexName, String indexedValue) {
    lock.readLock().lock();
    try {
      requireIndex(indexName);
      return collect(indexName, List.of(indexedValue));
    } finally {
      lock.readLock().unlock();
    }
  }

  /** Every (index, value) pair with the keys it points to; for consistency checks and tests. */
  Map<String, Map<String, Set<String>>> indexSnapshot() {
    lock.readLock().lock();
    try {
      Map<String, Map<String, Set<String>>> copy = new HashMap<>();
      indices.forEach((name, idx) -> {
        Map<String, Set<String>> c = new HashMap<>();
        idx.forEach((v, keys) -> c.put(v, Set.copyOf(keys)));
        copy.put(name, c);
      });
      return copy;
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public Map<String, Function<T, List<String>>> getIndexers() {
    lock.readLock().lock();
    try {
      return Collections.unmodifiableMap(new LinkedHashMap<>(indexers));
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public void addIndexers(Map<String, Function<T, List<String>>> newIndexers) {
    lock.writeLock().lock();
    try {
      for (String name : newIndexers.keySet()) {
        if (indexers.containsKey(name)) {
          throw new IllegalArgumentException("Indexer conflict: an index named '" + name + "' already exists");
        }
      }
      for (Map.Entry<String, Function<T, List<String>>> idx : newIndexers.entrySet()) {
        String name = idx.getKey();
        Function<T, List<String>> fn = Objects.requireNonNull(idx.getValue(), "index function " + name);
        indexers.put(name, fn);
        Map<String, Set<String>> index = indices.computeIfAbsent(name, k -> new HashMap<>());
        for (Map.Entry<String, Entry<T>> item : items.entrySet()) {
          List<String> values = evaluate(name, fn, item.getValue().obj);
          item.getValue().indexValues.put(name, values);
          for (String v : values) {
            index.computeIfAbsent(v, k -> new LinkedHashSet<>()).add(item.getKey());
          }
        }
      }
    } finally {
      lock.writeLock().unlock();
    }
  }

  @Override
  public void removeIndexer(String name) {
    lock.writeLock().lock();
    try {
      indexers.remove(name);
      indices.remove(name);
      for (Entry<T> e : items.values()) {
        e.indexValues.remove(name);
      }
    } finally {
      lock.writeLock().unlock();
    }
  }

  @Override
  public List<T> list() {
    lock.readLock().lock();
    try {
      List<T> result = new ArrayList<>(items.size());
      for (Entry<T> e : items.values()) {
        result.add(e.obj);
      }
      return result;
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public List<String> listKeys() {
    lock.readLock().lock();
    try {
      return new ArrayList<>(items.keySet());
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public T get(T obj) {
    return getByKey(getKey(obj));
  }

  @Override
  public T getByKey(String key) {
    lock.readLock().lock();
    try {
      Entry<T> e = items.get(key);
      return e == null ? null : e.obj;
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public String getKey(T obj) {
    return Cache.metaNamespaceKeyFunc(obj);
  }
}
