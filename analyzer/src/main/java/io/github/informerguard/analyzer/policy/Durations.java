package io.github.informerguard.analyzer.policy;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses and prints durations the way people write them in policy files: 5m, 30s, 1500ms, 2h, PT5M. */
public final class Durations {

  private static final Pattern SHORT = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");

  private Durations() {}

  public static Duration parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    Matcher m = SHORT.matcher(t);
    if (m.matches()) {
      long n = Long.parseLong(m.group(1));
      return switch (m.group(2)) {
        case "ms" -> Duration.ofMillis(n);
        case "s" -> Duration.ofSeconds(n);
        case "m" -> Duration.ofMinutes(n);
        case "h" -> Duration.ofHours(n);
        default -> Duration.ofDays(n);
      };
    }
    try {
      return Duration.parse(text.trim().toUpperCase(Locale.ROOT));
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "'" + text + "' is not a duration; write it as 5m, 30s, 1500ms, 2h or ISO-8601 PT5M");
    }
  }

  /** A compact human form: 300000 ms prints as 5m, 30500 ms as 30.5s, 250 ms as 250ms. */
  public static String format(long millis) {
    long abs = Math.abs(millis);
    String sign = millis < 0 ? "-" : "";
    if (abs < 1000) {
      return sign + abs + "ms";
    }
    if (abs % 3_600_000 == 0) {
      return sign + abs / 3_600_000 + "h";
    }
    if (abs % 60_000 == 0) {
      return sign + abs / 60_000 + "m";
    }
    if (abs % 1000 == 0) {
      return sign + abs / 1000 + "s";
    }
    return sign + (abs / 1000) + "." + String.format(Locale.ROOT, "%03d", abs % 1000).replaceAll("0+$", "") + "s";
  }
}
