package io.github.informerguard.runtime;

import io.github.informerguard.runtime.core.InformerMeterBinder;
import io.micrometer.core.instrument.Tag;

/**
 * Micrometer meters for a {@link GuardedInformer}, the same figures as
 * {@link GuardedInformer#health()}, tagged {@code informer=<name>}. Micrometer is an optional
 * dependency: only code that uses this class needs it on the classpath. The meters are the
 * core's {@link InformerMeterBinder}, which binds the client-java informers too.
 *
 * <pre>{@code new GuardedInformerMetrics(informer).bindTo(registry);}</pre>
 */
public final class GuardedInformerMetrics extends InformerMeterBinder {
  public GuardedInformerMetrics(GuardedInformer<?> informer, Tag... extraTags) {
    super(informer, extraTags);
  }
}
