package io.github.informerguard.maven;

import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Wall time and the JVM's CPU time (all its threads: the analysis pool, JIT compilers, GC) of each
 * step of one module's check, logged with {@code -Dinformerguard.timings=true}
 * so that the plugin's cost in a build can be split from Maven's (the clock time of entry lines up
 * with Maven's {@code -Dorg.slf4j.simpleLogger.showDateTime=true} timestamps: the gap from the
 * mojo's {@code ---} line to it is Maven setting up the plugin). CPU time is the figure to read on
 * a shared machine: other processes stretch wall time far more. Owned by one mojo execution.
 */
final class PhaseTimes {

  static final boolean ENABLED = Boolean.getBoolean("informerguard.timings");

  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");

  private final String entered = LocalTime.now().format(CLOCK);
  private final List<String> laps = new ArrayList<>();
  private long last = System.nanoTime();
  private final long firstCpu = cpuNanos();
  private long lastCpu = firstCpu;

  /** Ends the step named {@code step}, which began where the previous one ended. */
  void lap(String step) {
    long now = System.nanoTime();
    long cpu = cpuNanos();
    laps.add(step + " " + (now - last) / 1_000_000 + " ms (CPU " + (cpu - lastCpu) / 1_000_000 + ")");
    last = now;
    lastCpu = cpu;
  }

  String line() {
    return "informer-guard timings: entered " + entered + ", " + String.join(", ", laps)
        + "; CPU in all " + (lastCpu - firstCpu) / 1_000_000 + " ms";
  }

  /** The JVM's CPU time, or 0 where the platform bean does not tell it (then every CPU figure is 0). */
  private static long cpuNanos() {
    if (!ENABLED) {
      return 0;
    }
    return java.lang.management.ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
        ? os.getProcessCpuTime() : 0;
  }
}
