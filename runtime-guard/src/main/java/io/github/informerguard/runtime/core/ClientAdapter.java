package io.github.informerguard.runtime.core;

import java.util.function.Consumer;

/**
 * What the core needs from a Kubernetes client: one LIST page, one watch, and the meaning of the
 * client's errors and objects. One instance serves one informer; {@link #list} and
 * {@link #watch} are called by that informer's reflector thread only (pages are fetched on its
 * short-lived list threads, at most two at a time: the one still arriving and the next), {@link #abortInFlight()} by any thread.
 *
 * <p>An adapter must not import anything of another client: the fabric8 adapter is
 * {@code io.github.informerguard.runtime.ListWatch}, the client-java one lives in
 * {@code io.github.informerguard.runtime.clientjava}.
 *
 * @param <T> the resource type
 */
public interface ClientAdapter<T> extends ObjectAccess<T> {
  /**
   * One LIST request with {@code limit} and the continue token ({@code null} for the first page)
   * and no resourceVersion, so the server answers with a consistent read.
   */
  ListPage<T> list(long limit, String continueToken) throws Exception;

  /**
   * {@link #list}, telling {@code continueSeen} the page's continue token as soon as the
   * transport has read it, before the page's items are in (at most once, possibly never, from
   * any thread), so that the reflector can ask for the next page while this one is still
   * arriving. A hint: the reflector checks it against the returned page. The default never tells
   * it early.
   */
  default ListPage<T> list(long limit, String continueToken, Consumer<String> continueSeen) throws Exception {
    return list(limit, continueToken);
  }

  /**
   * Opens a watch from {@code resourceVersion} ({@code null}: from now) with bookmarks and the
   * server-side timeout {@code timeoutSeconds}, delivering what arrives to {@code sink}. Returns
   * once the server accepted the watch (the handshake); throws when it refused it.
   */
  WatchHandle watch(String resourceVersion, long timeoutSeconds, WatchSink<T> sink) throws Exception;

  /**
   * Makes an in-flight {@link #list} or {@link #watch} handshake of this adapter return (by
   * failing) promptly; called when the informer is closed, from the closing thread. The default
   * does nothing: for a client whose calls end on thread interruption (fabric8) that is enough.
   */
  default void abortInFlight() {}

  /**
   * Whether the initial list (and every re-list) should be streamed with
   * {@link #watchList} instead of paged with {@link #list}; off by default (an opt-in of the
   * client's builder).
   */
  default boolean streamsInitialList() {
    return false;
  }

  /**
   * Opens a watch that streams the current state first (Kubernetes 1.27+ WatchList:
   * {@code sendInitialEvents=true}, {@code resourceVersionMatch=NotOlderThan}, bookmarks, no
   * resourceVersion): every object as {@code ADDED}, then a {@code BOOKMARK} for which
   * {@link #initialEventsEnd} is true, whose resourceVersion is that of the list. Throws as
   * {@link #watch} does when the server refuses it. Called only when {@link #streamsInitialList()}.
   */
  default WatchHandle watchList(long timeoutSeconds, WatchSink<T> sink) throws Exception {
    throw new UnsupportedOperationException("this client adapter does not stream lists");
  }

  /** Whether {@code bookmark} ends the initial events of a {@link #watchList} (annotation {@code k8s.io/initial-events-end}). */
  default boolean initialEventsEnd(T bookmark) {
    return false;
  }

  /** What a failure of {@link #list}, {@link #watch} or a watch's end means. */
  Failure classify(Throwable failure);
}
