package io.github.informerguard.runtime.testing;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodListBuilder;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.fabric8.mockwebserver.http.Response;
import io.fabric8.mockwebserver.http.WebSocket;
import io.fabric8.mockwebserver.http.WebSocketListener;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small Kubernetes API server for pods in one namespace, built on fabric8's
 * {@link KubernetesMockServer} with its own {@link Dispatcher}. fabric8's CRUD mode has no
 * compaction, no continue tokens and no way to fail a request on demand, so the dispatcher keeps
 * its own objects, resourceVersions and event history and can inject faults:
 *
 * <ul>
 *   <li>{@link #compact()}: lists, continue tokens and watches from an older resourceVersion get 410;</li>
 *   <li>{@link #goneToAllWatches()}: an ERROR event with a 410 Status on every open watch;</li>
 *   <li>{@link #failWatchHandshakes(int, int)}: HTTP status (e.g. 410) instead of the upgrade;</li>
 *   <li>{@link #dropAllWatches()}: open watches are cut (close code 1011);</li>
 *   <li>{@link #cleanCloseNextWatches(int)}: a watch from a resourceVersion ends cleanly with no event;</li>
 *   <li>{@link #failNextLists(int, int, int)}: 429 (with Retry-After) or 500 on LIST;</li>
 *   <li>{@link TcpFaultProxy} in front of it: TCP resets and held watch handshakes;</li>
 *   <li>{@link #slowLists(Duration)}; {@link #expireContinueTokens()}; {@link #sendBookmarks()};</li>
 *   <li>streaming lists (WatchList, {@code sendInitialEvents=true}): served as Kubernetes 1.27+
 *       does (every object as ADDED, then a bookmark annotated {@code k8s.io/initial-events-end}),
 *       refused with a status ({@link #refuseStreamingLists(int)}) or ignored as an older server
 *       would ({@link #ignoreStreamingLists()}).</li>
 * </ul>
 *
 * Objects are changed through this class (create/update/delete), not over HTTP; the server
 * records every LIST and WATCH request with its time and parameters.
 *
 * <p>fabric8 watches over a WebSocket; client-java (and kubectl) watch over a plain HTTP
 * response that streams one JSON event per line. {@link #streamingUri()} is a second address
 * that serves watches that way, from the same objects, history and faults, and passes every
 * other request on to the mock server.
 */
public final class FaultInjectingApiServer implements AutoCloseable {
  public static final String NAMESPACE = "test";
  private static final String PATH = "/api/v1/namespaces/" + NAMESPACE + "/pods";
  /** The API server's message for an expired continue token (clients recognise it by its words). */
  private static final String EXPIRED_CONTINUE =
      "The provided continue parameter is too old to display a consistent list result.";

  /** A LIST or WATCH request as the server saw it. */
  public record Request(long nanoTime, boolean watch, Map<String, String> query) {}

  /**
   * What one successful LIST cost the thread that answered it, inside this dispatcher: building
   * the page (copying its pods into a list object), encoding it to JSON and handing the body to
   * the mock server ({@code MockResponse.setBody}). The mock server's own work after that
   * (copying the body into its send buffer, writing it to the socket) is on the same thread but
   * not in this figure. CPU time, not wall time, so a busy machine does not inflate it; the
   * {@code System.nanoTime()} at which the dispatcher began and finished building the response
   * tells when the server was busy with it.
   */
  public record ListCost(long threadId, int items, long bodyBytes, long buildCpuNanos, long encodeCpuNanos,
      long bodyCpuNanos, long startNanos, long endNanos) {}

  private record Event(long rv, String type, Pod pod) {}

  /** An open watch: a WebSocket (fabric8) or a streamed HTTP response (client-java). */
  private interface WatchStream {
    void send(String frame);

    /** Ends the watch; {@code code} 1000 is the server's clean end, anything else a cut connection. */
    void close(int code, String reason);
  }

  private record Subscriber(WatchStream ws, Map<String, String> selector, boolean bookmarks) {}

  private record Snapshot(long rv, List<Pod> items) {}

  private final KubernetesSerialization json = new KubernetesSerialization();
  private final Object lock = new Object();
  private final Map<String, Pod> pods = new TreeMap<>();
  // guarded by lock: each listed pod's JSON while preEncodedLists is on (pods are never mutated
  // once recorded, so a pod object's JSON stays valid; a replaced pod's entry is dropped)
  private final Map<Pod, String> encodedPods = new java.util.IdentityHashMap<>();
  private volatile boolean preEncodedLists;
  private volatile boolean copyListedPods = true;
  private final List<Event> history = new ArrayList<>();
  private final Map<WatchStream, Subscriber> watches = new ConcurrentHashMap<>();
  private final Map<WebSocket, WatchStream> webSockets = new ConcurrentHashMap<>();
  private HttpServer streamingFront; // guarded by lock; started by streamingUri()
  private final Map<String, Snapshot> continuations = new HashMap<>();
  private final List<Request> requests = new CopyOnWriteArrayList<>();
  private final List<ListCost> listCosts = new CopyOnWriteArrayList<>();
  private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();
  private final AtomicInteger handshakeFailures = new AtomicInteger();
  private volatile int handshakeFailureCode = 410;
  private volatile int handshakeRetryAfterSeconds;
  private volatile boolean listRetryAfterHeaderOnly;
  private final AtomicInteger cleanCloses = new AtomicInteger();
  private final AtomicInteger watchesOpened = new AtomicInteger();
  private final AtomicInteger listFailures = new AtomicInteger();
  private final AtomicInteger pageFailures = new AtomicInteger();
  private volatile int pageFailureCode = 500;
  private volatile int listFailureCode = 500;
  private volatile int listRetryAfterSeconds;
  private volatile Duration listDelay = Duration.ZERO;
  private volatile int streamingListRefusal; // 0: served
  private volatile boolean streamingListIgnored;
  private long rv = 1000;
  private long compactedRv;
  private final KubernetesMockServer server;
  /**
   * Frames are sent from one thread, in the order they were queued under {@link #lock}; sending
   * while holding the lock could deadlock with the event loop that opens new watches.
   */
  private final ExecutorService sender = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "fault-server-sender");
    t.setDaemon(true);
    return t;
  });

  public FaultInjectingApiServer() {
    server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), new Dispatcher() {
      @Override
      public MockResponse dispatch(RecordedRequest request) {
        return FaultInjectingApiServer.this.dispatch(request);
      }
    }, false);
    server.init();
  }

  /** A client for this server; HTTP retries are off so faults reach the informer under test. */
  public KubernetesClient newClient() {
    return newClient(0, 1000);
  }

  public KubernetesClient newClient(int requestRetries, int watchReconnectIntervalMillis) {
    return newClient(server.url("/"), requestRetries, watchReconnectIntervalMillis);
  }

  /** A client that reaches this server through {@code proxy} (TCP resets, held handshakes). */
  public KubernetesClient newClient(TcpFaultProxy proxy) {
    return newClient(proxy.url(), 0, 1000);
  }

  /** The server's own URL (for a {@link TcpFaultProxy} in front of it). */
  public java.net.URI uri() {
    return java.net.URI.create(server.url("/"));
  }

  private KubernetesClient newClient(String masterUrl, int requestRetries, int watchReconnectIntervalMillis) {
    Config config = new ConfigBuilder(Config.empty())
        .withMasterUrl(masterUrl)
        .withNamespace(NAMESPACE)
        .withTrustCerts(true)
        .withRequestRetryBackoffLimit(requestRetries)
        .withRequestRetryBackoffInterval(50)
        .withWatchReconnectInterval(watchReconnectIntervalMillis)
        .build();
    return new KubernetesClientBuilder().withConfig(config).build();
  }

  // ---------------------------------------------------------------- objects

  public Pod create(String name, Map<String, String> labels) {
    synchronized (lock) {
      Pod pod = new PodBuilder().withNewMetadata().withName(name).withNamespace(NAMESPACE)
          .withUid(UUID.randomUUID().toString()).withLabels(new LinkedHashMap<>(labels)).endMetadata()
          // one container, as every real pod has: client-java's model refuses a pod spec without
          .withNewSpec().withNodeName("node-0").addNewContainer().withName("main").withImage("busybox").endContainer()
          .endSpec().build();
      if (pods.containsKey(name)) {
        throw new IllegalStateException("exists: " + name);
      }
      return record("ADDED", pod);
    }
  }

  /** Creates {@code template} as given (managedFields, spec, ...), with this server's namespace, uid and version. */
  public Pod create(Pod template) {
    synchronized (lock) {
      Pod pod = new PodBuilder(template).editOrNewMetadata().withNamespace(NAMESPACE)
          .withUid(UUID.randomUUID().toString()).endMetadata().build();
      if (pods.containsKey(pod.getMetadata().getName())) {
        throw new IllegalStateException("exists: " + pod.getMetadata().getName());
      }
      return record("ADDED", pod);
    }
  }

  public Pod update(String name, Map<String, String> labels) {
    synchronized (lock) {
      Pod old = Objects.requireNonNull(pods.get(name), name);
      Pod pod = new PodBuilder(old).editMetadata().withLabels(new LinkedHashMap<>(labels)).endMetadata().build();
      return record("MODIFIED", pod);
    }
  }

  public void delete(String name) {
    synchronized (lock) {
      Pod old = Objects.requireNonNull(pods.get(name), name);
      record("DELETED", new PodBuilder(old).build());
    }
  }

  private Pod record(String type, Pod pod) {
    long v = ++rv;
    pod.getMetadata().setResourceVersion(Long.toString(v));
    Pod replaced = pods.get(pod.getMetadata().getName());
    if (replaced != null) {
      encodedPods.remove(replaced);
    }
    if (type.equals("DELETED")) {
      pods.remove(pod.getMetadata().getName());
    } else {
      pods.put(pod.getMetadata().getName(), pod);
    }
    Event e = new Event(v, type, pod);
    history.add(e);
    String frame = frame(type, pod);
    for (Subscriber s : watches.values()) {
      if (matches(pod, s.selector())) {
        send(s.ws(), frame);
      }
    }
    return new PodBuilder(pod).build();
  }

  /** name -> resourceVersion of every object on the server now. */
  public Map<String, String> objectVersions() {
    synchronized (lock) {
      Map<String, String> m = new TreeMap<>();
      pods.forEach((k, v) -> m.put(NAMESPACE + "/" + k, v.getMetadata().getResourceVersion()));
      return m;
    }
  }

  public Map<String, Map<String, String>> objectLabels() {
    synchronized (lock) {
      Map<String, Map<String, String>> m = new TreeMap<>();
      pods.forEach((k, v) -> m.put(NAMESPACE + "/" + k, Map.copyOf(v.getMetadata().getLabels())));
      return m;
    }
  }

  public long currentResourceVersion() {
    synchronized (lock) {
      return rv;
    }
  }

  // ---------------------------------------------------------------- faults

  /** Everything older than the current resourceVersion is forgotten, as after an etcd compaction. */
  public void compact() {
    synchronized (lock) {
      compactedRv = rv;
      history.clear();
    }
  }

  /** Sends an ERROR event with a 410 Status to every open watch, then closes it. */
  public void goneToAllWatches() {
    String frame = "{\"type\":\"ERROR\",\"object\":" + json.asJson(goneStatus()) + "}";
    for (Subscriber s : watches.values()) {
      watches.remove(s.ws());
      send(s.ws(), frame);
      close(s.ws(), 1000, "gone");
    }
  }

  /** Cuts every open watch, as a load balancer or API server restart would. */
  public void dropAllWatches() {
    for (Subscriber s : watches.values()) {
      watches.remove(s.ws());
      close(s.ws(), 1011, "dropped");
    }
  }

  /** The next {@code n} watch requests get HTTP {@code code} instead of a WebSocket upgrade. */
  public void failWatchHandshakes(int n, int code) {
    failWatchHandshakes(n, code, 0);
  }

  /** As {@link #failWatchHandshakes(int, int)}, with a {@code Retry-After} header (and no Status details). */
  public void failWatchHandshakes(int n, int code, int retryAfterSeconds) {
    handshakeFailureCode = code;
    handshakeRetryAfterSeconds = retryAfterSeconds;
    handshakeFailures.set(n);
  }

  /** The next {@code n} watches that carry a resourceVersion are closed cleanly right after opening. */
  public void cleanCloseNextWatches(int n) {
    cleanCloses.set(n);
  }

  /** The next {@code n} LIST requests fail with {@code code} (and Retry-After when positive). */
  public void failNextLists(int n, int code, int retryAfterSeconds) {
    failNextLists(n, code, retryAfterSeconds, false);
  }

  /**
   * As {@link #failNextLists(int, int, int)}; with {@code headerOnly} the wait is only in the
   * {@code Retry-After} header, not in the Status' {@code details.retryAfterSeconds}.
   */
  public void failNextLists(int n, int code, int retryAfterSeconds, boolean headerOnly) {
    listFailureCode = code;
    listRetryAfterSeconds = retryAfterSeconds;
    listRetryAfterHeaderOnly = headerOnly;
    listFailures.set(n);
  }

  /** The next {@code n} LIST requests that carry a continue token (pages after the first) fail with 500. */
  public void failNextContinuedLists(int n) {
    failNextContinuedLists(n, 500);
  }

  /**
   * The next {@code n} LIST requests that carry a continue token fail with {@code code}; 410 is
   * the API server's answer to an expired continue token (reason {@code Expired}, the
   * "continue parameter is too old" message).
   */
  public void failNextContinuedLists(int n, int code) {
    pageFailureCode = code;
    pageFailures.set(n);
  }

  /** Watches with {@code sendInitialEvents=true} get HTTP {@code code} (e.g. 422 when the WatchList feature is off). */
  public void refuseStreamingLists(int code) {
    streamingListRefusal = code;
  }

  /** {@code sendInitialEvents} is ignored, as by a server that predates it: no end-of-initial-events bookmark. */
  public void ignoreStreamingLists() {
    streamingListIgnored = true;
  }

  public void slowLists(Duration delay) {
    listDelay = delay;
  }

  /**
   * Lists answer with each pod's JSON encoded once and kept (the page is the list's envelope
   * around them), instead of copying and encoding every pod of every page again: a benchmark
   * option, so that a sync measures the client more than this server's one encoding thread. A
   * real API server keeps decoded objects in its watch cache and encodes each response, so
   * neither form is what a cluster does; the default (off) is the measurement of record.
   */
  public void preEncodedLists(boolean on) {
    preEncodedLists = on;
  }

  /**
   * With {@code false}, a list is encoded straight from the stored pods instead of from copies:
   * a benchmark option. By default (true) each response is built with fabric8's
   * {@code PodListBuilder}, which copies every listed pod before it is encoded (about 45 % of this
   * server's CPU for a list); an API server encodes its list responses from the objects in its
   * watch cache without copying them. Stored pods are never mutated, so sharing them is safe.
   */
  public void copyListedPods(boolean on) {
    copyListedPods = on;
  }

  /** The list body of {@code items} from the kept per-pod JSON; called under {@link #lock}. */
  private String preEncodedPage(long listRv, String continueToken, List<Pod> items) {
    String envelope = json.asJson(new PodListBuilder().withNewMetadata().withResourceVersion(Long.toString(listRv))
        .withContinue(continueToken).endMetadata().build());
    // the envelope as this server's encoder writes it (metadata first), its items spliced in at the end
    String open = "\"items\":[";
    int at = envelope.indexOf(open + "]");
    StringBuilder b = new StringBuilder(envelope.length() + items.size() * 400);
    if (at >= 0) {
      b.append(envelope, 0, at + open.length());
    } else {
      b.append(envelope, 0, envelope.lastIndexOf('}')).append(',').append(open);
    }
    for (int i = 0; i < items.size(); i++) {
      if (i > 0) {
        b.append(',');
      }
      b.append(encodedPods.computeIfAbsent(items.get(i), json::asJson));
    }
    return b.append(at >= 0 ? envelope.substring(at + open.length()) : "]}").toString();
  }

  /** Every continue token issued so far answers 410 Expired. */
  public void expireContinueTokens() {
    synchronized (lock) {
      continuations.clear();
    }
  }

  /** A BOOKMARK with the current resourceVersion on every watch that asked for bookmarks. */
  public void sendBookmarks() {
    synchronized (lock) {
      Pod marker = new PodBuilder().withNewMetadata().withResourceVersion(Long.toString(rv)).endMetadata().build();
      String frame = frame("BOOKMARK", marker);
      for (Subscriber s : watches.values()) {
        if (s.bookmarks()) {
          send(s.ws(), frame);
        }
      }
    }
  }

  public int openWatches() {
    return watches.size();
  }

  /**
   * Open watches that asked for bookmarks ({@code allowWatchBookmarks=true}): the guard's always
   * do, client-java's informer's do only if its call asks. A streamed watch whose client went away
   * stays open here until a frame fails to reach it (the JDK server sees nothing else).
   */
  public int openBookmarkWatches() {
    return (int) watches.values().stream().filter(Subscriber::bookmarks).count();
  }

  /** Watches that completed their upgrade and were registered for events, ever. */
  public int watchesOpened() {
    return watchesOpened.get();
  }

  // ---------------------------------------------------------------- request log

  public List<Request> requests() {
    return List.copyOf(requests);
  }

  public List<Request> lists() {
    return requests.stream().filter(r -> !r.watch()).toList();
  }

  public List<Request> watchRequests() {
    return requests.stream().filter(Request::watch).toList();
  }

  public void clearRequestLog() {
    requests.clear();
    listCosts.clear();
  }

  /** The CPU cost of every successful LIST since the request log was last cleared, in order. */
  public List<ListCost> listCosts() {
    return List.copyOf(listCosts);
  }

  // ---------------------------------------------------------------- dispatch

  private MockResponse dispatch(RecordedRequest request) {
    String full = request.getPath();
    int q = full.indexOf('?');
    String path = q < 0 ? full : full.substring(0, q);
    Map<String, String> query = parseQuery(q < 0 ? "" : full.substring(q + 1));
    if (!path.equals(PATH) || !"GET".equalsIgnoreCase(request.getMethod())) {
      return status(404, "NotFound", "no such path in the fault-injecting server: " + full);
    }
    boolean watch = "true".equals(query.get("watch"));
    requests.add(new Request(System.nanoTime(), watch, query));
    return watch ? watch(query) : list(query);
  }

  private MockResponse list(Map<String, String> query) {
    long startNanos = System.nanoTime();
    if (listFailures.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
      MockResponse r = status(listFailureCode, listFailureCode == 429 ? "TooManyRequests" : "InternalError",
          "injected failure", listRetryAfterHeaderOnly ? 0 : listRetryAfterSeconds);
      if (listRetryAfterSeconds > 0) {
        r.setHeader("Retry-After", Integer.toString(listRetryAfterSeconds));
      }
      return r;
    }
    Map<String, String> selector = parseSelector(query.get("labelSelector"));
    String cont = query.get("continue");
    if (cont != null && !cont.isEmpty() && pageFailures.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
      return pageFailureCode == 410 ? status(410, "Expired", EXPIRED_CONTINUE)
          : status(pageFailureCode, "InternalError", "injected failure of a continued list", 0);
    }
    long limit = query.containsKey("limit") ? Long.parseLong(query.get("limit")) : Long.MAX_VALUE;
    String body;
    long c2;
    long buildCpu;
    long encodeCpu;
    int pageItems;
    synchronized (lock) {
      Snapshot snap;
      int offset;
      if (cont != null && !cont.isEmpty()) {
        String[] parts = cont.split(":");
        snap = continuations.get(parts[0]);
        if (snap == null || snap.rv() < compactedRv) {
          return status(410, "Expired", EXPIRED_CONTINUE);
        }
        offset = Integer.parseInt(parts[1]);
      } else {
        String requestedRv = query.get("resourceVersion");
        if (requestedRv != null && !requestedRv.isEmpty() && !requestedRv.equals("0")
            && Long.parseLong(requestedRv) < compactedRv) {
          return status(410, "Expired", "too old resource version: " + requestedRv + " (" + compactedRv + ")");
        }
        List<Pod> items = new ArrayList<>();
        for (Pod p : pods.values()) {
          if (matches(p, selector)) {
            items.add(p);
          }
        }
        snap = new Snapshot(rv, Collections.unmodifiableList(items));
        offset = 0;
      }
      int end = (int) Math.min(snap.items().size(), offset + limit);
      String next = null;
      if (end < snap.items().size()) {
        String id = UUID.randomUUID().toString();
        continuations.put(id, snap);
        next = id + ":" + end;
      }
      List<Pod> page = snap.items().subList(offset, end);
      long c0 = THREADS.getCurrentThreadCpuTime();
      long c1 = c0;
      if (preEncodedLists) {
        body = preEncodedPage(snap.rv(), next, page);
      } else {
        io.fabric8.kubernetes.api.model.PodList list;
        if (copyListedPods) {
          list = new PodListBuilder().withNewMetadata().withResourceVersion(Long.toString(snap.rv()))
              .withContinue(next).endMetadata().withItems(page).build();
        } else {
          list = new io.fabric8.kubernetes.api.model.PodList();
          list.setMetadata(new io.fabric8.kubernetes.api.model.ListMetaBuilder()
              .withResourceVersion(Long.toString(snap.rv())).withContinue(next).build());
          list.setItems(page);
        }
        c1 = THREADS.getCurrentThreadCpuTime();
        body = json.asJson(list);
      }
      c2 = THREADS.getCurrentThreadCpuTime();
      buildCpu = c1 - c0;
      encodeCpu = c2 - c1;
      pageItems = page.size();
    }
    MockResponse r = new MockResponse().setResponseCode(200).setHeader("Content-Type", "application/json")
        .setBody(body);
    listCosts.add(new ListCost(Thread.currentThread().getId(), pageItems, r.getBody().size(), buildCpu, encodeCpu,
        THREADS.getCurrentThreadCpuTime() - c2, startNanos, System.nanoTime()));
    Duration d = listDelay;
    if (!d.isZero()) {
      r.setBodyDelay(d);
    }
    return r;
  }

  /** The injected handshake failure for this watch request, or {@code null} to accept it. */
  private MockResponse handshakeFailure() {
    if (handshakeFailures.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
      int code = handshakeFailureCode;
      MockResponse r = status(code, code == 410 ? "Expired" : code == 429 ? "TooManyRequests" : "InternalError",
          "injected watch handshake failure");
      if (handshakeRetryAfterSeconds > 0) {
        r.setHeader("Retry-After", Integer.toString(handshakeRetryAfterSeconds));
      }
      return r;
    }
    return null;
  }

  /** A streaming-list request the server refuses (WatchList off), or {@code null}. */
  private MockResponse streamingRefusal(boolean streaming) {
    return streaming && streamingListRefusal > 0
        ? status(streamingListRefusal, "Invalid", "sendInitialEvents is forbidden: the WatchList feature is off")
        : null;
  }

  private boolean streaming(Map<String, String> query) {
    return "true".equals(query.get("sendInitialEvents")) && !streamingListIgnored;
  }

  private MockResponse watch(Map<String, String> query) {
    MockResponse failure = handshakeFailure();
    if (failure != null) {
      return failure;
    }
    boolean streaming = streaming(query);
    MockResponse refusal = streamingRefusal(streaming);
    if (refusal != null) {
      return refusal;
    }
    Map<String, String> selector = parseSelector(query.get("labelSelector"));
    String requestedRv = query.get("resourceVersion");
    boolean bookmarks = "true".equals(query.get("allowWatchBookmarks"));
    return new MockResponse().withWebSocketUpgrade(new WebSocketListener() {
      @Override
      public void onOpen(WebSocket ws, Response response) {
        WatchStream stream = new WatchStream() {
          @Override
          public void send(String frame) {
            ws.send(frame);
          }

          @Override
          public void close(int code, String reason) {
            ws.close(code, reason);
          }
        };
        webSockets.put(ws, stream);
        open(stream, requestedRv, selector, bookmarks, streaming);
      }

      @Override
      public void onClosing(WebSocket ws, int code, String reason) {
        forget(ws);
      }

      @Override
      public void onClosed(WebSocket ws, int code, String reason) {
        forget(ws);
      }

      @Override
      public void onFailure(WebSocket ws, Throwable t, Response response) {
        forget(ws);
      }
    });
  }

  private void forget(WebSocket ws) {
    WatchStream stream = webSockets.remove(ws);
    if (stream != null) {
      watches.remove(stream);
    }
  }

  // ---------------------------------------------------------------- streamed HTTP watches

  /**
   * An address whose watches stream over plain HTTP (one JSON event per line), as client-java
   * reads them; other requests go on to the mock server. Started on first use.
   */
  public URI streamingUri() {
    synchronized (lock) {
      if (streamingFront == null) {
        try {
          HttpServer front = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
          front.createContext("/", this::serveStreaming);
          front.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "fault-server-http");
            t.setDaemon(true);
            return t;
          }));
          front.start();
          streamingFront = front;
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
      return URI.create("http://127.0.0.1:" + streamingFront.getAddress().getPort());
    }
  }

  private static final HttpClient FORWARDER = HttpClient.newHttpClient();

  private void serveStreaming(HttpExchange exchange) throws IOException {
    URI uri = exchange.getRequestURI();
    Map<String, String> query = parseQuery(uri.getRawQuery() == null ? "" : uri.getRawQuery());
    if (!"true".equals(query.get("watch")) || !uri.getPath().equals(PATH)) {
      forward(exchange);
      return;
    }
    requests.add(new Request(System.nanoTime(), true, query));
    boolean streaming = streaming(query);
    MockResponse failure = handshakeFailure();
    if (failure == null) {
      failure = streamingRefusal(streaming);
    }
    if (failure != null) {
      byte[] body = failure.getBody() == null ? new byte[0] : failure.getBody().readByteArray();
      String retryAfter = failure.header("Retry-After");
      if (retryAfter != null) {
        exchange.getResponseHeaders().set("Retry-After", retryAfter);
      }
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(failure.code(), body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
      return;
    }
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(200, 0); // chunked: the watch streams until closed
    OutputStream out = exchange.getResponseBody();
    open(new WatchStream() {
      @Override
      public void send(String frame) {
        try {
          out.write((frame + "\n").getBytes(StandardCharsets.UTF_8));
          out.flush();
        } catch (IOException e) {
          watches.remove(this); // the client went away
        }
      }

      @Override
      public void close(int code, String reason) {
        // the JDK server cannot cut a connection without the terminating chunk, so over this
        // address a dropped watch (1011) ends like a clean one: the client sees the stream end
        watches.remove(this);
        exchange.close();
      }
    }, query.get("resourceVersion"), parseSelector(query.get("labelSelector")),
        "true".equals(query.get("allowWatchBookmarks")), streaming);
  }

  private void forward(HttpExchange exchange) throws IOException {
    HttpRequest.Builder req = HttpRequest.newBuilder(uri().resolve(exchange.getRequestURI().toString().substring(1)))
        .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofInputStream(exchange::getRequestBody));
    HttpResponse<byte[]> resp;
    try {
      resp = FORWARDER.send(req.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      exchange.close();
      return;
    }
    resp.headers().firstValue("Content-Type").ifPresent(v -> exchange.getResponseHeaders().set("Content-Type", v));
    resp.headers().firstValue("Retry-After").ifPresent(v -> exchange.getResponseHeaders().set("Retry-After", v));
    exchange.sendResponseHeaders(resp.statusCode(), resp.body().length == 0 ? -1 : resp.body().length);
    exchange.getResponseBody().write(resp.body());
    exchange.close();
  }

  private void open(WatchStream ws, String requestedRv, Map<String, String> selector, boolean bookmarks,
      boolean streaming) {
    boolean hasRv = requestedRv != null && !requestedRv.isEmpty() && !requestedRv.equals("0");
    if (hasRv && cleanCloses.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
      close(ws, 1000, "");
      return;
    }
    synchronized (lock) {
      if (hasRv && Long.parseLong(requestedRv) < compactedRv) {
        send(ws, "{\"type\":\"ERROR\",\"object\":" + json.asJson(goneStatus()) + "}");
        close(ws, 1000, "gone");
        return;
      }
      if (hasRv) {
        long from = Long.parseLong(requestedRv);
        for (Event e : history) {
          if (e.rv() > from && matches(e.pod(), selector)) {
            send(ws, frame(e.type(), e.pod()));
          }
        }
      } else {
        for (Pod p : pods.values()) {
          if (matches(p, selector)) {
            send(ws, frame("ADDED", p));
          }
        }
        if (streaming) {
          Pod end = new PodBuilder().withNewMetadata().withResourceVersion(Long.toString(rv))
              .addToAnnotations("k8s.io/initial-events-end", "true").endMetadata().build();
          send(ws, frame("BOOKMARK", end));
        }
      }
      watches.put(ws, new Subscriber(ws, selector, bookmarks));
      watchesOpened.incrementAndGet();
    }
  }

  // ---------------------------------------------------------------- helpers

  private void send(WatchStream ws, String frame) {
    sender.execute(() -> ws.send(frame));
  }

  private void close(WatchStream ws, int code, String reason) {
    sender.execute(() -> ws.close(code, reason));
  }

  private String frame(String type, HasMetadata obj) {
    return "{\"type\":\"" + type + "\",\"object\":" + json.asJson(obj) + "}";
  }

  private static Status goneStatus() {
    return new StatusBuilder().withStatus("Failure").withCode(410).withReason("Expired")
        .withMessage("too old resource version").build();
  }

  private MockResponse status(int code, String reason, String message) {
    return status(code, reason, message, 0);
  }

  private MockResponse status(int code, String reason, String message, int retryAfterSeconds) {
    StatusBuilder b = new StatusBuilder().withStatus("Failure").withCode(code).withReason(reason).withMessage(message);
    if (retryAfterSeconds > 0) {
      b.withNewDetails().withRetryAfterSeconds(retryAfterSeconds).endDetails();
    }
    return new MockResponse().setResponseCode(code).setHeader("Content-Type", "application/json")
        .setBody(json.asJson(b.build()));
  }

  private static boolean matches(Pod pod, Map<String, String> selector) {
    Map<String, String> labels = pod.getMetadata().getLabels() == null ? Map.of() : pod.getMetadata().getLabels();
    for (Map.Entry<String, String> e : selector.entrySet()) {
      if (!e.getValue().equals(labels.get(e.getKey()))) {
        return false;
      }
    }
    return true;
  }

  private static Map<String, String> parseSelector(String s) {
    Map<String, String> m = new HashMap<>();
    if (s == null || s.isEmpty()) {
      return m;
    }
    for (String part : s.split(",")) {
      String[] kv = part.split("=", 2);
      m.put(kv[0], kv.length > 1 ? kv[1] : "");
    }
    return m;
  }

  private static Map<String, String> parseQuery(String q) {
    Map<String, String> m = new HashMap<>();
    if (q.isEmpty()) {
      return m;
    }
    for (String part : q.split("&")) {
      String[] kv = part.split("=", 2);
      m.put(URLDecoder.decode(kv[0], StandardCharsets.UTF_8),
          kv.length > 1 ? URLDecoder.decode(kv[1], StandardCharsets.UTF_8) : "");
    }
    return m;
  }

  @Override
  public void close() {
    dropAllWatches();
    sender.shutdown();
    try {
      sender.awaitTermination(5, java.util.concurrent.TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (lock) {
      if (streamingFront != null) {
        streamingFront.stop(0);
      }
    }
    server.destroy();
  }
}
