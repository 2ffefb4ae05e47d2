package io.github.informerguard.runtime;

import java.time.Instant;

/**
 * A point-in-time snapshot of a {@link GuardedInformer}.
 *
 * @param name the informer's name (also used in its thread names and metric tags)
 * @param running started and not yet stopped
 * @param watching a watch is currently established
 * @param synced the first list has been applied to the cache
 * @param lastSyncTime when the cache last caught up with the server (a list applied, or a watch
 *     event or bookmark received); {@code null} before the first list
 * @param lastSyncResourceVersion the resourceVersion the cache reflects
 * @param relists full re-lists after the first list (410 Gone, expired continue token, stale watch)
 * @param goneSeen HTTP 410 Gone responses or events seen (including expired continue tokens)
 * @param watchReconnects watches re-established from the last resourceVersion without a list
 * @param listRequests LIST requests sent (one per page)
 * @param handlerErrors exceptions thrown by event handlers (contained and logged)
 * @param indexFunctionErrors exceptions thrown by index functions (contained and logged)
 * @param pendingEvents notifications queued for handlers and not yet delivered
 * @param cacheSize objects in the cache
 * @param transformErrors objects a {@code withTransform} transform threw on or returned
 *     {@code null} for (contained and logged; the object was kept as received)
 * @param maxPendingEvents the deepest any one handler's queue has been (queues are unbounded)
 * @param handlers per handler: queue depth, its high-water mark, and delivery lag percentiles
 */
public record InformerHealth(
    String name,
    boolean running,
    boolean watching,
    boolean synced,
    Instant lastSyncTime,
    String lastSyncResourceVersion,
    long relists,
    long goneSeen,
    long watchReconnects,
    long listRequests,
    long handlerErrors,
    long indexFunctionErrors,
    long pendingEvents,
    int cacheSize,
    long transformErrors,
    long maxPendingEvents,
    java.util.List<HandlerHealth> handlers) {}
