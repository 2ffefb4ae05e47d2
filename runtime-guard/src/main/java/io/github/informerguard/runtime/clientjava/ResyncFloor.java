package io.github.informerguard.runtime.clientjava;

import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The factory's resync rule. client-java code passes resync periods to
 * {@code sharedIndexInformerFor} and {@code addEventHandlerWithResyncPeriod} as a matter of
 * course, so where the fabric8 builder rejects a short period, the drop-in factory raises it to
 * the floor and logs why: switching the factory must not break a working operator.
 */
record ResyncFloor(Duration floor, boolean allowShort) {
  private static final Logger LOG = LoggerFactory.getLogger(ResyncFloor.class);

  long apply(long periodMillis, String where) {
    if (periodMillis < 0) {
      throw new IllegalArgumentException(where + ": resync period must be 0 (disabled) or positive, was "
          + periodMillis + " ms");
    }
    if (periodMillis > 0 && periodMillis < floor.toMillis() && !allowShort) {
      LOG.warn("informer-guard: {}: resync period of {} ms raised to the floor of {} ms. A resync does not re-list:"
          + " it replays every cached object to the handler as onUpdate(obj, obj), so a short period only burns CPU."
          + " Pass 0 to disable it, or allowShortResync(true) on the factory.", where, periodMillis, floor.toMillis());
      return floor.toMillis();
    }
    return periodMillis;
  }
}
