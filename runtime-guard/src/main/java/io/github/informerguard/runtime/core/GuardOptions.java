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
