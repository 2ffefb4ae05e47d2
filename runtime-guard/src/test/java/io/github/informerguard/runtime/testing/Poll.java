package io.github.informerguard.runtime.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waits for a condition with a generous timeout; the timeout is a safety net, never the assertion. */
public final class Poll {
  public static final Duration DEFAULT = Duration.ofSeconds(30);

  private Poll() {}

  public static void until(BooleanSupplier condition, Supplier<String> whatWasExpected) {
    until(DEFAULT, condition, whatWasExpected);
  }

  public static void until(Duration timeout, BooleanSupplier condition, Supplier<String> whatWasExpected) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("Timed out after " + timeout + " waiting for: " + whatWasExpected.get());
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted", e);
      }
    }
  }
}
