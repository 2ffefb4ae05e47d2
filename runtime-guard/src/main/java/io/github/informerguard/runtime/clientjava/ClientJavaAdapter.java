package io.github.informerguard.runtime.clientjava;

import com.google.gson.JsonParseException;
import io.github.informerguard.runtime.core.ClientAdapter;
import io.github.informerguard.runtime.core.Failure;
import io.github.informerguard.runtime.core.ListPage;
import io.github.informerguard.runtime.core.WatchHandle;
import io.github.informerguard.runtime.core.WatchSink;
import io.kubernetes.client.common.KubernetesObject;
import io.kubernetes.client.informer.cache.Caches;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.models.V1Status;
import io.kubernetes.client.util.Watch;
import io.kubernetes.client.util.Watchable;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client-java adapter of the core. client-java's watch is an iterator that blocks its caller
 * on every read, so each watch gets a daemon {@code informer-guard-<name>-watch} thread that
 * reads it and hands every event to the reflector. The end of the stream is a clean end of the
 * watch (the server's timeout); a failed read is a dropped connection.
 */
final class ClientJavaAdapter<T extends KubernetesObject> implements ClientAdapter<T> {
  private static final Logger LOG = LoggerFactory.getLogger(ClientJavaAdapter.class);

  private final String informerName;
  private final ClientJavaTransport<T> transport;

  ClientJavaAdapter(String informerName, ClientJavaTransport<T> transport) {
    this.informerName = informerName;
    this.transport = transport;
  }

  @Override
  public ListPage<T> list(long limit, String continueToken) throws ApiException {
    return transport.list(limit, continueToken);
  }

  @Override
  public ListPage<T> list(long limit, String continueToken, Consumer<String> continueSeen) throws ApiException {
    return transport.list(limit, continueToken, continueSeen);
  }

  @Override
  public WatchHandle watch(String resourceVersion, long timeoutSeconds, WatchSink<T> sink) throws ApiException {
    Watchable<T> watch = transport.watch(resourceVersion, (int) Math.min(Integer.MAX_VALUE, timeoutSeconds));
    Pump<T> pump = new Pump<>(watch, sink);
    Thread t = new Thread(pump, "informer-guard-" + informerName + "-watch");
    t.setDaemon(true);
    t.start();
    return pump::close;
  }

  @Override
  public void abortInFlight() {
    transport.abort();
  }

  @Override
  public String key(T obj) {
    return Caches.metaNamespaceKeyFunc(obj);
  }

  @Override
  public String resourceVersion(T obj) {
    return obj.getMetadata() == null ? null : obj.getMetadata().getResourceVersion();
  }

  @Override
  public Failure classify(Throwable failure) {
    for (Throwable c = failure; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof ApiException api && api.getCode() > 0) {
        Failure.Kind kind = Failure.kindOfStatus(api.getCode());
        if (kind == Failure.Kind.GONE && api.getResponseBody() != null
            && api.getResponseBody().contains("continue parameter")) {
          kind = Failure.Kind.EXPIRED;
        }
        return new Failure(kind, api.getCode(), kind == Failure.Kind.THROTTLED ? retryAfterMillis(api) : -1);
      }
      if (c instanceof JsonParseException) {
        // an object this client's model cannot read will not read better after a wait
        return Failure.of(Failure.Kind.FATAL, 0);
      }
    }
    return Failure.of(Failure.Kind.TRANSIENT, 0);
  }

  /** The {@code Retry-After} header (delay in seconds), or -1; OkHttp lower-cases header names. */
  static long retryAfterMillis(ApiException e) {
    Map<String, List<String>> headers = e.getResponseHeaders();
    if (headers == null) {
      return -1;
    }
    for (Map.Entry<String, List<String>> h : headers.entrySet()) {
      if ("retry-after".equalsIgnoreCase(h.getKey()) && h.getValue() != null && !h.getValue().isEmpty()) {
        try {
          return Math.max(0, Long.parseLong(h.getValue().get(0).trim())) * 1000L;
        } catch (NumberFormatException notSeconds) {
          return -1; // an HTTP date: the core's least pause applies
        }
      }
    }
    return -1;
  }

  /** Reads one watch on its own thread until it ends or is closed. */
  private static final class Pump<T> implements Runnable {
    private final Watchable<T> watch;
    private final WatchSink<T> sink;
    private volatile boolean closed;

    Pump(Watchable<T> watch, WatchSink<T> sink) {
      this.watch = watch;
      this.sink = sink;
    }

    @Override
    public void run() {
      try {
        while (!closed && watch.hasNext()) {
          Watch.Response<T> r = watch.next();
          if ("ERROR".equals(r.type)) {
            V1Status status = r.status;
            int code = status == null || status.getCode() == null ? 0 : status.getCode();
            sink.closed(new ApiException(code, status == null ? "watch ERROR event" : status.getMessage()));
            return;
          }
          WatchSink.EventType type;
          try {
            type = WatchSink.EventType.valueOf(r.type);
          } catch (IllegalArgumentException | NullPointerException unknown) {
            continue; // an event type this API version does not define
          }
          sink.event(type, r.object);
        }
        if (!closed) {
          sink.closed(null);
        }
      } catch (RuntimeException e) {
        if (!closed) {
          sink.disconnected();
        }
      } finally {
        close();
      }
    }

    void close() {
      closed = true;
      try {
        watch.close();
      } catch (IOException | RuntimeException e) {
        LOG.debug("closing a watch failed", e);
      }
    }
  }
}
