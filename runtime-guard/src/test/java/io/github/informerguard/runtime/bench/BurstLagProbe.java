package io.github.informerguard.runtime.bench;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.github.informerguard.runtime.bench.GuardVsFabric8Benchmark.BurstLagHandler;
import io.github.informerguard.runtime.bench.GuardVsFabric8Benchmark.Impl;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The handler-lag part of {@link GuardVsFabric8Benchmark} alone, for comparing builds on one
 * machine state: informers synced on {@code bench.size} pods (default 10,000), then the
 * 20,000-event burst and each update's time from the server's update call to the handler's
 * return, guard and fabric8 alternated for {@code bench.reps} pairs (default 7; two untimed
 * pairs first). Prints each sample, each adjacent pair's guard/fabric8 ratio of p50 and p99 (a
 * shared machine disturbs a pair less than separate medians) and the medians. It uses only what
 * the benchmark had at the end of session 3, so the same file runs on that commit too.
 *
 * <pre>
 * mvn -B -q -pl runtime-guard test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.github.informerguard.runtime.bench.BurstLagProbe -Dbench.reps=7
 * </pre>
 */
public final class BurstLagProbe {
  private static final java.util.logging.Logger MOCK_SERVER_LOG = java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");

  private BurstLagProbe() {}

  public static void main(String[] args) throws Exception {
    System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    MOCK_SERVER_LOG.setLevel(java.util.logging.Level.WARNING);
    int size = Integer.getInteger("bench.size", 10_000);
    int reps = Integer.getInteger("bench.reps", 7);
    long started = System.nanoTime();
    try (FaultInjectingApiServer server = new FaultInjectingApiServer(); KubernetesClient client = server.newClient()) {
      for (int i = 0; i < size; i++) {
        server.create(String.format("pod-%06d", i), GuardVsFabric8Benchmark.labels(i, 0));
      }
      int generation = 1;
      for (int w = 0; w < 2; w++) {
        burst(server, client, Impl.GUARD, size, generation++);
        burst(server, client, Impl.FABRIC8, size, generation++);
      }
      List<Double> p50Ratios = new ArrayList<>();
      List<Double> p99Ratios = new ArrayList<>();
      List<Double> g50 = new ArrayList<>();
      List<Double> f50 = new ArrayList<>();
      List<Double> g99 = new ArrayList<>();
      List<Double> f99 = new ArrayList<>();
      for (int rep = 0; rep < reps; rep++) {
        boolean guardFirst = rep % 2 == 0;
        double[] a = burst(server, client, guardFirst ? Impl.GUARD : Impl.FABRIC8, size, generation++);
        double[] b = burst(server, client, guardFirst ? Impl.FABRIC8 : Impl.GUARD, size, generation++);
        double[] g = guardFirst ? a : b;
        double[] f = guardFirst ? b : a;
        p50Ratios.add(g[0] / f[0]);
        p99Ratios.add(g[2] / f[2]);
        g50.add(g[0]);
        f50.add(f[0]);
        g99.add(g[2]);
        f99.add(f[2]);
        System.out.printf(Locale.ROOT, "pair %d: guard/fabric8 p50 %.2fx, p99 %.2fx%n", rep, g[0] / f[0], g[2] / f[2]);
      }
      System.out.printf(Locale.ROOT, "median p50: guard %.1f ms, fabric8 %.1f ms; median pair ratio p50 %.2fx, p99 %.2fx"
          + " (guard p99 %.1f ms, fabric8 %.1f ms)%n", GuardVsFabric8Benchmark.median(g50),
          GuardVsFabric8Benchmark.median(f50), GuardVsFabric8Benchmark.median(p50Ratios),
          GuardVsFabric8Benchmark.median(p99Ratios), GuardVsFabric8Benchmark.median(g99),
          GuardVsFabric8Benchmark.median(f99));
    }
    System.out.printf(Locale.ROOT, "load average at the end: %.1f; whole run %.0f s%n",
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), (System.nanoTime() - started) / 1e9);
    System.exit(0); // fabric8's client leaves non-daemon threads behind
  }

  /** One burst: p50, p95, p99, max lag in ms, and the handler's rate in events/s. */
  private static double[] burst(FaultInjectingApiServer server, KubernetesClient client, Impl impl, int size,
      int generation) throws Exception {
    int events = GuardVsFabric8Benchmark.EVENTS;
    BurstLagHandler handler = new BurstLagHandler(size, generation * 1000);
    SharedIndexInformer<Pod> informer = impl.create(client, "probe", Function.identity());
    informer.addEventHandler(handler);
    try {
      informer.start();
      GuardVsFabric8Benchmark.await(() -> informer.hasSynced() && informer.isWatching() && handler.adds.get() == size,
          impl + " synced");
      GuardVsFabric8Benchmark.await(() -> server.openWatches() == 1, "watch registered at the server");
      long t0 = System.nanoTime();
      for (int i = 0; i < events; i++) {
        handler.sentNanos.set(i, System.nanoTime());
        server.update(String.format("pod-%06d", i % size),
            GuardVsFabric8Benchmark.labels(i % size, generation * 1000 + i / size));
      }
      long produced = System.nanoTime();
      GuardVsFabric8Benchmark.await(() -> handler.updates.get() >= events, impl + " handler saw every update");
      double[] p = handler.percentilesMillis();
      System.out.printf(Locale.ROOT, "  %-7s p50 %6.1f p95 %6.1f p99 %6.1f max %6.1f ms (server produced in %.0f ms)%n",
          impl.label, p[0], p[1], p[2], p[3], (produced - t0) / 1e6);
      return p;
    } finally {
      informer.close();
      GuardVsFabric8Benchmark.await(() -> server.openWatches() == 0, "watch closed");
    }
  }
}
