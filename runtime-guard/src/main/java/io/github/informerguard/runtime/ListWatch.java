package io.github.informerguard.runtime;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.api.model.ListMeta;
import io.fabric8.kubernetes.api.model.ListOptions;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.FilterWatchListDeletable;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import io.github.informerguard.runtime.core.ClientAdapter;
import io.github.informerguard.runtime.core.Failure;
import io.github.informerguard.runtime.core.ListPage;
import io.github.informerguard.runtime.core.WatchHandle;
import io.github.informerguard.runtime.core.WatchSink;
import java.util.function.Consumer;

/**
 * The fabric8 adapter of the core: the two transport calls the reflector needs, taken from a
 * fabric8 DSL operation, and what fabric8's exceptions mean.
 *
 * <p>fabric8's raw watch would reconnect by itself after a drop; {@link Watcher#reconnecting()}
 * is the hook where we learn about it, reported as {@link WatchSink#disconnected()}, and the
 * reflector then replaces that watch with its own. fabric8 calls return on thread interruption;
 * {@link #abortInFlight()} also cancels the list bodies fabric8 would go on reading.
 */
final class ListWatch<T extends HasMetadata> implements ClientAdapter<T> {
  /** The annotation of the bookmark that ends a streaming list's initial events. */
  static final String INITIAL_EVENTS_END = "k8s.io/initial-events-end";

  private final FilterWatchListDeletable<T, ? extends KubernetesResourceList<T>, ?> resources;
  private final RetryAfterRecorder retryAfter;
  private final ContinueTokenSniffer continueTokens;
  private final boolean streaming;

  private ListWatch(FilterWatchListDeletable<T, ? extends KubernetesResourceList<T>, ?> resources,
      RetryAfterRecorder retryAfter, ContinueTokenSniffer continueTokens, boolean streaming) {
    this.resources = resources;
    this.retryAfter = retryAfter;
    this.continueTokens = continueTokens;
    this.streaming = streaming;
  }

  /** The same calls, with (re)lists streamed ({@link GuardedInformerBuilder#streamingList()}). */
  ListWatch<T> streamingList() {
    return new ListWatch<>(resources, retryAfter, continueTokens, true);
  }

  /**
   * The calls of {@code resources}, made through a client that records each 429/503's
   * {@code Retry-After} header ({@link RetryAfterRecorder}) and puts it into the failure's Status,
   * where {@link #classify} reads it, and that reads each page's continue token from the first
   * bytes of its body ({@link ContinueTokenSniffer}).
   */
  static <T extends HasMetadata, L extends KubernetesResourceList<T>> ListWatch<T> of(
      FilterWatchListDeletable<T, L, ?> resources) {
    RetryAfterRecorder recorder = new RetryAfterRecorder();
    ContinueTokenSniffer sniffer = new ContinueTokenSniffer();
    return new ListWatch<>(RetryAfterRecorder.rebind(resources, recorder, sniffer), recorder, sniffer, false);
  }

  @Override
  public ListPage<T> list(long limit, String continueToken) {
    return list(limit, continueToken, null);
  }

  @Override
  public ListPage<T> list(long limit, String continueToken, Consumer<String> continueSeen) {
    ListOptions o = new ListOptions();
    o.setLimit(limit);
    if (continueToken != null) {
      o.setContinue(continueToken);
    }
    long mark = retryAfter.mark();
    KubernetesResourceList<T> page;
    try {
      page = continueSeen == null ? resources.list(o) : continueTokens.during(continueSeen, () -> resources.list(o));
    } catch (KubernetesClientException e) {
      retryAfter.addRetryAfter(e, mark);
      throw e;
    }
    ListMeta meta = page.getMetadata();
    return new ListPage<>(page.getItems(), meta == null ? null : meta.getResourceVersion(),
        meta == null ? null : meta.getContinue());
  }

  @Override
  public WatchHandle watch(String resourceVersion, long timeoutSeconds, WatchSink<T> sink) {
    ListOptions o = new ListOptions();
    o.setResourceVersion(resourceVersion);
    o.setAllowWatchBookmarks(true);
    o.setTimeoutSeconds(timeoutSeconds);
    return open(o, sink);
  }

  @Override
  public void abortInFlight() {
    continueTokens.cancelArriving();
  }

  @Override
  public boolean streamsInitialList() {
    return streaming;
  }

  @Override
  public WatchHandle watchList(long timeoutSeconds, WatchSink<T> sink) {
    ListOptions o = new ListOptions();
    o.setSendInitialEvents(true);
    o.setResourceVersionMatch("NotOlderThan");
    o.setAllowWatchBookmarks(true);
    o.setTimeoutSeconds(timeoutSeconds);
    return open(o, sink);
  }

  @Override
  public boolean initialEventsEnd(T bookmark) {
    return bookmark.getMetadata() != null && bookmark.getMetadata().getAnnotations() != null
        && "true".equals(bookmark.getMetadata().getAnnotations().get(INITIAL_EVENTS_END));
  }

  private WatchHandle open(ListOptions o, WatchSink<T> sink) {
    long mark = retryAfter.mark();
    Watch watch;
    try {
      watch = resources.watch(o, new Watcher<T>() {
        @Override
        public void eventReceived(Action action, T resource) {
          sink.event(WatchSink.EventType.valueOf(action.name()), resource);
        }

        @Override
        public boolean reconnecting() {
          // fabric8 is about to reconnect this watch by itself; the reflector takes over instead
          sink.disconnected();
          return true;
        }

        @Override
        public void onClose() {
          sink.closed(null);
        }

        @Override
        public void onClose(WatcherException cause) {
          sink.closed(cause);
        }
      });
    } catch (KubernetesClientException e) {
      retryAfter.addRetryAfter(e, mark);
      throw e;
    }
    return watch::close;
  }

  @Override
  public String key(T obj) {
    return Cache.metaNamespaceKeyFunc(obj);
  }

  @Override
  public String resourceVersion(T obj) {
    return obj.getMetadata() == null ? null : obj.getMetadata().getResourceVersion();
  }

  @Override
  public Failure classify(Throwable failure) {
    int code = statusCode(failure);
    Failure.Kind kind = Failure.kindOfStatus(code);
    if (kind == Failure.Kind.THROTTLED) {
      return new Failure(kind, code, retryAfterMillis(failure));
    }
    return Failure.of(kind, code);
  }

  // ---------------------------------------------------------------- classification

  static int statusCode(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof KubernetesClientException k) {
        if (k.getCode() > 0) {
          return k.getCode();
        }
        Status s = k.getStatus();
        if (s != null && s.getCode() != null) {
          return s.getCode();
        }
      }
      if (c instanceof WatcherException w && w.isHttpGone()) {
        return 410;
      }
      if (c.getCause() == c) {
        break;
      }
    }
    return 0;
  }

  /**
   * The wait a 429 or 503 asks for (the Status' {@code retryAfterSeconds}), or -1 when unknown.
   * fabric8 8.x keeps the Status body of a failed request but not its headers (for a rejected
   * watch upgrade it builds a Status with no details at all); {@link RetryAfterRecorder} copies
   * the {@code Retry-After} header into the Status. Without either the core waits its least pause.
   */
  static long retryAfterMillis(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof KubernetesClientException k && k.getStatus() != null
          && k.getStatus().getDetails() != null && k.getStatus().getDetails().getRetryAfterSeconds() != null) {
        return Math.max(0, k.getStatus().getDetails().getRetryAfterSeconds()) * 1000L;
      }
      if (c.getCause() == c) {
        break;
      }
    }
    return -1;
  }
}
