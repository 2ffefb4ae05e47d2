package io.github.informerguard.runtime.core;

import java.util.ArrayList;
import java.util.Arrays;
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
 * {@link #index(String, Object)} for an object that is not in the cache has to evaluate the
 * function, and does so under the write lock like any writer.
 *
 * <p>It knows no client: keys and resourceVersions come from the adapter's {@link ObjectAccess},
 * and each client's informer exposes it through that client's {@code Indexer} interface (method
 * names here are the ones both clients use).
 */
public final class GuardedStore<T> {
  private static final Logger LOG = LoggerFactory.getLogger(GuardedStore.class);

  /** Receives every change, while the write lock is still held, so its order is the store's. */
  interface ChangeListener<T> {
    void added(T obj);

    void updated(T oldObj, T newObj);

    void deleted(T obj, boolean finalStateUnknown);
  }

  /**
   * How index values are held. Per object, in indexer order, each index contributes a value
   * "pv": {@code null} (no value), the {@code String} itself (one value) or a {@code String[]}
   * (several distinct values). With one indexer the object's stored values are that pv; with
   * several, an {@code Object[]} of pvs, or {@code null} when every pv is {@code null}. The
   * encoding depends on the number of indexers, so adding or removing an indexer re-encodes
   * every stored value under the write lock. A bucket (the keys for one index value) is the key
   * {@code String} itself while it has one member, a key-only {@link KeyTable} otherwise.
   */
  private final String informerName;
  private final AtomicLong indexErrors;
  private final ObjectAccess<T> objects;
  // guards items, indexNames, indexFunctions and indices. Writers: the reflector thread (events,
  // lists), addIndexers/removeIndexer callers, index() for an uncached object; readers: any thread
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final KeyTable<T> items = new KeyTable<>(true, 16);
  private final List<String> indexNames = new ArrayList<>();
  private final List<Function<T, List<String>>> indexFunctions = new ArrayList<>();
  private final List<Map<String, Object>> indices = new ArrayList<>();
  private volatile ChangeListener<T> listener;

  public GuardedStore(String informerName, AtomicLong indexErrors, ObjectAccess<T> objects) {
    this.informerName = informerName;
    this.indexErrors = indexErrors;
    this.objects = objects;
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
      int slot = items.slotOf(key);
      T old = null;
      if (slot < 0) {
        items.insert(key, obj, indexValues(key, obj));
      } else {
        old = items.objAt(slot);
        key = items.keyAt(slot); // one key instance per object, shared by the cache and its buckets
        unindex(key, items.valuesAt(slot));
        Object values = indexValues(key, obj);
        items.setAt(slot, obj, values);
      }
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
      int slot = items.slotOf(key);
      if (slot < 0) {
        return null;
      }
      T cached = items.objAt(slot);
      Object values = items.valuesAt(slot);
      key = items.keyAt(slot);
      items.removeAt(slot);
      unindex(key, values);
      ChangeListener<T> l = listener;
      if (l != null) {
        // the watch's final state is newer than the cached one; after a re-list only the cached one is known
        l.deleted(finalStateUnknown ? cached : obj, finalStateUnknown);
      }
      return cached;
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
      Set<String> seen = new java.util.HashSet<>();
      for (T obj : fresh) {
        seen.add(upsertIfChanged(obj));
      }
      retainOnly(seen);
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * Adds {@code obj}, or replaces the cached object with its key unless both carry the same
   * resourceVersion (a re-list then reports no change); returns the key.
   */
  String upsertIfChanged(T obj) {
    String key = getKey(obj);
    lock.writeLock().lock();
    try {
      int slot = items.slotOf(key);
      if (slot >= 0) {
        String cachedVersion = resourceVersion(items.objAt(slot));
        if (cachedVersion != null && cachedVersion.equals(resourceVersion(obj))) {
          return items.keyAt(slot);
        }
      }
      upsert(obj);
      return key;
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** Deletes, with {@code finalStateUnknown}, every cached object whose key is not in {@code keep}. */
  void retainOnly(Set<String> keep) {
    lock.writeLock().lock();
    try {
      List<T> gone = new ArrayList<>();
      for (int i = 0; i < items.capacity(); i++) {
        String key = items.keyAt(i);
        if (key != null && !keep.contains(key)) {
          gone.add(items.objAt(i));
        }
      }
      for (T obj : gone) {
        delete(obj, true);
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
      for (int i = 0; i < items.capacity(); i++) {
        if (items.keyAt(i) != null) {
          action.accept(items.objAt(i));
        }
      }
    } finally {
      lock.readLock().unlock();
    }
  }

  public int size() {
    lock.readLock().lock();
    try {
      return items.size();
    } finally {
      lock.readLock().unlock();
    }
  }

  /** Evaluates every index function for {@code obj}, adds {@code key} to the buckets, returns the values to store. */
  private Object indexValues(String key, T obj) {
    int n = indexNames.size();
    if (n == 1) {
      Object pv = evaluate(indexNames.get(0), indexFunctions.get(0), obj);
      addToBuckets(indices.get(0), pv, key);
      return pv;
    }
    Object[] all = null;
    for (int i = 0; i < n; i++) {
      Object pv = evaluate(indexNames.get(i), indexFunctions.get(i), obj);
      if (pv != null) {
        addToBuckets(indices.get(i), pv, key);
        if (all == null) {
          all = new Object[n];
        }
        all[i] = pv;
      }
    }
    return all;
  }

  /** Removes {@code key} from the buckets of exactly the values stored for it. */
  private void unindex(String key, Object stored) {
    int n = indexNames.size();
    for (int i = 0; i < n; i++) {
      Object pv = valueOf(stored, i, n);
      if (pv != null) {
        removeFromBuckets(indices.get(i), pv, key);
      }
    }
  }

  /** The pv of index {@code i} in values stored while there were {@code n} indexers. */
  private static Object valueOf(Object stored, int i, int n) {
    if (n == 1 || stored == null) {
      return stored;
    }
    return ((Object[]) stored)[i];
  }

  /** Stored values for {@code n + 1} indexers: {@code stored} (for {@code n}) plus {@code pv} last. */
  private static Object appendValue(Object stored, int n, Object pv) {
    if (n == 0) {
      return pv;
    }
    if (stored == null && pv == null) {
      return null;
    }
    Object[] all;
    if (n == 1) {
      all = new Object[] {stored, pv};
    } else {
      all = stored == null ? new Object[n + 1] : Arrays.copyOf((Object[]) stored, n + 1);
      all[n] = pv;
    }
    return all;
  }

  /** Stored values for {@code n - 1} indexers: {@code stored} (for {@code n}) without index {@code removed}. */
  private static Object dropValue(Object stored, int n, int removed) {
    if (n == 1 || stored == null) {
      return null;
    }
    Object[] all = (Object[]) stored;
    if (n == 2) {
      return all[1 - removed];
    }
    Object[] rest = new Object[n - 1];
    boolean any = false;
    for (int i = 0, j = 0; i < n; i++) {
      if (i != removed) {
        rest[j++] = all[i];
        any |= all[i] != null;
      }
    }
    return any ? rest : null;
  }

  private static void addToBuckets(Map<String, Object> index, Object pv, String key) {
    if (pv instanceof String v) {
      addToBucket(index, v, key);
    } else if (pv != null) {
      for (String v : (String[]) pv) {
        addToBucket(index, v, key);
      }
    }
  }

  private static void addToBucket(Map<String, Object> index, String value, String key) {
    Object bucket = index.get(value);
    if (bucket == null) {
      index.put(value, key);
    } else if (bucket instanceof String single) {
      if (!single.equals(key)) {
        KeyTable<Void> keys = new KeyTable<>(false, 4);
        keys.add(single);
        keys.add(key);
        index.put(value, keys);
      }
    } else {
      asKeys(bucket).add(key);
    }
  }

  private static void removeFromBuckets(Map<String, Object> index, Object pv, String key) {
    if (pv instanceof String v) {
      removeFromBucket(index, v, key);
    } else if (pv != null) {
      for (String v : (String[]) pv) {
        removeFromBucket(index, v, key);
      }
    }
  }

  private static void removeFromBucket(Map<String, Object> index, String value, String key) {
    Object bucket = index.get(value);
    if (bucket instanceof String single) {
      if (single.equals(key)) {
        index.remove(value);
      }
    } else if (bucket != null) {
      KeyTable<Void> keys = asKeys(bucket);
      keys.remove(key);
      if (keys.size() == 1) {
        index.put(value, keys.anyKey());
      } else if (keys.size() == 0) {
        index.remove(value);
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static KeyTable<Void> asKeys(Object bucket) {
    return (KeyTable<Void>) bucket;
  }

  private static void bucketKeys(Object bucket, Collection<String> out) {
    if (bucket instanceof String single) {
      out.add(single);
    } else if (bucket != null) {
      out.addAll(asKeys(bucket).keyList());
    }
  }

  /** Runs one index function: its distinct non-null values as a pv (null, String or String[]). */
  private Object evaluate(String indexName, Function<T, List<String>> fn, T obj) {
    try {
      List<String> values = fn.apply(obj);
      if (values == null || values.isEmpty()) {
        return null;
      }
      String first = null;
      List<String> distinct = null;
      for (String v : values) {
        if (v == null) {
          continue;
        }
        if (first == null) {
          first = v;
        } else if (!v.equals(first) && (distinct == null || !distinct.contains(v))) {
          if (distinct == null) {
            distinct = new ArrayList<>();
            distinct.add(first);
          }
          distinct.add(v);
        }
      }
      return distinct == null ? first : distinct.toArray(new String[0]);
    } catch (Throwable e) {
      // escaping here would abort the write before the resourceVersion advances: the watch would
      // resume from the same version and bring the same event back forever
      UserCode.rethrowIfFatal(e);
      indexErrors.incrementAndGet();
      LOG.warn("informer-guard {}: index function '{}' threw for {}; object stored without that index value",
          informerName, indexName, keyOrUnknown(obj), e);
      return null;
    }
  }

  private String keyOrUnknown(T obj) {
    try {
      return getKey(obj);
    } catch (RuntimeException e) {
      return "<no key>";
    }
  }

  private String resourceVersion(T obj) {
    return objects.resourceVersion(obj);
  }

  // ---------------------------------------------------------------- reads (both clients' Indexer)

  public List<T> index(String indexName, T obj) {
    String key = getKey(obj);
    lock.readLock().lock();
    try {
      int i = requireIndex(indexName);
      int slot = items.slotOf(key);
      if (slot >= 0) {
        return collect(i, valueOf(items.valuesAt(slot), i, indexNames.size()));
      }
    } finally {
      lock.readLock().unlock();
    }
    lock.writeLock().lock();
    try {
      int i = requireIndex(indexName);
      return collect(i, evaluate(indexName, indexFunctions.get(i), obj));
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** The cached objects in the buckets of {@code pv}'s values in index {@code i}, each once. */
  private List<T> collect(int i, Object pv) {
    Map<String, Object> index = indices.get(i);
    Collection<String> keys;
    if (pv instanceof String v) {
      keys = new ArrayList<>();
      bucketKeys(index.get(v), keys);
    } else if (pv != null) {
      keys = new LinkedHashSet<>();
      for (String v : (String[]) pv) {
        bucketKeys(index.get(v), keys);
      }
    } else {
      return new ArrayList<>();
    }
    List<T> result = new ArrayList<>(keys.size());
    for (String k : keys) {
      int slot = items.slotOf(k);
      if (slot >= 0) {
        result.add(items.objAt(slot));
      }
    }
    return result;
  }

  private int requireIndex(String indexName) {
    int i = indexNames.indexOf(indexName);
    if (i < 0) {
      throw new IllegalArgumentException("Index with name " + indexName + " does not exist");
    }
    return i;
  }

  public List<String> indexKeys(String indexName, String indexedValue) {
    lock.readLock().lock();
    try {
      int i = requireIndex(indexName);
      List<String> keys = new ArrayList<>();
      bucketKeys(indices.get(i).get(indexedValue), keys);
      return keys;
    } finally {
      lock.readLock().unlock();
    }
  }

  public List<T> byIndex(String indexName, String indexedValue) {
    lock.readLock().lock();
    try {
      return collect(requireIndex(indexName), indexedValue);
    } finally {
      lock.readLock().unlock();
    }
  }

  /** Every (index, value) pair with the keys it points to; for consistency checks and tests. */
  Map<String, Map<String, Set<String>>> indexSnapshot() {
    lock.readLock().lock();
    try {
      Map<String, Map<String, Set<String>>> copy = new HashMap<>();
      for (int i = 0; i < indexNames.size(); i++) {
        Map<String, Set<String>> c = new HashMap<>();
        indices.get(i).forEach((v, bucket) -> {
          List<String> keys = new ArrayList<>();
          bucketKeys(bucket, keys);
          c.put(v, Set.copyOf(keys));
        });
        copy.put(indexNames.get(i), c);
      }
      return copy;
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * The index values stored for the cached object with {@code key}, by index name (absent when
   * it has none for an index); {@code null} when the key is not cached. For tests.
   */
  Map<String, List<String>> storedValues(String key) {
    lock.readLock().lock();
    try {
      int slot = items.slotOf(key);
      if (slot < 0) {
        return null;
      }
      Map<String, List<String>> out = new LinkedHashMap<>();
      int n = indexNames.size();
      for (int i = 0; i < n; i++) {
        Object pv = valueOf(items.valuesAt(slot), i, n);
        if (pv instanceof String v) {
          out.put(indexNames.get(i), List.of(v));
        } else if (pv != null) {
          out.put(indexNames.get(i), List.of((String[]) pv));
        }
      }
      return out;
    } finally {
      lock.readLock().unlock();
    }
  }

  public Map<String, Function<T, List<String>>> getIndexers() {
    lock.readLock().lock();
    try {
      Map<String, Function<T, List<String>>> copy = new LinkedHashMap<>();
      for (int i = 0; i < indexNames.size(); i++) {
        copy.put(indexNames.get(i), indexFunctions.get(i));
      }
      return Collections.unmodifiableMap(copy);
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * Adds indexes and indexes every cached object with them. The new indexes come after the
   * existing ones; each cached object's stored values are re-encoded to hold the new values.
   */
  public void addIndexers(Map<String, Function<T, List<String>>> newIndexers) {
    lock.writeLock().lock();
    try {
      for (Map.Entry<String, Function<T, List<String>>> idx : newIndexers.entrySet()) {
        if (indexNames.contains(idx.getKey())) {
          throw new IllegalArgumentException("Indexer conflict: an index named '" + idx.getKey() + "' already exists");
        }
        Objects.requireNonNull(idx.getValue(), "index function " + idx.getKey());
      }
      for (Map.Entry<String, Function<T, List<String>>> idx : newIndexers.entrySet()) {
        String name = idx.getKey();
        Function<T, List<String>> fn = idx.getValue();
        int n = indexNames.size();
        Map<String, Object> index = new HashMap<>();
        indexNames.add(name);
        indexFunctions.add(fn);
        indices.add(index);
        for (int slot = 0; slot < items.capacity(); slot++) {
          String key = items.keyAt(slot);
          if (key != null) {
            Object pv = evaluate(name, fn, items.objAt(slot));
            addToBuckets(index, pv, key);
            items.setValuesAt(slot, appendValue(items.valuesAt(slot), n, pv));
          }
        }
      }
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * Drops an index and its buckets; each cached object's stored values are re-encoded without
   * that index's values. Unknown names are ignored.
   */
  public void removeIndexer(String name) {
    lock.writeLock().lock();
    try {
      int removed = indexNames.indexOf(name);
      if (removed < 0) {
        return;
      }
      int n = indexNames.size();
      indexNames.remove(removed);
      indexFunctions.remove(removed);
      indices.remove(removed);
      for (int slot = 0; slot < items.capacity(); slot++) {
        if (items.keyAt(slot) != null) {
          items.setValuesAt(slot, dropValue(items.valuesAt(slot), n, removed));
        }
      }
    } finally {
      lock.writeLock().unlock();
    }
  }

  public List<T> list() {
    lock.readLock().lock();
    try {
      List<T> result = new ArrayList<>(items.size());
      for (int i = 0; i < items.capacity(); i++) {
        if (items.keyAt(i) != null) {
          result.add(items.objAt(i));
        }
      }
      return result;
    } finally {
      lock.readLock().unlock();
    }
  }

  public List<String> listKeys() {
    lock.readLock().lock();
    try {
      return items.keyList();
    } finally {
      lock.readLock().unlock();
    }
  }

  public T get(T obj) {
    return getByKey(getKey(obj));
  }

  public T getByKey(String key) {
    lock.readLock().lock();
    try {
      int slot = items.slotOf(key);
      return slot < 0 ? null : items.objAt(slot);
    } finally {
      lock.readLock().unlock();
    }
  }

  public String getKey(T obj) {
    return objects.key(obj);
  }
}
