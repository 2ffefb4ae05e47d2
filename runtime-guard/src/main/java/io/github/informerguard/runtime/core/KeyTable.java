package io.github.informerguard.runtime.core;

import java.util.ArrayList;
import java.util.List;

/**
 * An open-addressing hash table of {@code String} keys (linear probing, backward-shift deletion,
 * Fibonacci hashing), optionally with two value slots per key held in parallel arrays. Used by
 * {@link GuardedStore} for the cache (key, object, stored index values) and for index buckets
 * (keys only). Compared with a {@code HashMap} it has no node object per entry: a cached object
 * costs three array slots, a bucket member one.
 *
 * <p>Not thread-safe; {@link GuardedStore} guards every access with its lock. A slot number is
 * valid only until the next {@link #insert}, {@link #add} or removal.
 */
final class KeyTable<T> {
  private static final int GOLDEN = 0x9E3779B9;

  private final boolean withValues;
  private final int minCapacity;
  private String[] keys;
  private Object[] objs;
  private Object[] vals;
  private int size;
  private int shift;

  /**
   * @param withValues whether each key carries an object and a value slot
   * @param minCapacity a power of two, at least 4; the table never shrinks below it
   */
  KeyTable(boolean withValues, int minCapacity) {
    if (minCapacity < 4 || Integer.bitCount(minCapacity) != 1) {
      throw new IllegalArgumentException("minCapacity must be a power of two >= 4, was " + minCapacity);
    }
    this.withValues = withValues;
    this.minCapacity = minCapacity;
    allocate(minCapacity);
  }

  int size() {
    return size;
  }

  /** Number of slots; iterate {@code 0 <= slot < capacity()} and skip slots whose key is null. */
  int capacity() {
    return keys.length;
  }

  String keyAt(int slot) {
    return keys[slot];
  }

  @SuppressWarnings("unchecked")
  T objAt(int slot) {
    return (T) objs[slot];
  }

  Object valuesAt(int slot) {
    return vals[slot];
  }

  void setAt(int slot, T obj, Object values) {
    objs[slot] = obj;
    vals[slot] = values;
  }

  void setValuesAt(int slot, Object values) {
    vals[slot] = values;
  }

  /** The slot holding {@code key}, or -1. */
  int slotOf(String key) {
    int mask = keys.length - 1;
    for (int i = home(key); ; i = (i + 1) & mask) {
      String k = keys[i];
      if (k == null) {
        return -1;
      }
      if (k.equals(key)) {
        return i;
      }
    }
  }

  boolean contains(String key) {
    return slotOf(key) >= 0;
  }

  /** Adds {@code key} with its object and values; the caller knows that the key is absent. */
  void insert(String key, T obj, Object values) {
    if ((size + 1) * 3L > keys.length * 2L) {
      resize(keys.length * 2);
    }
    int slot = freeSlot(key);
    keys[slot] = key;
    if (withValues) {
      objs[slot] = obj;
      vals[slot] = values;
    }
    size++;
  }

  /** Adds {@code key} if absent (for a key-only table); returns whether it was added. */
  boolean add(String key) {
    if (slotOf(key) >= 0) {
      return false;
    }
    insert(key, null, null);
    return true;
  }

  /** Removes {@code key}; returns whether it was present. */
  boolean remove(String key) {
    int slot = slotOf(key);
    if (slot < 0) {
      return false;
    }
    removeAt(slot);
    return true;
  }

  /** Removes the entry in {@code slot}, closing the gap so that no tombstone is left. */
  void removeAt(int slot) {
    int mask = keys.length - 1;
    int hole = slot;
    clear(hole);
    for (int j = (hole + 1) & mask; keys[j] != null; j = (j + 1) & mask) {
      int home = home(keys[j]);
      // the entry at j may move back into the hole unless its home lies in the cyclic range (hole, j]
      if (((j - home) & mask) >= ((j - hole) & mask)) {
        keys[hole] = keys[j];
        if (withValues) {
          objs[hole] = objs[j];
          vals[hole] = vals[j];
        }
        clear(j);
        hole = j;
      }
    }
    size--;
    if (keys.length > minCapacity && size * 8L < keys.length) {
      int capacity = minCapacity;
      while (size * 3L >= capacity * 2L) {
        capacity *= 2;
      }
      resize(Math.max(capacity, keys.length / 4));
    }
  }

  /** Any one key (for a table of size 1: the only one), or null when empty. */
  String anyKey() {
    for (String k : keys) {
      if (k != null) {
        return k;
      }
    }
    return null;
  }

  List<String> keyList() {
    List<String> out = new ArrayList<>(size);
    for (String k : keys) {
      if (k != null) {
        out.add(k);
      }
    }
    return out;
  }

  private int home(String key) {
    return (key.hashCode() * GOLDEN) >>> shift;
  }

  private int freeSlot(String key) {
    int mask = keys.length - 1;
    int i = home(key);
    while (keys[i] != null) {
      i = (i + 1) & mask;
    }
    return i;
  }

  private void clear(int slot) {
    keys[slot] = null;
    if (withValues) {
      objs[slot] = null;
      vals[slot] = null;
    }
  }

  private void allocate(int capacity) {
    keys = new String[capacity];
    if (withValues) {
      objs = new Object[capacity];
      vals = new Object[capacity];
    }
    shift = 32 - Integer.numberOfTrailingZeros(capacity);
  }

  private void resize(int capacity) {
    String[] oldKeys = keys;
    Object[] oldObjs = objs;
    Object[] oldVals = vals;
    allocate(capacity);
    for (int i = 0; i < oldKeys.length; i++) {
      String k = oldKeys[i];
      if (k != null) {
        int slot = freeSlot(k);
        keys[slot] = k;
        if (withValues) {
          objs[slot] = oldObjs[i];
          vals[slot] = oldVals[i];
        }
      }
    }
  }
}
