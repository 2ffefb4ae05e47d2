package io.github.informerguard.runtime.core;

import io.github.informerguard.runtime.HandlerHealth;
import io.github.informerguard.runtime.InformerHealth;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Instant;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * Micrometer meters for a guarded informer of either client, the same figures as its
 * {@code health()}, tagged {@code informer=<name>}. Micrometer is an optional dependency: only
 * code that uses this class needs it on the classpath. fabric8 users know it as
 * {@code GuardedInformerMetrics}.
 *
 * <pre>{@code new InformerMeterBinder(informer).bindTo(registry);}</pre>
 */
public class InformerMeterBinder implements MeterBinder {
  private final HealthSource informer;
  private final Tags tags;

  public InformerMeterBinder(HealthSource informer, Tag... extraTags) {
    this.informer = Objects.requireNonNull(informer, "informer");
    this.tags = Tags.of("informer", informer.name()).and(extraTags);
  }

  @Override
  public final void bindTo(MeterRegistry registry) {
    counter(registry, "informer.guard.relists", "Full re-lists after the first list", InformerHealth::relists);
    counter(registry, "informer.guard.gone", "HTTP 410 Gone seen (lists, watches, continue tokens)",
        InformerHealth::goneSeen);
    counter(registry, "informer.guard.watch.reconnects", "Watches resumed without a list",
        InformerHealth::watchReconnects);
    counter(registry, "informer.guard.list.requests", "LIST requests (pages) sent", InformerHealth::listRequests);
    counter(registry, "informer.guard.handler.errors", "Exceptions thrown by event handlers",
        InformerHealth::handlerErrors);
    counter(registry, "informer.guard.index.errors", "Exceptions thrown by index functions",
        InformerHealth::indexFunctionErrors);
    counter(registry, "informer.guard.transform.errors", "Objects a transform threw on (kept as received)",
        InformerHealth::transformErrors);
    gauge(registry, "informer.guard.pending.events", "Notifications queued for handlers",
        h -> h.pendingEvents());
    gauge(registry, "informer.guard.pending.events.max", "Deepest any handler queue has been (queues are unbounded)",
        h -> h.maxPendingEvents());
    gauge(registry, "informer.guard.cache.size", "Objects in the cache", h -> h.cacheSize());
    // per handler registered at bind time (bind after adding handlers), tagged with its thread name
    for (HandlerHealth handler : informer.health().handlers()) {
      String id = handler.handler();
      handlerGauge(registry, id, "informer.guard.handler.lag.seconds", "p50", h -> seconds(h.lagP50()));
      handlerGauge(registry, id, "informer.guard.handler.lag.seconds", "p95", h -> seconds(h.lagP95()));
      handlerGauge(registry, id, "informer.guard.handler.lag.seconds", "p99", h -> seconds(h.lagP99()));
      handlerGauge(registry, id, "informer.guard.handler.lag.seconds", "max", h -> seconds(h.lagMax()));
      handlerGauge(registry, id, "informer.guard.handler.pending", null, h -> h.pending());
      handlerGauge(registry, id, "informer.guard.handler.pending.max", null, h -> h.maxPending());
    }
    gauge(registry, "informer.guard.synced", "1 once the first list is applied", h -> h.synced() ? 1 : 0);
    gauge(registry, "informer.guard.watching", "1 while a watch is established", h -> h.watching() ? 1 : 0);
    gauge(registry, "informer.guard.last.sync.age.seconds", "Seconds since the cache last caught up",
        h -> {
          Instant t = h.lastSyncTime();
          return t == null ? Double.NaN : (System.currentTimeMillis() - t.toEpochMilli()) / 1000.0;
        });
  }

  private void handlerGauge(MeterRegistry registry, String handlerId, String name, String quantile,
      ToDoubleFunction<HandlerHealth> f) {
    Tags t = tags.and("handler", handlerId);
    if (quantile != null) {
      t = t.and("quantile", quantile);
    }
    Gauge.builder(name, informer, i -> i.health().handlers().stream().filter(h -> h.handler().equals(handlerId))
            .mapToDouble(f).findFirst().orElse(Double.NaN))
        .description("Per handler: delivery lag (event arrival to handler return) and queue depth")
        .tags(t).register(registry);
  }

  private static double seconds(java.time.Duration d) {
    return d.toNanos() / 1e9;
  }

  private void counter(MeterRegistry registry, String name, String description,
      ToDoubleFunction<InformerHealth> f) {
    FunctionCounter.builder(name, informer, i -> f.applyAsDouble(i.health()))
        .description(description).tags(tags).register(registry);
  }

  private void gauge(MeterRegistry registry, String name, String description,
      ToDoubleFunction<InformerHealth> f) {
    Gauge.builder(name, informer, i -> f.applyAsDouble(i.health()))
        .description(description).tags(tags).register(registry);
  }
}
