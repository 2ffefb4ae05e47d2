package io.github.informerguard.analyzer.resolve;

/** Debug output for resolution failures; off unless {@code -Dinformerguard.debug=true}. */
public final class Diagnostics {

  private static final boolean ENABLED = Boolean.getBoolean("informerguard.debug");

  private Diagnostics() {}

  public static boolean enabled() {
    return ENABLED;
  }

  public static void debug(String message) {
    if (ENABLED) {
      System.err.println("[informer-guard debug] " + message);
    }
  }
}
