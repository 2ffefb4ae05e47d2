package io.github.informerguard.runtime.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LagHistogramTest {
  @Test
  void percentilesAreWithinOneEighthAboveTheTrueValue() {
    LagHistogram h = new LagHistogram();
    for (long ms = 1; ms <= 1000; ms++) {
      h.record(Duration.ofMillis(ms).toNanos());
    }
    assertThat(h.count()).isEqualTo(1000);
    assertThat(h.quantile(0.5).toNanos()).isBetween(Duration.ofMillis(500).toNanos(), Duration.ofMillis(563).toNanos());
    assertThat(h.quantile(0.99).toNanos()).isBetween(Duration.ofMillis(990).toNanos(), Duration.ofMillis(1000).toNanos());
    assertThat(h.max()).isEqualTo(Duration.ofMillis(1000));
  }

  @Test
  void everyValueFallsInABucketWhoseUpperBoundCoversIt() {
    for (long v : new long[] {0, 1, 7, 8, 9, 15, 16, 17, 1000, 123_456_789L, Long.MAX_VALUE / 3}) {
      int i = LagHistogram.index(v);
      assertThat(LagHistogram.upperBound(i)).isGreaterThanOrEqualTo(v);
      assertThat(i == 0 ? -1 : LagHistogram.upperBound(i - 1)).isLessThan(v);
    }
  }

  @Test
  void emptyHistogramReadsZero() {
    assertThat(new LagHistogram().quantile(0.99)).isZero();
  }
}
