package io.github.informerguard.runtime.bench;

import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer.ListCost;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/**
 * What the benchmark's mock server spends to answer one sync's LISTs, with no informer decoding
 * next to it: the CPU time of the thread that answers (the mock server's event loop), per whole
 * list, for the request shapes the two informers use. A plain JDK client reads each body and
 * throws it away, so the figures are the server's alone:
 *
 * <ul>
 *   <li>{@code one}: the whole list in one request (fabric8's informer);</li>
 *   <li>{@code paged}: pages of {@code bench.page}, each requested after the previous one has arrived;</li>
 *   <li>{@code pipelined}: the same pages, each requested as soon as the previous page's continue
 *       token has arrived (the guard's request shape), so the server builds page N+1 while it is
 *       still writing page N.</li>
 * </ul>
 *
 * For each it prints the median over {@code bench.reps} lists of the event loop's CPU time, split
 * into the dispatcher's share ({@link FaultInjectingApiServer#listCosts()}: building the list
 * object, encoding it, handing the body over) and the rest (the mock server copying and writing
 * the body), with the per-page figures of the last rep. One command, about a minute:
 *
 * <pre>
 * mvn -B -q -pl runtime-guard test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.github.informerguard.runtime.bench.ServerPageCost -Dbench.size=50000
 * </pre>
 */
public final class ServerPageCost {
  private static final java.util.logging.Logger MOCK_SERVER_LOG = java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final String PATH = "/api/v1/namespaces/" + FaultInjectingApiServer.NAMESPACE + "/pods";

  private final FaultInjectingApiServer server;
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private final URI base;
  private final int page;

  private ServerPageCost(FaultInjectingApiServer server, int page) {
    this.server = server;
    this.base = server.uri();
    this.page = page;
  }

  /** One whole list in a request shape; returns the event loop's CPU ns for it and the dispatcher's share. */
  private record Sample(long serverCpu, long dispatchCpu, List<ListCost> pages) {}

  public static void main(String[] args) throws Exception {
    MOCK_SERVER_LOG.setLevel(java.util.logging.Level.WARNING); // held in a field: a logger only referenced here is collected
    int size = Integer.getInteger("bench.size", 50_000);
    int page = Integer.getInteger("bench.page", 5_000);
    int reps = Integer.getInteger("bench.reps", 7);
    try (FaultInjectingApiServer server = new FaultInjectingApiServer()) {
      for (int i = 0; i < size; i++) {
        server.create(String.format("pod-%06d", i), GuardVsFabric8Benchmark.labels(i, 0));
      }
      server.preEncodedLists(Boolean.getBoolean("bench.preEncoded"));
      // -Dbench.uncopied=true: the server encodes its stored pods without copying them (FaultInjectingApiServer.copyListedPods)
      server.copyListedPods(!Boolean.getBoolean("bench.uncopied"));
      ServerPageCost p = new ServerPageCost(server, page);
      String[] shapes = {"one", "paged", "pipelined"};
      for (int w = 0; w < 3; w++) {
        for (String s : shapes) {
          p.run(s);
        }
      }
      List<List<Sample>> samples = new ArrayList<>();
      for (String s : shapes) {
        samples.add(new ArrayList<>());
      }
      for (int rep = 0; rep < reps; rep++) {
        for (int k = 0; k < shapes.length; k++) {
          int i = (k + rep) % shapes.length; // each shape takes each position in turn
          samples.get(i).add(p.run(shapes[i]));
        }
      }
      System.out.printf(Locale.ROOT, "%d objects, pages of %d, %d reps; server event-loop CPU per whole list "
          + "(median), dispatcher share (build + encode + body), rest (mock server copy + write):%n", size, page, reps);
      for (int i = 0; i < shapes.length; i++) {
        List<Sample> ss = samples.get(i);
        List<Double> total = ss.stream().map(x -> x.serverCpu() / 1e6).toList();
        List<Double> dispatch = ss.stream().map(x -> x.dispatchCpu() / 1e6).toList();
        Sample last = ss.get(ss.size() - 1);
        System.out.printf(Locale.ROOT, "  %-9s total %6.0f ms (min %4.0f, max %4.0f)  dispatcher %6.0f ms  rest %6.0f ms%n",
            shapes[i], GuardVsFabric8Benchmark.median(total), min(total), max(total),
            GuardVsFabric8Benchmark.median(dispatch),
            GuardVsFabric8Benchmark.median(total) - GuardVsFabric8Benchmark.median(dispatch));
        StringBuilder b = new StringBuilder("    last rep per request (items: build/encode/body ms):");
        for (ListCost c : last.pages()) {
          b.append(String.format(Locale.ROOT, " %d: %.0f/%.0f/%.0f", c.items(), c.buildCpuNanos() / 1e6,
              c.encodeCpuNanos() / 1e6, c.bodyCpuNanos() / 1e6));
        }
        System.out.println(b);
      }
    }
  }

  private static double min(List<Double> v) {
    return v.stream().mapToDouble(d -> d).min().orElse(Double.NaN);
  }

  private static double max(List<Double> v) {
    return v.stream().mapToDouble(d -> d).max().orElse(Double.NaN);
  }

  private Sample run(String shape) throws Exception {
    server.clearRequestLog();
    // the first request tells which thread answers; its CPU is read before and after the whole list
    long loop = eventLoopThread();
    long before = THREADS.getThreadCpuTime(loop);
    switch (shape) {
      case "one" -> drain(open(null, false));
      case "paged" -> {
        String token = null;
        do {
          token = continueToken(readAll(open(token, true)));
        } while (token != null);
      }
      case "pipelined" -> pipelined();
      default -> throw new IllegalArgumentException(shape);
    }
    long after = THREADS.getThreadCpuTime(loop);
    List<ListCost> costs = server.listCosts();
    long dispatch = costs.stream().mapToLong(c -> c.buildCpuNanos() + c.encodeCpuNanos() + c.bodyCpuNanos()).sum();
    return new Sample(after - before, dispatch, costs);
  }

  private long loopThread = -1;

  private long eventLoopThread() throws Exception {
    if (loopThread < 0) {
      drain(open(null, true));
      loopThread = server.listCosts().get(0).threadId();
      server.clearRequestLog();
    }
    return loopThread;
  }

  /** Each page requested as soon as the previous page's continue token has arrived; bodies drained meanwhile. */
  private void pipelined() throws Exception {
    List<CompletableFuture<Void>> drains = new ArrayList<>();
    String token = null;
    do {
      InputStream body = open(token, true);
      byte[] head = body.readNBytes(2048); // the list's metadata comes first
      token = continueToken(head);
      drains.add(CompletableFuture.runAsync(() -> drain(body)));
    } while (token != null);
    for (CompletableFuture<Void> d : drains) {
      d.join();
    }
  }

  private InputStream open(String continueToken, boolean paged) throws IOException, InterruptedException {
    StringBuilder q = new StringBuilder(PATH);
    if (paged) {
      q.append("?limit=").append(page);
      if (continueToken != null) {
        q.append("&continue=").append(URLEncoder.encode(continueToken, StandardCharsets.UTF_8));
      }
    }
    HttpResponse<InputStream> r = http.send(HttpRequest.newBuilder(base.resolve(q.toString())).build(),
        HttpResponse.BodyHandlers.ofInputStream());
    if (r.statusCode() != 200) {
      throw new IllegalStateException("LIST answered " + r.statusCode());
    }
    return r.body();
  }

  private static byte[] readAll(InputStream in) throws IOException {
    try (in) {
      return in.readAllBytes();
    }
  }

  private static void drain(InputStream in) {
    try (in) {
      in.transferTo(java.io.OutputStream.nullOutputStream()); // the client's work is not measured
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The {@code metadata.continue} of a list body's first bytes (this server writes metadata first), or null. */
  private static String continueToken(byte[] head) {
    String s = new String(head, 0, Math.min(head.length, 2048), StandardCharsets.UTF_8);
    int items = s.indexOf("\"items\"");
    int at = s.indexOf("\"continue\":\"");
    if (at < 0 || (items >= 0 && at > items)) {
      return null;
    }
    int from = at + "\"continue\":\"".length();
    return s.substring(from, s.indexOf('"', from));
  }
}
