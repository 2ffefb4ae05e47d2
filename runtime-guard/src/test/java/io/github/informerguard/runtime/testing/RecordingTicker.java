package io.github.informerguard.runtime.testing;

import io.github.informerguard.runtime.core.Ticker;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/** Records the backoff waits asked for and returns at once, so the test does not sleep through them. */
public final class RecordingTicker implements Ticker {
  public final List<Long> sleptMillis = new CopyOnWriteArrayList<>();

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }

  @Override
  public void sleepNanos(long nanos) {
    sleptMillis.add(TimeUnit.NANOSECONDS.toMillis(nanos));
  }
}
