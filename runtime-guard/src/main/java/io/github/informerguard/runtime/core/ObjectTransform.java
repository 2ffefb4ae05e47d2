package io.github.informerguard.runtime.core;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The user's transform ({@code withTransform}), applied by the reflector thread to every object
 * received (list items and watch events) before the store and the handlers see it. A transform
 * that throws or returns {@code null} is counted and logged, and the object is kept as received:
 * an event is never lost to a transform. That fallback is why a transform must not mutate its
 * input: a half-done change would be cached as if it were the server's object.
 */
final class ObjectTransform<T> {
  private static final Logger LOG = LoggerFactory.getLogger(ObjectTransform.class);

  private final UnaryOperator<T> transform;
  private final String informerName;
  private final AtomicLong errors;

  ObjectTransform(UnaryOperator<T> transform, String informerName, AtomicLong errors) {
    this.transform = transform;
    this.informerName = informerName;
    this.errors = errors;
  }

  /** Runs on the reflector thread only. */
  T apply(T received) {
    if (transform == null || received == null) {
      return received;
    }
    try {
      T out = transform.apply(received);
      if (out != null) {
        return out;
      }
      errors.incrementAndGet();
      LOG.warn("informer-guard {}: transform returned null; the object is kept as received", informerName);
    } catch (Throwable e) {
      UserCode.rethrowIfFatal(e);
      errors.incrementAndGet();
      LOG.warn("informer-guard {}: transform threw; the object is kept as received", informerName, e);
    }
    return received;
  }
}
