package io.github.informerguard.runtime.core;

import io.github.informerguard.runtime.HandlerHealth;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One handler's ordered queue and the daemon thread that drains it. A slow or stuck handler
 * only delays its own queue. A handler that throws is counted and logged and keeps receiving.
 */
final class HandlerQueue<T> {
  private static final Logger LOG = LoggerFactory.getLogger(HandlerQueue.class);

  /** {@code arrivedNanos}: when the event reached the informer (watch event or list page received). */
  private sealed interface Notification<T> {
    long arrivedNanos();
  }

  private record Added<T>(T obj, long arrivedNanos) implements Notification<T> {}

  private record Updated<T>(T oldObj, T newObj, long arrivedNanos) implements Notification<T> {}

  private record Deleted<T>(T obj, boolean finalStateUnknown, long arrivedNanos) implements Notification<T> {}

  private record BeforeList<T>(String resourceVersion, long arrivedNanos) implements Notification<T> {}

  private record ListDone<T>(String resourceVersion, boolean remainedEmpty, long arrivedNanos)
      implements Notification<T> {}

  private record Poison<T>(long arrivedNanos) implements Notification<T> {}

  private final Object handler; // the user's handler: identity for removal, class name for logs
  private final EventSink<? super T> sink;
  private final long resyncPeriodMillis;
  private final AtomicLong errors;
  private final String informerName;
  // unbounded on purpose: a bound would have to block the reflector (every handler would wait for
  // the slowest) or drop events (the handler's view would diverge); maxPending shows how far it grew
  private final LinkedBlockingQueue<Notification<T>> queue = new LinkedBlockingQueue<>();
  private final AtomicLong maxPending = new AtomicLong();
  // written by this queue's thread only, read by health()
  private final LagHistogram lag = new LagHistogram();
  private final Thread thread;
  private volatile boolean stopping; // set once by stop() (any thread), read by the queue's thread before each delivery
  private volatile ScheduledFuture<?> resyncTask;

  HandlerQueue(Object handler, EventSink<? super T> sink, long resyncPeriodMillis, String informerName,
      String threadName, AtomicLong errors) {
    this.handler = handler;
    this.sink = sink;
    this.resyncPeriodMillis = resyncPeriodMillis;
    this.informerName = informerName;
    this.errors = errors;
    this.thread = new Thread(this::drain, threadName);
    this.thread.setDaemon(true);
  }

  Object handler() {
    return handler;
  }

  long resyncPeriodMillis() {
    return resyncPeriodMillis;
  }

  Thread thread() {
    return thread;
  }

  void resyncTask(ScheduledFuture<?> task) {
    this.resyncTask = task;
  }

  void start() {
    if (thread.getState() == Thread.State.NEW) {
      thread.start();
    }
  }

  int pending() {
    return queue.size();
  }

  void added(T obj, long arrivedNanos) {
    offer(new Added<>(obj, arrivedNanos));
  }

  void updated(T oldObj, T newObj, long arrivedNanos) {
    offer(new Updated<>(oldObj, newObj, arrivedNanos));
  }

  void deleted(T obj, boolean finalStateUnknown, long arrivedNanos) {
    offer(new Deleted<>(obj, finalStateUnknown, arrivedNanos));
  }

  void beforeList(String resourceVersion, long arrivedNanos) {
    offer(new BeforeList<>(resourceVersion, arrivedNanos));
  }

  void listDone(String resourceVersion, boolean remainedEmpty, long arrivedNanos) {
    offer(new ListDone<>(resourceVersion, remainedEmpty, arrivedNanos));
  }

  private void offer(Notification<T> n) {
    if (!stopping) {
      queue.add(n);
      long size = queue.size();
      if (size > maxPending.get()) {
        maxPending.accumulateAndGet(size, Math::max);
      }
    }
  }

  HandlerHealth health() {
    return new HandlerHealth(thread.getName(), queue.size(), maxPending.get(), lag.count(), lag.quantile(0.5),
        lag.quantile(0.95), lag.quantile(0.99), lag.max());
  }

  /** Stops delivery: queued notifications are dropped and the thread is interrupted. */
  void stop() {
    stopping = true;
    ScheduledFuture<?> task = resyncTask;
    if (task != null) {
      task.cancel(false);
    }
    queue.clear();
    queue.add(new Poison<>(0));
    if (thread.isAlive() && thread != Thread.currentThread()) {
      thread.interrupt();
    }
  }

  private void drain() {
    try {
      while (!stopping) {
        Notification<T> n = queue.take();
        if (n instanceof Poison<T> || stopping) {
          break;
        }
        deliver(n);
        // a handler that restored its own interrupt flag must not end delivery; only stop() does,
        // and it sets stopping before it interrupts
        if (Thread.interrupted() && stopping) {
          break;
        }
      }
    } catch (InterruptedException e) {
      // stop() interrupted the wait: this thread, which the queue owns, ends its run
      Thread.currentThread().interrupt();
    } finally {
      queue.clear();
    }
  }

  private void deliver(Notification<T> n) {
    try {
      if (n instanceof Added<T> a) {
        sink.onAdd(a.obj());
      } else if (n instanceof Updated<T> u) {
        sink.onUpdate(u.oldObj(), u.newObj());
      } else if (n instanceof Deleted<T> d) {
        sink.onDelete(d.obj(), d.finalStateUnknown());
      } else if (n instanceof BeforeList<T> b) {
        sink.onBeforeList(b.resourceVersion());
      } else if (n instanceof ListDone<T> l) {
        sink.onList(l.resourceVersion(), l.remainedEmpty());
      }
    } catch (Throwable e) {
      UserCode.rethrowIfFatal(e);
      errors.incrementAndGet();
      LOG.warn("informer-guard {}: handler {} threw on {}; the informer keeps running",
          informerName, handler.getClass().getName(), n.getClass().getSimpleName(), e);
    } finally {
      lag.record(System.nanoTime() - n.arrivedNanos());
    }
  }
}
