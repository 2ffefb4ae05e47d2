package io.github.informerguard.runtime;

import java.time.Duration;

/**
 * One handler's delivery figures, part of {@link InformerHealth}. Lag is the time from an
 * event's arrival at the informer (the watch event or list page received) to the return of the
 * handler call that consumed it, so it includes the time the event waited in the handler's
 * queue behind slower calls.
 *
 * @param handler the handler's thread name, {@code informer-guard-<name>-handler-<n>}
 * @param pending notifications queued and not yet delivered
 * @param maxPending the most notifications ever queued at once (the queue is unbounded: this is
 *     how far it grew)
 * @param delivered handler calls returned (normally or by throwing)
 * @param lagP50 median lag; percentiles are at most 12.5% above the true value
 * @param lagP95 95th percentile lag
 * @param lagP99 99th percentile lag
 * @param lagMax largest lag seen
 */
public record HandlerHealth(
    String handler,
    long pending,
    long maxPending,
    long delivered,
    Duration lagP50,
    Duration lagP95,
    Duration lagP99,
    Duration lagMax) {}
