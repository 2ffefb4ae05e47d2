package io.github.informerguard.runtime;

import java.time.Duration;

/**
 * What an operator needs to gate readiness on and to check its state after every (re)list.
 * Register with {@link GuardedInformerBuilder#lifecycleListener}. Every method has an empty
 * default. All but {@link #onClosed} run on the informer's reflector thread, so a slow listener
 * delays the informer; {@link #onClosed} runs on the thread that closed it (or the reflector
 * thread when an unrecoverable error ended it). A listener that throws is contained, logged and
 * counted in {@code health().handlerErrors()}.
 */
public interface InformerLifecycleListener {
  /** Why the informer lists again although it had listed before. */
  enum RelistReason {
    /** 410 Gone: on a list, on the watch handshake or as a watch ERROR event (compaction). */
    GONE,
    /** The continue token of a paginated list expired half-way. */
    CONTINUE_EXPIRED,
    /** A watch from a resourceVersion ended cleanly with no event right after connecting. */
    STALE_WATCH
  }

  /**
   * A list was applied to the cache and handlers have its events queued.
   *
   * @param resourceVersion the list's resourceVersion
   * @param cacheSize objects in the cache now
   * @param relist false for the informer's first list
   */
  default void onSynced(String resourceVersion, int cacheSize, boolean relist) {}

  /** The informer will list again (after a relist-budget token and a backoff), because of {@code reason}. */
  default void onRelist(RelistReason reason, String detail) {}

  /** A watch was re-established from {@code resourceVersion} without a list. */
  default void onWatchReconnected(String resourceVersion) {}

  /**
   * The informer waits {@code delay} before its next attempt.
   *
   * @param attempt failures in a row so far, 0-based (the exponent of the backoff)
   * @param cause what failed; {@code null} when a watch ended with no event and no error
   */
  default void onBackoff(Duration delay, int attempt, Throwable cause) {}

  /** The informer stopped: {@code cause} is {@code null} after {@code close()}/{@code stop()}, else the unrecoverable error. */
  default void onClosed(Throwable cause) {}
}
