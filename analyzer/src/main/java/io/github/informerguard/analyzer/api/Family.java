package io.github.informerguard.analyzer.api;

/** The rule families of informer-guard; each names one class of informer bug. */
public enum Family {
  RESYNC("resync"),
  CANCELLATION("cancellation"),
  INDEX_FUNCTIONS("index functions"),
  GONE("410 Gone");

  private final String label;

  Family(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
