package io.github.informerguard.runtime.core;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * Exponential backoff with full jitter: the delay before retry {@code n} is drawn uniformly from
 * {@code [0, min(cap, base * 2^n)]}. Full jitter is what spreads many clients that failed at the
 * same instant (one compaction, one API server restart) over the whole window instead of
 * re-synchronising them at every step.
 */
final class Backoff {
  private final long baseMillis;
  private final long capMillis;
  private final RandomGenerator random;

  Backoff(Duration base, Duration cap, RandomGenerator random) {
    this.baseMillis = Math.max(1, base.toMillis());
    this.capMillis = Math.max(baseMillis, cap.toMillis());
    this.random = random;
  }

  /** Delay before retry number {@code attempt} (0-based), never shorter than {@code retryAfterMillis}. */
  long delayMillis(int attempt, long retryAfterMillis) {
    int shift = Math.min(Math.max(attempt, 0), 30);
    long ceiling = Math.min(capMillis, baseMillis << shift);
    long jittered;
    synchronized (random) {
      jittered = random.nextLong(ceiling + 1);
    }
    return Math.max(jittered, retryAfterMillis);
  }
}
