package io.github.informerguard.runtime.core;

import io.github.informerguard.runtime.InformerLifecycleListener;
import io.github.informerguard.runtime.core.WatchSink.EventType;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the store in step with the server: list (paginated, consistent read), then watch from
 * the list's resourceVersion, forever, on one thread.
 *
 * <ul>
 *   <li>410 Gone (on a list page, the watch handshake or as a watch ERROR event), an expired
 *       continue token, and a watch that ends with no event right after connecting with a
 *       resourceVersion all lead to a full re-list with a consistent read, paced by the
 *       {@link RelistBudget}, then a watch from the new list's resourceVersion.</li>
 *   <li>Any other end of a watch resumes from the last resourceVersion seen (events and
 *       bookmarks) without listing.</li>
 *   <li>Failures back off with full jitter; Retry-After on 429/503 is a lower bound.</li>
 * </ul>
 *
 * <p>Watch callbacks arrive on the client's threads (through the adapter's {@link WatchSink});
 * they are only queued here and applied by the reflector thread, so the store has exactly one
 * writer. A dropped connection ({@link WatchSink#disconnected()}) is replaced by the reflector's
 * own watch, so reconnects are counted, jittered and see handshake errors. The transport and the
 * meaning of its errors are the {@link ClientAdapter}'s; nothing here knows a client.
 */
final class Reflector<T> {
  private static final Logger LOG = LoggerFactory.getLogger(Reflector.class);

  interface Callbacks {
    boolean stopping();

    void beforeList(String lastResourceVersion);

    void listApplied(String resourceVersion, boolean remainedEmpty);

    void terminated(Throwable cause);
  }

  private sealed interface Signal {
    int generation();
  }

  private record Event<T>(int generation, EventType action, T obj, long arrivedNanos) implements Signal {}

  private record Closed(int generation, Throwable cause) implements Signal {}

  private record Disconnected(int generation) implements Signal {}

  /** A reason to re-list: the resourceVersion we hold (or the continue token) is too old. */
  static final class GoneException extends Exception {
    final InformerLifecycleListener.RelistReason reason;

    GoneException(InformerLifecycleListener.RelistReason reason, String message, Throwable cause) {
      super(message, cause);
      this.reason = reason;
    }
  }

  private enum WatchEnd { RESUME_NOW, RESUME_AFTER_BACKOFF }

  /** Least wait after a 429 or 503 whose Retry-After the transport did not pass on. */
  static final long RETRY_AFTER_UNKNOWN_MILLIS = 1000;

  private final GuardOptions options;
  private final ClientAdapter<T> listWatch;
  private final GuardedStore<T> store;
  private final InformerCounters counters;
  private final Callbacks callbacks;
  private final ObjectTransform<T> transform;
  private final InformerLifecycleListener lifecycle;
  private final Backoff backoff;
  private final RandomGenerator random;
  // the client's threads add watch callbacks; only the reflector thread takes them
  private final LinkedBlockingQueue<Signal> signals = new LinkedBlockingQueue<>();

  // written only by the reflector thread; volatile because health() and the informer read them
  private volatile String lastResourceVersion;
  private volatile Instant lastSyncTime;
  private volatile boolean synced;
  private volatile boolean watching;
  private volatile WatchHandle currentWatch; // set by the reflector, closed by stop() from any thread
  private int generation; // reflector thread only: signals of older watches are ignored
  // reflector thread only: the server refused a streaming list, or does not know it; page from now on
  private boolean streamingRefused;
  // reflector thread only: when what is being applied now reached the informer (handler lag)
  private long arrivalNanos;
  /**
   * Guards {@link #inHandshake}. {@link #interrupt(Thread)} must not interrupt the reflector while
   * it is inside the transport's watch call: fabric8 then stops waiting but goes on opening the
   * watch, which nobody holds and which reconnects forever. (A client whose handshake ignores
   * interruption is made to return by {@link ClientAdapter#abortInFlight()}.) Instead the reflector closes the new
   * watch itself as soon as the call returns and it sees that the informer is stopping.
   */
  private final Object handshake = new Object();
  private boolean inHandshake;

  Reflector(GuardOptions options, ClientAdapter<T> listWatch, GuardedStore<T> store, InformerCounters counters,
      Callbacks callbacks, ObjectTransform<T> transform, InformerLifecycleListener lifecycle,
      RandomGenerator random) {
    this.options = options;
    this.lifecycle = lifecycle;
    this.transform = transform;
    this.listWatch = listWatch;
    this.store = store;
    this.counters = counters;
    this.callbacks = callbacks;
    this.random = random;
    this.backoff = new Backoff(options.backoffBase(), options.backoffCap(), random);
  }

  /** When the event or list being applied arrived; read only on the reflector thread, while it applies it. */
  long arrivalNanos() {
    return arrivalNanos;
  }

  String lastResourceVersion() {
    return lastResourceVersion;
  }

  Instant lastSyncTime() {
    return lastSyncTime;
  }

  boolean synced() {
    return synced;
  }

  boolean watching() {
    return watching;
  }

  /** Closes the current watch, if any; safe from any thread. */
  void closeWatch() {
    WatchHandle w = currentWatch;
    if (w != null) {
      try {
        w.close();
      } catch (RuntimeException e) {
        LOG.debug("informer-guard {}: closing watch failed", options.name(), e);
      }
    }
  }

  /**
   * Interrupts the reflector thread (stop()), unless it is in a watch handshake (see
   * {@link #handshake}), and makes the adapter end its in-flight calls.
   */
  void interrupt(Thread reflectorThread) {
    synchronized (handshake) {
      if (!inHandshake) {
        reflectorThread.interrupt();
      }
    }
    try {
      listWatch.abortInFlight();
    } catch (RuntimeException e) {
      LOG.debug("informer-guard {}: aborting in-flight calls failed", options.name(), e);
    }
  }

  void run() {
    boolean needList = true;
    boolean firstList = true;
    boolean justListed = false;
    int failures = 0;
    while (!callbacks.stopping()) {
      try {
        if (needList) {
          if (!firstList) {
            counters.relists.incrementAndGet();
            options.relistBudget().acquire();
          }
          sync(!firstList);
          failures = 0; // the server answered in full: a later failure starts a new backoff series
          needList = false;
          firstList = false;
          justListed = true;
        }
        boolean reconnect = !justListed;
        if (reconnect) {
          counters.watchReconnects.incrementAndGet();
        }
        justListed = false;
        WatchEnd end = watchOnce(reconnect);
        if (end == WatchEnd.RESUME_NOW) {
          failures = 0;
        } else {
          backOff(failures++, 0, null);
        }
      } catch (InterruptedException e) {
        // stop() interrupted a list, a wait or a watch: the reflector thread ends its run
        Thread.currentThread().interrupt();
        break;
      } catch (GoneException e) {
        if (callbacks.stopping()) {
          break;
        }
        counters.goneSeen.incrementAndGet();
        LOG.info("informer-guard {}: {}; re-listing", options.name(), e.getMessage());
        needList = true;
        lifecycle.onRelist(e.reason, e.getMessage());
        if (!backOffQuietly(failures++, 0, e)) {
          break;
        }
      } catch (Throwable t) {
        if (callbacks.stopping() || isInterruption(t)) {
          break;
        }
        UserCode.rethrowIfFatal(t);
        Failure failure = classify(t);
        if (failure.gone()) {
          counters.goneSeen.incrementAndGet();
          LOG.info("informer-guard {}: 410 Gone ({}); re-listing", options.name(), t.getMessage());
          needList = true;
          lifecycle.onRelist(InformerLifecycleListener.RelistReason.GONE, t.getMessage());
          if (!backOffQuietly(failures++, 0, t)) {
            break;
          }
          continue;
        }
        boolean retry;
        try {
          retry = options.exceptionHandler().retryAfterException(synced, t);
        } catch (Throwable handlerFailure) {
          UserCode.rethrowIfFatal(handlerFailure);
          LOG.warn("informer-guard {}: exception handler threw; not retrying", options.name(), handlerFailure);
          retry = false;
        }
        if (!retry) {
          LOG.error("informer-guard {}: unrecoverable error, stopping the informer", options.name(), t);
          callbacks.terminated(t);
          return;
        }
        LOG.warn("informer-guard {}: {} failed ({}); retrying after a backoff", options.name(),
            needList ? "list" : "watch", t.toString());
        if (!backOffQuietly(failures++, retryAfterMillis(failure), t)) {
          break;
        }
      }
    }
    watching = false;
  }

  /** Waits the jittered backoff for retry {@code attempt} (at least {@code retryAfterMillis}), telling the listeners. */
  private void backOff(int attempt, long retryAfterMillis, Throwable cause) throws InterruptedException {
    long delay = backoff.delayMillis(attempt, retryAfterMillis);
    lifecycle.onBackoff(Duration.ofMillis(delay), attempt, cause);
    sleep(delay);
  }

  /** {@link #backOff}; false when interrupted (the flag is restored). */
  private boolean backOffQuietly(int attempt, long retryAfterMillis, Throwable cause) {
    try {
      backOff(attempt, retryAfterMillis, cause);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the caller ends the reflector's run; the flag stays visible
      return false;
    }
  }

  /**
   * The (re)list: streamed when the adapter is asked to ({@link ClientAdapter#streamsInitialList()})
   * and the server has not refused it, else paged. A refusal (a permanent status on the
   * handshake, or a server that does not stream the initial events) switches this informer to
   * paged lists for good; a transient failure is retried like any other.
   */
  private void sync(boolean relist) throws Exception {
    if (listWatch.streamsInitialList() && !streamingRefused) {
      try {
        if (streamList(relist)) {
          return;
        }
      } catch (InterruptedException | GoneException e) {
        throw e;
      } catch (Exception e) {
        if (callbacks.stopping() || classify(e).kind() != Failure.Kind.FATAL) {
          throw e;
        }
        streamingRefused = true;
        LOG.info("informer-guard {}: the server refused the streaming list ({}); using paginated lists",
            options.name(), e.toString());
      }
    }
    list(relist);
  }

  /**
   * One streaming list: a watch that sends every object as ADDED, then the bookmark that ends
   * the initial events, whose resourceVersion is the list's. Applies the objects as they arrive
   * (the informer holds one object in flight, not a page); objects not sent are deleted at the
   * end, as after a paged list. Closes the watch at the end: the reflector then watches from the
   * bookmark's resourceVersion as after any list. Returns false when this attempt has to be
   * replaced by a paged list (the connection dropped, the watch closed before the bookmark, or
   * the server does not stream initial events, which also sets {@link #streamingRefused}).
   */
  private boolean streamList(boolean relist) throws Exception {
    int gen = ++generation;
    signals.clear();
    String before = lastResourceVersion;
    callbacks.beforeList(before);
    boolean wasEmpty = store.size() == 0;
    Set<String> seen = new HashSet<>();
    long timeoutSeconds = Math.max(1, options.watchTimeout().toSeconds());
    counters.listRequests.incrementAndGet(); // a streamed list is one request
    WatchHandle watch = connect(() -> listWatch.watchList(timeoutSeconds, new GenerationSink(gen)));
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds) + TimeUnit.SECONDS.toNanos(1);
      while (true) {
        Signal s = nextSignal(gen, deadline);
        if (s == null) {
          return false; // the server never ended the initial events: page this time
        }
        if (s instanceof Event<?> raw) {
          @SuppressWarnings("unchecked")
          Event<T> e = (Event<T>) raw;
          if (e.action() == EventType.ADDED) {
            arrivalNanos = e.arrivedNanos();
            seen.add(store.upsertIfChanged(transform.apply(e.obj())));
            continue;
          }
          if (e.action() == EventType.BOOKMARK && listWatch.initialEventsEnd(e.obj())) {
            String rv = listWatch.resourceVersion(e.obj());
            store.retainOnly(seen);
            lastResourceVersion = rv;
            lastSyncTime = Instant.now();
            synced = true;
            lifecycle.onSynced(rv, store.size(), relist);
            callbacks.listApplied(rv, wasEmpty && seen.isEmpty());
            return true;
          }
          if (e.action() != EventType.ERROR) {
            // a server that ignores sendInitialEvents sends plain bookmarks and changes instead
            streamingRefused = true;
            LOG.info("informer-guard {}: the server does not stream the initial list ({} before the end "
                + "bookmark); using paginated lists", options.name(), e.action());
          }
          return false;
        } else if (s instanceof Disconnected) {
          return false;
        } else if (s instanceof Closed c) {
          if (c.cause() == null) {
            return false;
          }
          throw c.cause() instanceof Exception ex ? ex : new IllegalStateException(c.cause());
        }
      }
    } finally {
      currentWatch = null;
      try {
        watch.close();
      } catch (RuntimeException e) {
        LOG.debug("informer-guard {}: closing the streaming list's watch failed", options.name(), e);
      }
    }
  }

  /**
   * Lists in pages and applies each page to the store as it arrives; objects the list did not
   * return are deleted at the end. Pages are fetched on short-lived {@code -list} threads. The
   * next page is requested as soon as the current one's continue token is known, which the
   * adapter may report from the first bytes of the response ({@link ClientAdapter#list(long,
   * String, java.util.function.Consumer)}), so the server produces page N+1 while page N is
   * still arriving and being applied. It is never requested before page N-1 is applied, so the
   * informer holds at most two pages (the one arriving or being applied, and the next), never
   * the whole list.
   *
   * <p>Page N+1's fetch is set up as soon as page N-1 is applied: its list thread waits for page
   * N's continue token and sends the request itself the moment the token is in. The server sits
   * idle from finishing page N until that request reaches it, and the token arrives on the
   * client's I/O thread; going through this thread as well (woken, then handing the request to a
   * list thread) would add a thread hand-off to every page's idle time.
   */
  private void list(boolean relist) throws Exception {
    String before = lastResourceVersion;
    callbacks.beforeList(before);
    boolean wasEmpty = store.size() == 0;
    Set<String> seen = new HashSet<>();
    ExecutorService fetchers = Executors.newFixedThreadPool(2, r -> {
      Thread t = new Thread(r, "informer-guard-" + options.name() + "-list");
      t.setDaemon(true);
      return t;
    });
    try {
      PageFetch fetch = new PageFetch((String) null, fetchers);
      String listResourceVersion = null;
      while (true) {
        if (callbacks.stopping()) {
          throw new InterruptedException("stopped during list");
        }
        // the page before this one is applied: the next may be asked for as soon as this one's token is in
        PageFetch next = new PageFetch(fetch, fetchers);
        ListPage<T> page = fetch.page();
        if (listResourceVersion == null) {
          listResourceVersion = page.resourceVersion(); // every page of one list is one snapshot
        }
        if (page.last()) {
          next.cancel(); // it found no token to ask with, or asked with a wrong hint
          next = null;
        } else if (!page.continueToken().equals(fetch.tokenForNext())) {
          next.cancel(); // the early token was wrong (it is only a hint): ask again with the page's own
          next = new PageFetch(page.continueToken(), fetchers);
        }
        arrivalNanos = System.nanoTime();
        for (T item : page.items()) {
          seen.add(store.upsertIfChanged(transform.apply(item)));
        }
        if (next == null) {
          break;
        }
        page = null; // applied: let it go before the next one is held
        fetch = next;
      }
      store.retainOnly(seen);
      lastResourceVersion = listResourceVersion;
      lastSyncTime = Instant.now();
      synced = true;
      // before start()'s future completes, so a readiness gate never sees a sync it was not told of
      lifecycle.onSynced(listResourceVersion, store.size(), relist);
      callbacks.listApplied(listResourceVersion, wasEmpty && seen.isEmpty());
    } finally {
      fetchers.shutdownNow();
    }
  }

  /**
   * One page in flight on a list thread: the page, and the continue token to ask for the page
   * after it with, as soon as the adapter reports it (or the page is in; {@code null} on the last
   * page, on a failure, or when this fetch found no page to ask for).
   */
  private final class PageFetch {
    private final CompletableFuture<String> nextToken = new CompletableFuture<>();
    private final Future<ListPage<T>> page;

    /** The first page ({@code continueToken} null), or the page at a token known now. */
    PageFetch(String continueToken, ExecutorService fetchers) {
      this.page = submit(fetchers, () -> listPage(continueToken, nextToken::complete));
    }

    /**
     * The page after {@code previous}'s, asked for from this fetch's own list thread as soon as
     * {@code previous}'s token is in; none ({@link #page()} {@code null}) if {@code previous} is
     * the last page or failed (the reflector sees that failure from {@code previous}).
     */
    PageFetch(PageFetch previous, ExecutorService fetchers) {
      this.page = submit(fetchers, () -> {
        String token = previous.nextToken.get();
        if (token == null) {
          return null;
        }
        if (callbacks.stopping()) {
          throw new InterruptedException("stopped during list");
        }
        return listPage(token, nextToken::complete);
      });
    }

    private Future<ListPage<T>> submit(ExecutorService fetchers, Callable<ListPage<T>> call) {
      return fetchers.submit(() -> {
        try {
          ListPage<T> p = call.call();
          nextToken.complete(p == null || p.last() ? null : p.continueToken());
          return p;
        } finally {
          nextToken.complete(null);
        }
      });
    }

    /** The token the page after this one is (or will be) asked for with; complete once {@link #page()} returned. */
    String tokenForNext() {
      return nextToken.getNow(null);
    }

    ListPage<T> page() throws Exception {
      return awaitPage(page);
    }

    void cancel() {
      page.cancel(true);
    }
  }

  /** One LIST request: {@code limit}, the continue token, and no resourceVersion (a consistent read). */
  private ListPage<T> listPage(String continueToken, java.util.function.Consumer<String> continueSeen) throws Exception {
    counters.listRequests.incrementAndGet();
    try {
      return listWatch.list(options.pageSize(), continueToken, continueSeen);
    } catch (Exception e) {
      if (continueToken != null && !callbacks.stopping() && classify(e).gone()) {
        throw new GoneException(InformerLifecycleListener.RelistReason.CONTINUE_EXPIRED,
            "continue token expired during a paginated list", e);
      }
      throw e;
    }
  }

  private static <P> P awaitPage(Future<P> next) throws Exception {
    try {
      return next.get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Exception ex) {
        throw ex;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw e;
    } catch (InterruptedException e) {
      next.cancel(true);
      throw e;
    }
  }

  private WatchEnd watchOnce(boolean reconnect) throws Exception {
    int gen = ++generation;
    signals.clear();
    long base = Math.max(1, options.watchTimeout().toMillis());
    long lifetimeMillis;
    synchronized (random) {
      lifetimeMillis = base + (long) (random.nextDouble() * base);
    }
    String startedFrom = lastResourceVersion;
    long timeoutSeconds = Math.max(1, lifetimeMillis / 1000);
    WatchHandle watch = connect(() -> listWatch.watch(startedFrom, timeoutSeconds, new GenerationSink(gen)));
    watching = true;
    if (reconnect) {
      lifecycle.onWatchReconnected(startedFrom);
    }
    long connectedAt = System.nanoTime();
    long deadline = connectedAt + TimeUnit.MILLISECONDS.toNanos(lifetimeMillis + base / 10 + 1000);
    boolean sawEvent = false;
    try {
      while (true) {
        Signal s = nextSignal(gen, deadline);
        if (s == null) {
          return WatchEnd.RESUME_NOW; // periodic restart: a silently dead connection cannot last forever
        }
        if (s instanceof Event<?> e) {
          @SuppressWarnings("unchecked")
          Event<T> event = (Event<T>) e;
          apply(event);
          sawEvent = true;
        } else if (s instanceof Disconnected) {
          // a dropped connection (fabric8 reports a TCP reset and a clean close alike through
          // reconnecting()) is no evidence of a stale resourceVersion: resume from it, without a
          // list. fabric8 8.x reports a clean close with no message within 2 s itself, as a 410 (below).
          return sawEvent ? WatchEnd.RESUME_NOW : WatchEnd.RESUME_AFTER_BACKOFF;
        } else if (s instanceof Closed c) {
          if (c.cause() == null) {
            long age = System.nanoTime() - connectedAt;
            if (!sawEvent && startedFrom != null && age < options.staleCloseThreshold().toNanos()) {
              throw new GoneException(InformerLifecycleListener.RelistReason.STALE_WATCH, "watch from resourceVersion " + startedFrom
                  + " ended cleanly with no event right after connecting (stale resourceVersion)", null);
            }
            return sawEvent ? WatchEnd.RESUME_NOW : WatchEnd.RESUME_AFTER_BACKOFF;
          }
          if (classify(c.cause()).gone()) {
            throw new GoneException(InformerLifecycleListener.RelistReason.GONE, "watch ended with 410 Gone (" + c.cause().getMessage() + ")", c.cause());
          }
          if (c.cause() instanceof Exception ex) {
            throw ex;
          }
          throw (Error) c.cause();
        }
      }
    } finally {
      watching = false;
      currentWatch = null;
      try {
        watch.close();
      } catch (RuntimeException e) {
        LOG.debug("informer-guard {}: closing watch failed", options.name(), e);
      }
    }
  }

  /** Opens a watch. */
  private interface WatchOpener {
    WatchHandle open() throws Exception;
  }

  /**
   * Runs a watch handshake so that {@link #interrupt(Thread)} does not interrupt it (see
   * {@link #handshake}) and makes the new watch the current one; when the informer started
   * stopping meanwhile, closes it and throws.
   */
  private WatchHandle connect(WatchOpener opener) throws Exception {
    synchronized (handshake) {
      if (callbacks.stopping()) {
        throw new InterruptedException("stopped before the watch");
      }
      inHandshake = true;
    }
    WatchHandle watch;
    try {
      watch = opener.open();
    } finally {
      synchronized (handshake) {
        inHandshake = false;
      }
    }
    currentWatch = watch;
    if (callbacks.stopping()) {
      closeWatch();
      currentWatch = null;
      throw new InterruptedException("stopped while connecting");
    }
    return watch;
  }

  /** The next signal of watch {@code gen} (older watches' are dropped), or null once {@code deadlineNanos} has passed. */
  private Signal nextSignal(int gen, long deadlineNanos) throws InterruptedException {
    while (true) {
      long remaining = deadlineNanos - System.nanoTime();
      if (remaining <= 0) {
        return null;
      }
      Signal s = signals.poll(remaining, TimeUnit.NANOSECONDS);
      if (s != null && s.generation() == gen) {
        return s;
      }
    }
  }

  private void apply(Event<T> e) {
    T received = e.obj();
    arrivalNanos = e.arrivedNanos();
    // the resourceVersion to resume from is the server's, whatever the transform keeps
    String version = received == null ? null : listWatch.resourceVersion(received);
    if (e.action() == EventType.ERROR) {
      LOG.warn("informer-guard {}: unexpected ERROR watch event {}", options.name(), received);
      return;
    }
    T obj = e.action() == EventType.BOOKMARK ? received : transform.apply(received);
    // advanced before the store has the object: its handlers may run at once, and one that reads
    // lastSyncResourceVersion() then sees at least this event's version (handler queues publish it)
    String previous = lastResourceVersion;
    if (version != null) {
      lastResourceVersion = version;
    }
    try {
      switch (e.action()) {
        case ADDED, MODIFIED -> store.upsert(obj);
        case DELETED -> store.delete(obj, false);
        default -> { } // BOOKMARK: only the version
      }
    } catch (RuntimeException | Error notApplied) {
      lastResourceVersion = previous; // the watch resumes before this event, so it comes back
      throw notApplied;
    }
    lastSyncTime = Instant.now();
  }

  private final class GenerationSink implements WatchSink<T> {
    private final int gen;

    GenerationSink(int gen) {
      this.gen = gen;
    }

    @Override
    public void event(EventType type, T obj) {
      signals.add(new Event<>(gen, type, obj, System.nanoTime()));
    }

    @Override
    public void disconnected() {
      signals.add(new Disconnected(gen));
    }

    @Override
    public void closed(Throwable cause) {
      signals.add(new Closed(gen, cause));
    }
  }

  // ---------------------------------------------------------------- classification

  private Failure classify(Throwable t) {
    try {
      Failure f = listWatch.classify(t);
      return f != null ? f : Failure.of(Failure.Kind.TRANSIENT, 0);
    } catch (RuntimeException e) {
      LOG.debug("informer-guard {}: classifying {} failed", options.name(), t, e);
      return Failure.of(Failure.Kind.TRANSIENT, 0);
    }
  }

  /**
   * The least wait before retrying {@code failure}: what a 429 or 503 asked for, or
   * {@link #RETRY_AFTER_UNKNOWN_MILLIS} when the client did not pass the server's
   * {@code Retry-After} on (the server asked for a pause, and the API server's own overload
   * responses ask for one second); 0 for any other failure.
   */
  static long retryAfterMillis(Failure failure) {
    if (failure.kind() != Failure.Kind.THROTTLED) {
      return 0;
    }
    return failure.retryAfterMillis() >= 0 ? failure.retryAfterMillis() : RETRY_AFTER_UNKNOWN_MILLIS;
  }

  private static boolean isInterruption(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof InterruptedException) {
        return true;
      }
      if (c.getCause() == c) {
        break;
      }
    }
    return false;
  }

  private void sleep(long millis) throws InterruptedException {
    options.ticker().sleepNanos(TimeUnit.MILLISECONDS.toNanos(millis));
  }
}
