package io.github.informerguard.runtime.core;

import java.util.concurrent.TimeUnit;

/**
 * The time source of backoff and relist-budget waits. Injected (by package-private builder and
 * factory methods, from tests) so that tests of backoff and budgets record the waits asked for
 * instead of sleeping through them.
 * Watch lifetimes and close timeouts stay on the system clock.
 */
public interface Ticker {
  Ticker SYSTEM = new Ticker() {
    @Override
    public long nanoTime() {
      return System.nanoTime();
    }

    @Override
    public void sleepNanos(long nanos) throws InterruptedException {
      if (nanos > 0) {
        TimeUnit.NANOSECONDS.sleep(nanos);
      }
    }
  };

  long nanoTime();

  /** Waits {@code nanos}; throws when the waiting thread is interrupted (the informer was closed). */
  void sleepNanos(long nanos) throws InterruptedException;
}
