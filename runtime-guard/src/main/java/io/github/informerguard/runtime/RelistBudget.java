package io.github.informerguard.runtime;

import io.github.informerguard.runtime.core.Ticker;
import java.time.Duration;
import java.util.Objects;

/**
 * A token bucket that paces full LIST calls. Share one instance between informers so that an
 * event that invalidates all of them at once (an etcd compaction, an API server restart) makes
 * them re-list one after another at the configured rate instead of all in the same second.
 *
 * <p>The bucket holds at most {@code burst} tokens and gains one every {@code refillInterval}.
 * A caller that finds no token reserves the next one and waits for it, so waiting callers are
 * served in arrival order and never all at once.
 *
 * <p>Only re-lists take a token; the first list of an informer does not.
 */
public final class RelistBudget {
  /** Burst of {@link #defaultShared()}: one re-list may start at once. */
  public static final int DEFAULT_BURST = 1;
  /**
   * Refill interval of {@link #defaultShared()}: one more re-list every 250 ms, so no second ever
   * holds more than 5 LISTs of the informers sharing it (1 burst + 4 refills), and 20 informers
   * hit by one compaction have all re-listed after about 4.75 s.
   */
  public static final Duration DEFAULT_REFILL_INTERVAL = Duration.ofMillis(250);

  private static final RelistBudget DEFAULT_SHARED = new RelistBudget(DEFAULT_BURST, DEFAULT_REFILL_INTERVAL, Ticker.SYSTEM);

  private final int burst;
  private final long refillNanos;
  private final Ticker ticker;
  // guarded by this: the bucket's level and when it was last topped up
  private double tokens;
  private long lastRefillNanos;

  private RelistBudget(int burst, Duration refillInterval, Ticker ticker) {
    if (burst < 1) {
      throw new IllegalArgumentException("burst must be at least 1, was " + burst);
    }
    Objects.requireNonNull(refillInterval, "refillInterval");
    if (refillInterval.isNegative() || refillInterval.isZero()) {
      throw new IllegalArgumentException("refillInterval must be positive, was " + refillInterval);
    }
    this.burst = burst;
    this.refillNanos = refillInterval.toNanos();
    this.ticker = ticker;
    this.tokens = burst;
    this.lastRefillNanos = ticker.nanoTime();
  }

  /** A bucket of {@code burst} tokens that regains one token every {@code refillInterval}. */
  public static RelistBudget of(int burst, Duration refillInterval) {
    return new RelistBudget(burst, refillInterval, Ticker.SYSTEM);
  }

  /** As {@link #of(int, Duration)} on another time source (tests). */
  static RelistBudget of(int burst, Duration refillInterval, Ticker ticker) {
    return new RelistBudget(burst, refillInterval, ticker);
  }

  /**
   * The JVM-wide budget used by informers that were not given one: 1 immediate re-list, then one
   * every 250 ms ({@link #DEFAULT_BURST}, {@link #DEFAULT_REFILL_INTERVAL}). When a compaction
   * invalidates many informers at once, any one second holds at most 5 of their LISTs and n
   * informers have all started re-listing after about {@code (n - 1) * 250 ms} (20: ~4.75 s;
   * 200: ~50 s, so a process with hundreds of informers passes its own {@link #of}).
   */
  public static RelistBudget defaultShared() {
    return DEFAULT_SHARED;
  }

  /** Tokens the bucket holds when full (re-lists that may start at once). */
  public int burst() {
    return burst;
  }

  /** Time in which the bucket regains one token. */
  public Duration refillInterval() {
    return Duration.ofNanos(refillNanos);
  }

  /** Tokens that are immediately available (negative when callers are already queued). */
  public synchronized double available() {
    refill(ticker.nanoTime());
    return tokens;
  }

  /**
   * Takes a token, waiting for it if none is available.
   *
   * @return the time waited, in nanoseconds
   * @throws InterruptedException if the waiting thread is interrupted (the informer was closed)
   */
  public long acquire() throws InterruptedException {
    long waitNanos = reserve();
    if (waitNanos > 0) {
      try {
        ticker.sleepNanos(waitNanos);
      } catch (InterruptedException e) {
        refund();
        throw e;
      }
    }
    return waitNanos;
  }

  private synchronized long reserve() {
    long now = ticker.nanoTime();
    refill(now);
    tokens -= 1;
    if (tokens >= 0) {
      return 0;
    }
    return (long) Math.ceil(-tokens * refillNanos);
  }

  private synchronized void refund() {
    tokens = Math.min(burst, tokens + 1);
  }

  private void refill(long now) {
    long elapsed = now - lastRefillNanos;
    if (elapsed > 0) {
      tokens = Math.min(burst, tokens + (double) elapsed / refillNanos);
      lastRefillNanos = now;
    }
  }

  @Override
  public String toString() {
    return "RelistBudget[burst=" + burst + ", refill=" + Duration.ofNanos(refillNanos) + "]";
  }
}
