package io.github.informerguard.runtime.core;

import java.util.concurrent.atomic.AtomicLong;

/** The monotonic counters behind {@link InformerHealth} and the Micrometer binder. */
final class InformerCounters {
  final AtomicLong relists = new AtomicLong();
  final AtomicLong goneSeen = new AtomicLong();
  final AtomicLong watchReconnects = new AtomicLong();
  final AtomicLong listRequests = new AtomicLong();
  final AtomicLong handlerErrors = new AtomicLong();
  final AtomicLong indexFunctionErrors = new AtomicLong();
  final AtomicLong transformErrors = new AtomicLong();
}
