package io.github.informerguard.analyzer.api;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The policy for one rule: whether it is on, its severity, and its own options, already
 * validated by the policy loader (unknown keys and bad values never reach a rule).
 */
public record RuleSettings(boolean enabled, Severity severity, Map<String, Object> options) {

  public RuleSettings {
    options = Map.copyOf(options);
  }

  public static RuleSettings defaults(RuleDescriptor descriptor) {
    return new RuleSettings(true, descriptor.defaultSeverity(), Map.of());
  }

  /** A duration option; the loader has already turned the text ({@code 5m}, {@code PT30S}) into a Duration. */
  public Duration duration(String key, Duration fallback) {
    Object value = options.get(key);
    return value instanceof Duration d ? d : fallback;
  }

  public Optional<Object> option(String key) {
    return Optional.ofNullable(options.get(key));
  }
}
