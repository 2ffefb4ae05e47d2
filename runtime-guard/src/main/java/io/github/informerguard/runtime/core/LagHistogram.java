package io.github.informerguard.runtime.core;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A lock-free log-linear histogram of durations in nanoseconds: 8 buckets per power of two, so a
 * percentile read back is at most 12.5% above the true value, in 64 x 8 longs whatever the
 * count. One thread records (a handler's delivery thread); any thread may read, and a read racing
 * a record may miss that one sample.
 */
final class LagHistogram {
  private static final int SUB_BITS = 3;
  private static final int SUB = 1 << SUB_BITS;

  private final AtomicLongArray counts = new AtomicLongArray(64 * SUB);
  private final AtomicLong total = new AtomicLong();
  private final AtomicLong max = new AtomicLong();

  void record(long nanos) {
    long v = Math.max(0, nanos);
    counts.incrementAndGet(index(v));
    total.incrementAndGet();
    max.accumulateAndGet(v, Math::max);
  }

  static int index(long v) {
    if (v < SUB) {
      return (int) v;
    }
    int octave = 63 - Long.numberOfLeadingZeros(v); // >= SUB_BITS
    int sub = (int) (v >>> (octave - SUB_BITS)) & (SUB - 1);
    return (octave - SUB_BITS + 1) * SUB + sub;
  }

  /** The largest value that falls in bucket {@code i}. */
  static long upperBound(int i) {
    if (i < SUB) {
      return i;
    }
    int octave = i / SUB + SUB_BITS - 1;
    long sub = i % SUB;
    long low = (1L << octave) | (sub << (octave - SUB_BITS));
    return low + (1L << (octave - SUB_BITS)) - 1;
  }

  long count() {
    return total.get();
  }

  /** The value at quantile {@code q} (0..1), as a bucket's upper bound, never above the maximum; zero when empty. */
  Duration quantile(double q) {
    long n = 0;
    long[] snapshot = new long[counts.length()];
    for (int i = 0; i < snapshot.length; i++) {
      snapshot[i] = counts.get(i);
      n += snapshot[i];
    }
    if (n == 0) {
      return Duration.ZERO;
    }
    long rank = Math.max(1, (long) Math.ceil(q * n));
    long seen = 0;
    for (int i = 0; i < snapshot.length; i++) {
      seen += snapshot[i];
      if (seen >= rank) {
        return Duration.ofNanos(Math.min(upperBound(i), max.get()));
      }
    }
    return Duration.ofNanos(max.get());
  }

  Duration max() {
    return Duration.ofNanos(max.get());
  }
}
