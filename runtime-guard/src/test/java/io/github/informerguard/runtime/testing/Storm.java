package io.github.informerguard.runtime.testing;

import java.util.List;

/** Figures about when LIST requests arrived at the server. */
public final class Storm {
  private Storm() {}

  /** The largest number of requests that arrived within any window of {@code windowMillis}. */
  public static int maxInWindow(List<Long> sortedNanos, long windowMillis) {
    int best = 0;
    int start = 0;
    for (int end = 0; end < sortedNanos.size(); end++) {
      while (sortedNanos.get(end) - sortedNanos.get(start) >= windowMillis * 1_000_000) {
        start++;
      }
      best = Math.max(best, end - start + 1);
    }
    return best;
  }

  public static long spanMillis(List<Long> sortedNanos) {
    return sortedNanos.isEmpty() ? 0 : (sortedNanos.get(sortedNanos.size() - 1) - sortedNanos.get(0)) / 1_000_000;
  }
}
