package io.github.informerguard.analyzer.api;

import java.util.Locale;

/**
 * How types are resolved. {@code PRECISE}: through the symbol solver over a classpath.
 * {@code LENIENT}: no classpath; types come from declarations, imports and simple names.
 */
public enum AnalysisMode {
  PRECISE,
  LENIENT;

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
