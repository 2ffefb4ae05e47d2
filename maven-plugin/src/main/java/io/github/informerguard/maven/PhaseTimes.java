package io.github.informerguard.maven;

import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Wall time of each step of one module's check, logged with {@code -Dinformerguard.timings=true}
 * so that the plugin's cost in a build can be split from Maven's (the clock time of entry lines up
 * with Maven's {@code -Dorg.slf4j.simpleLogger.showDateTime=true} timestamps: the gap from the
 * mojo's {@code ---} line to it is Maven setting up the plugin). Owned by one mojo execution.
 */
final class PhaseTimes {

  static final boolean ENABLED = Boolean.getBoolean("informerguard.timings");

  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");

  private final String entered = LocalTime.now().format(CLOCK);
  private final List<String> laps = new ArrayList<>();
  private long last = System.nanoTime();

  /** Ends the step named {@code step}, which began where the previous one ended. */
  void lap(String step) {
    long now = System.nanoTime();
    laps.add(step + " " + (now - last) / 1_000_000 + " ms");
    last = now;
  }

  String line() {
    return "informer-guard timings: entered " + entered + ", " + String.join(", ", laps);
  }
}
