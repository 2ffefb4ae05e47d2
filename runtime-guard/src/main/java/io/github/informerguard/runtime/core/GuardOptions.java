package io.github.informerguard.runtime.core;

import io.github.informerguard.runtime.RelistBudget;
import java.time.Duration;

/**
 * The validated settings of one informer, fixed when it is built. Each client's builder makes
 * one; not for use outside informer-guard.
 */
public record GuardOptions(
    String name,
    long pageSize,
    Duration resyncPeriod,
    Duration resyncFloor,
    boolean allowShortResync,
    double jitter,
    Duration backoffBase,
    Duration backoffCap,
    RelistBudget relistBudget,
    Duration watchTimeout,
    Duration staleCloseThreshold,
    Duration closeTimeout,
    Duration startTimeout,
    RetryPolicy exceptionHandler,
    Long seed,
    Ticker ticker) {

  /**
   * The safe defaults (those of the fabric8 builder, whose javadoc says why): 5,000 objects a
   * page, no resync and a 5-minute floor, ±10% resync jitter, backoff from 500 ms to 60 s, the
   * JVM-wide relist budget, watches replaced after 5 to 10 minutes, a 2-second stale-watch
   * threshold, 5 s to close and 2 minutes to sync.
   */
  public static GuardOptions defaults(String name, RetryPolicy retryPolicy) {
    return new GuardOptions(name, 5_000, Duration.ZERO, Duration.ofMinutes(5), false, 0.1, Duration.ofMillis(500),
        Duration.ofSeconds(60), RelistBudget.defaultShared(), Duration.ofMinutes(5), Duration.ofSeconds(2),
        Duration.ofSeconds(5), Duration.ofMinutes(2), retryPolicy, null, Ticker.SYSTEM);
  }

  /** The same options with another exception handler. */
  GuardOptions withExceptionHandler(RetryPolicy handler) {
    return new GuardOptions(name, pageSize, resyncPeriod, resyncFloor, allowShortResync, jitter, backoffBase,
        backoffCap, relistBudget, watchTimeout, staleCloseThreshold, closeTimeout, startTimeout, handler, seed,
        ticker);
  }

  /**
   * Checks a resync period against the floor.
   *
   * @throws IllegalArgumentException if negative, or positive and below the floor while short
   *     periods are not allowed
   */
  public long checkResync(long periodMillis, String where) {
    if (periodMillis < 0) {
      throw new IllegalArgumentException(where + ": resync period must be 0 (disabled) or positive, was "
          + periodMillis + " ms");
    }
    if (periodMillis > 0 && periodMillis < resyncFloor.toMillis() && !allowShortResync) {
      throw new IllegalArgumentException(where + ": resync period of " + periodMillis
          + " ms is below the floor of " + resyncFloor.toMillis() + " ms. A resync does not re-list: it replays"
          + " every cached object to the handler as onUpdate(obj, obj), so a short period only burns CPU and"
          + " floods the handler. Use 0 to disable resync (the default), a period of at least the floor, or"
          + " call allowShortResync(true) / resyncFloor(...) on the builder if you really need it.");
    }
    return periodMillis;
  }
}
