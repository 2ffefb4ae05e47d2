package io.github.informerguard.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class RetryAfterRecorderTest {
  private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");

  @Test
  void readsDelaySeconds() {
    assertThat(RetryAfterRecorder.parseSeconds("30", NOW)).isEqualTo(30);
    assertThat(RetryAfterRecorder.parseSeconds(" 2 ", NOW)).isEqualTo(2);
  }

  @Test
  void readsAnHttpDateAsSecondsFromNowRoundedUp() {
    assertThat(RetryAfterRecorder.parseSeconds("Tue, 01 Dec 2026 12:00:09 GMT", NOW.minusMillis(500))).isEqualTo(10);
    assertThat(RetryAfterRecorder.parseSeconds("Tue, 01 Dec 2026 11:59:00 GMT", NOW)).isZero();
  }

  @Test
  void ignoresWhatIsNeitherSecondsNorADate() {
    assertThat(RetryAfterRecorder.parseSeconds(null, NOW)).isEqualTo(-1);
    assertThat(RetryAfterRecorder.parseSeconds("soon", NOW)).isEqualTo(-1);
    assertThat(RetryAfterRecorder.parseSeconds("-5", NOW)).isZero();
  }
}
