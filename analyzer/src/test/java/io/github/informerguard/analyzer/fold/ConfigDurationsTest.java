package io.github.informerguard.analyzer.fold;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.runtime.configuration.DurationConverter;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.boot.convert.DurationStyle;

/** ConfigDurations reads configuration text as the frameworks' own converters do (both on the test classpath). */
class ConfigDurationsTest {

  private static final List<String> TEXTS = List.of(
      "30s", "PT30S", "pt30s", "600", "-5", "5m", "1h30m", "2h", "1d", "2d", "P1D", "500ms", "10S", "+20s", " 45s ",
      "0", "1.5s", "abc", "", "30 s", "us", "7us", "9ns");

  @Test
  void readsTextAsQuarkusConvertsIt() {
    for (String text : TEXTS) {
      assertThat(ConfigDurations.parse(text, ConfigDurations.Style.QUARKUS)).as("Quarkus: '%s'", text)
          .isEqualTo(quarkus(text));
    }
  }

  @Test
  void readsTextAsSpringBootConvertsIt() {
    for (String text : TEXTS) {
      assertThat(ConfigDurations.parse(text, ConfigDurations.Style.SPRING_BOOT)).as("Spring Boot: '%s'", text)
          .isEqualTo(springBoot(text));
    }
  }

  @Test
  void bareNumbersDifferBetweenTheFrameworks() {
    assertThat(ConfigDurations.parse("600", ConfigDurations.Style.QUARKUS)).contains(Duration.ofMinutes(10));
    assertThat(ConfigDurations.parse("600", ConfigDurations.Style.SPRING_BOOT)).contains(Duration.ofMillis(600));
  }

  private static Optional<Duration> quarkus(String text) {
    try {
      return Optional.ofNullable(DurationConverter.parseDuration(text));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  /** What @Value gets in a Spring Boot application: its conversion service detects the style, milliseconds by default. */
  private static Optional<Duration> springBoot(String text) {
    try {
      return Optional.of(DurationStyle.detectAndParse(text.trim(), ChronoUnit.MILLIS));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }
}
