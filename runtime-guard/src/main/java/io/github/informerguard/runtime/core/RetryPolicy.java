package io.github.informerguard.runtime.core;

/** Decides whether a failure other than 410 Gone is retried (the shape of fabric8's {@code ExceptionHandler}). */
@FunctionalInterface
public interface RetryPolicy {
  boolean retryAfterException(boolean started, Throwable t);
}
