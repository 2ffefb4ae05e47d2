package io.github.informerguard.analyzer.fold;

/**
 * A value the folder computed at analysis time.
 *
 * @param value a {@code Long}, {@code Integer}, {@code Double}, {@code Boolean}, {@code String},
 *     {@code java.time.Duration}, {@code java.util.concurrent.TimeUnit} or
 *     {@code java.time.temporal.ChronoUnit}
 * @param configDefault true when the value is the literal default of a configuration lookup
 *     ({@code Long.getLong("k", 30000)}): configurable, so not hardcoded, but still suspicious
 * @param shippedIn for a value read from the application's shipped configuration file, the key and
 *     the file ({@code operator.informers.reSync in src/main/resources/application.properties}); else null
 */
public record Folded(Object value, boolean configDefault, String shippedIn) {

  public Folded(Object value, boolean configDefault) {
    this(value, configDefault, null);
  }

  public static Folded of(Object value) {
    return new Folded(value, false);
  }

  public Folded asConfigDefault() {
    return new Folded(value, true, shippedIn);
  }

  public Folded with(Object newValue) {
    return new Folded(newValue, configDefault, shippedIn);
  }

  /** Where the application's shipped configuration sets this value ({@code key in file}), if it came from there. */
  public java.util.Optional<String> shipped() {
    return java.util.Optional.ofNullable(shippedIn);
  }

  public boolean isNumber() {
    return value instanceof Number;
  }

  public boolean isIntegral() {
    return value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte;
  }
}
