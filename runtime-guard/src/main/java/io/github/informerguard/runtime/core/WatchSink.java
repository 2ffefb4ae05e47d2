package io.github.informerguard.runtime.core;

/**
 * Where an adapter delivers what a watch brings, from whatever thread its client uses. Every
 * method only queues; the reflector thread applies it.
 */
public interface WatchSink<T> {
  /** The watch event kinds of the Kubernetes API. */
  enum EventType { ADDED, MODIFIED, DELETED, BOOKMARK, ERROR }

  void event(EventType type, T obj);

  /**
   * The connection dropped without the server ending the watch (a reset, an I/O error). The
   * reflector resumes from the last resourceVersion without listing.
   */
  void disconnected();

  /**
   * The watch ended: {@code cause} {@code null} when the server closed it cleanly, else the
   * error (a 410 Gone ERROR event included, which the adapter's {@link ClientAdapter#classify}
   * must call {@link Failure.Kind#GONE}).
   */
  void closed(Throwable cause);
}
