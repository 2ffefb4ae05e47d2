package io.github.informerguard.runtime.bench;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.github.informerguard.runtime.bench.GuardVsFabric8Benchmark.CountingHandler;
import io.github.informerguard.runtime.bench.GuardVsFabric8Benchmark.Impl;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;

/**
 * Where a sync's time goes, guard against fabric8 in one JVM on the benchmark's server and pods
 * ({@link GuardVsFabric8Benchmark}'s sync, without the heap figure): for each sync, the order in
 * which the server saw the LIST and WATCH requests (a timeline), the CPU time each thread used,
 * and the guard/fabric8 ratio of each adjacent pair of syncs, which tolerates a shared machine
 * better than separate medians. With {@code -Dbench.jfr=DIR} it instead runs each
 * implementation's syncs in one block under its own JFR recording ({@code settings=profile}),
 * written to {@code DIR/<impl>.jfr}.
 *
 * <pre>
 * mvn -B -q -pl runtime-guard test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.github.informerguard.runtime.bench.SyncProfile -Dbench.size=50000 -Dbench.pairs=10
 * </pre>
 */
public final class SyncProfile {
  private static final java.util.logging.Logger MOCK_SERVER_LOG = java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");

  private final FaultInjectingApiServer server;
  private final KubernetesClient client;
  private final int size;
  // CPU ns per thread name (ids dropped), summed over the measured syncs, per implementation
  private final Map<Impl, Map<String, Long>> cpu = new HashMap<>();
  private final Map<Impl, List<ServerSide>> serverSide = new HashMap<>();
  private final Map<Impl, List<Double>> processCpuMs = new HashMap<>();
  private static final com.sun.management.OperatingSystemMXBean PROCESS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();


  private SyncProfile(FaultInjectingApiServer server, KubernetesClient client, int size) {
    this.server = server;
    this.client = client;
    this.size = size;
  }

  public static void main(String[] args) throws Exception {
    System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    MOCK_SERVER_LOG.setLevel(java.util.logging.Level.WARNING);
    int size = Integer.getInteger("bench.size", 50_000);
    int pairs = Integer.getInteger("bench.pairs", 10);
    String jfr = System.getProperty("bench.jfr", "");
    try (FaultInjectingApiServer server = new FaultInjectingApiServer(); KubernetesClient client = server.newClient()) {
      for (int i = 0; i < size; i++) {
        server.create(String.format("pod-%06d", i), GuardVsFabric8Benchmark.labels(i, 0));
      }
      // -Dbench.preEncoded=true: the server splices pages from each pod's kept JSON (FaultInjectingApiServer.preEncodedLists)
      server.preEncodedLists(Boolean.getBoolean("bench.preEncoded"));
      // -Dbench.uncopied=true: the server encodes its stored pods without copying them (FaultInjectingApiServer.copyListedPods)
      server.copyListedPods(!Boolean.getBoolean("bench.uncopied"));
      SyncProfile p = new SyncProfile(server, client, size);
      for (int w = 0; w < 2; w++) {
        p.sync(Impl.GUARD, false);
        p.sync(Impl.FABRIC8, false);
      }
      if (!jfr.isEmpty()) {
        p.recordBlocks(Path.of(jfr), pairs);
      } else {
        p.alternate(pairs);
      }
      p.printCpu(pairs);
      System.out.println("load average at the end: " + ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
    System.exit(0); // fabric8's client leaves non-daemon threads behind
  }

  private void alternate(int pairs) throws Exception {
    List<Double> ratios = new ArrayList<>();
    List<Double> guard = new ArrayList<>();
    List<Double> fabric8 = new ArrayList<>();
    for (int i = 0; i < pairs; i++) {
      double g;
      double f;
      if (i % 2 == 0) {
        g = sync(Impl.GUARD, true);
        f = sync(Impl.FABRIC8, true);
      } else {
        f = sync(Impl.FABRIC8, true);
        g = sync(Impl.GUARD, true);
      }
      guard.add(g);
      fabric8.add(f);
      ratios.add(g / f);
      System.out.printf(Locale.ROOT, "pair %d: guard %.0f ms, fabric8 %.0f ms, ratio %.2f%n", i, g, f, g / f);
    }
    System.out.printf(Locale.ROOT, "%d objects, %d pairs: median guard %.0f ms, median fabric8 %.0f ms, "
        + "median of pair ratios %.2f (min %.2f, max %.2f)%n", size, pairs, GuardVsFabric8Benchmark.median(guard),
        GuardVsFabric8Benchmark.median(fabric8), GuardVsFabric8Benchmark.median(ratios),
        ratios.stream().mapToDouble(d -> d).min().orElse(Double.NaN),
        ratios.stream().mapToDouble(d -> d).max().orElse(Double.NaN));
  }

  private void recordBlocks(Path dir, int reps) throws Exception {
    Files.createDirectories(dir);
    for (Impl impl : List.of(Impl.GUARD, Impl.FABRIC8)) {
      try (Recording r = new Recording(Configuration.getConfiguration("profile"))) {
        r.start();
        for (int i = 0; i < reps; i++) {
          System.out.printf(Locale.ROOT, "%s: %.0f ms%n", impl.label, sync(impl, true));
        }
        r.stop();
        r.dump(dir.resolve(impl.label + ".jfr"));
      }
    }
  }

  /** One sync, timed from start() to synced and watching; CPU per thread until the handler saw every add. */
  private double sync(Impl impl, boolean measured) throws Exception {
    System.gc();
    server.clearRequestLog();
    CountingHandler handler = new CountingHandler();
    SharedIndexInformer<Pod> informer = impl.create(client, "profile", Function.identity());
    informer.addEventHandler(handler);
    Map<Long, Long> before = cpuTimes(new HashMap<>());
    long processBefore = PROCESS.getProcessCpuTime();
    try {
      long t0 = System.nanoTime();
      informer.start();
      GuardVsFabric8Benchmark.await(() -> informer.hasSynced() && informer.isWatching(), impl + " synced");
      long t1 = System.nanoTime();
      GuardVsFabric8Benchmark.await(() -> handler.adds.get() == size, impl + " handler saw every object");
      long processCpu = PROCESS.getProcessCpuTime() - processBefore;
      Map<Long, String> names = new HashMap<>();
      Map<Long, Long> after = cpuTimes(names);
      if (measured) {
        Map<String, Long> mine = cpu.computeIfAbsent(impl, k -> new TreeMap<>());
        after.forEach((id, ns) -> mine.merge(names.get(id), ns - before.getOrDefault(id, 0L), Long::sum));
        StringBuilder timeline = new StringBuilder("  " + impl.label + " requests at ms:");
        for (FaultInjectingApiServer.Request r : server.requests()) {
          timeline.append(String.format(Locale.ROOT, " %s%.0f", r.watch() ? "W" : "L", (r.nanoTime() - t0) / 1e6));
        }
        System.out.println(timeline.append(String.format(Locale.ROOT, ", synced %.0f", (t1 - t0) / 1e6)));
        ServerSide s = ServerSide.of(server.listCosts(), t0, t1);
        serverSide.computeIfAbsent(impl, k -> new ArrayList<>()).add(s);
        System.out.printf(Locale.ROOT, "  %s server: %s; process CPU %.0f ms (every thread, GC included)%n", impl.label,
            s, processCpu / 1e6);
        processCpuMs.computeIfAbsent(impl, k -> new ArrayList<>()).add(processCpu / 1e6);
      }
      return (t1 - t0) / 1e6;
    } finally {
      informer.close();
      GuardVsFabric8Benchmark.await(() -> server.openWatches() == 0, "watch closed");
    }
  }

  /** CPU ns of every live thread by id; fills {@code names} with the name each is summed under. */
  private static Map<Long, Long> cpuTimes(Map<Long, String> names) {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    Map<Long, Long> m = new HashMap<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      long ns = mx.getThreadCpuTime(t.getId());
      if (ns >= 0) {
        m.put(t.getId(), ns);
        // a sync's own threads are new each time (summed by name); the client's and the server's are not (by id)
        String n = t.getName();
        names.put(t.getId(), n.startsWith("informer-guard-") || n.contains("pool-") ? n.replaceAll("\\d+", "N")
            : n + " #" + t.getId());
      }
    }
    return m;
  }

  /** Threads that lived through a sync; a -list thread that ended before the sync did is not in it. */
  private void printCpu(int syncs) {
    processCpuMs.forEach((impl, list) -> System.out.printf(Locale.ROOT, "process CPU per sync, %s (median of %d, "
        + "from start() to synced and every add handled): %.0f ms%n", impl.label, list.size(),
        GuardVsFabric8Benchmark.median(list)));
    serverSide.forEach((impl, list) -> System.out.printf(Locale.ROOT, "server side, %s (medians of %d syncs): "
        + "dispatcher CPU %.0f ms, busy %.0f ms wall, first begun at %.0f ms, idle between pages %.0f ms, "
        + "last page done to synced %.0f ms%n", impl.label, list.size(),
        GuardVsFabric8Benchmark.median(list, ServerSide::dispatchCpuMs), GuardVsFabric8Benchmark.median(list, ServerSide::busyMs),
        GuardVsFabric8Benchmark.median(list, ServerSide::firstMs), GuardVsFabric8Benchmark.median(list, ServerSide::gapsMs),
        GuardVsFabric8Benchmark.median(list, ServerSide::tailMs)));
    cpu.forEach((impl, byThread) -> {
      System.out.println("CPU per sync, " + impl.label + " (threads alive at its end):");
      byThread.entrySet().stream().filter(e -> e.getValue() / syncs > 2_000_000L)
          .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
          .forEach(e -> System.out.printf(Locale.ROOT, "  %-40s %6.0f ms%n", e.getKey(), e.getValue() / 1e6 / syncs));
    });
  }
}
