package io.github.informerguard.analyzer.fold;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.type.Type;
import io.github.informerguard.analyzer.api.TypeFacts;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the frameworks turn configuration text into a {@code java.time.Duration}, so that an injected
 * {@code Duration} folds to what the application runs with. Text a framework would reject gives no
 * value (the application would not start with it).
 */
final class ConfigDurations {

  /** Which converter reads the text. */
  enum Style {
    /**
     * Spring Boot's (also for {@code @Value}, through the application's conversion service): a
     * number with an optional unit ({@code ns us ms s m h d}; none means milliseconds), or ISO-8601.
     */
    SPRING_BOOT,
    /**
     * Quarkus's for MicroProfile Config (3.x): a bare number is seconds, {@code 500ms} milliseconds,
     * hours, minutes and seconds ({@code 30s}, {@code 1h30m}) are ISO-8601 after {@code PT}, days
     * ({@code 2d}) after {@code P}, anything else ISO-8601.
     */
    QUARKUS
  }

  private static final String DURATION = "java.time.Duration";
  private static final Pattern SPRING_SIMPLE = Pattern.compile("([+-]?\\d+)([a-zA-Z]{0,2})");
  private static final Pattern ISO = Pattern.compile("[+-]?[pP].*");
  private static final Pattern DIGITS = Pattern.compile("[-+]?\\d+");
  private static final Pattern MILLIS = Pattern.compile("[-+]?\\d+(?i)ms");
  private static final Pattern TIME_UNITS = Pattern.compile("(?:[-+]?\\d+(?:\\.\\d+)?(?i)[hms])+");
  private static final Pattern DAYS = Pattern.compile("[-+]?\\d+(?i)d");

  private ConfigDurations() {}

  /** Whether the injected field or parameter is declared as {@code java.time.Duration}. */
  static boolean isDuration(Node declaration, TypeFacts types) {
    Type type = declaration instanceof Parameter p ? p.getType()
        : declaration instanceof VariableDeclarator d ? d.getType() : null;
    return type != null && type.isClassOrInterfaceType()
        && types.typeName(type.asClassOrInterfaceType().getNameWithScope(), declaration)
            .filter(DURATION::equals).isPresent();
  }

  static Optional<Duration> parse(String text, Style style) {
    String value = text.trim();
    try {
      if (style == Style.SPRING_BOOT) {
        Matcher simple = SPRING_SIMPLE.matcher(value);
        if (simple.matches()) {
          long amount = Long.parseLong(simple.group(1));
          return springUnit(simple.group(2).toLowerCase(Locale.ROOT), amount);
        }
        return ISO.matcher(value).matches() ? Optional.of(Duration.parse(value)) : Optional.empty();
      }
      if (value.isEmpty()) {
        return Optional.empty();
      }
      if (DIGITS.matcher(value).matches()) {
        return Optional.of(Duration.ofSeconds(Long.parseLong(value)));
      }
      if (MILLIS.matcher(value).matches()) {
        return Optional.of(Duration.ofMillis(Long.parseLong(value.substring(0, value.length() - 2))));
      }
      return Optional.of(Duration.parse(TIME_UNITS.matcher(value).matches() ? "PT" + value
          : DAYS.matcher(value).matches() ? "P" + value : value));
    } catch (DateTimeParseException | ArithmeticException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static Optional<Duration> springUnit(String suffix, long amount) {
    return switch (suffix) {
      case "" , "ms" -> Optional.of(Duration.ofMillis(amount));
      case "ns" -> Optional.of(Duration.ofNanos(amount));
      case "us" -> Optional.of(Duration.ofNanos(Math.multiplyExact(amount, 1000L)));
      case "s" -> Optional.of(Duration.ofSeconds(amount));
      case "m" -> Optional.of(Duration.ofMinutes(amount));
      case "h" -> Optional.of(Duration.ofHours(amount));
      case "d" -> Optional.of(Duration.ofDays(amount));
      default -> Optional.empty();
    };
  }
}
