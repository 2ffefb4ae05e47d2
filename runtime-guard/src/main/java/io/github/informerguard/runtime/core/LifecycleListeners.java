package io.github.informerguard.runtime.core;

import io.github.informerguard.runtime.InformerLifecycleListener;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The builder's listeners as one, each call contained (see {@link UserCode}) and counted. */
final class LifecycleListeners implements InformerLifecycleListener {
  private static final Logger LOG = LoggerFactory.getLogger(LifecycleListeners.class);

  private final List<InformerLifecycleListener> listeners;
  private final String informerName;
  private final AtomicLong errors;

  LifecycleListeners(List<InformerLifecycleListener> listeners, String informerName, AtomicLong errors) {
    this.listeners = List.copyOf(listeners);
    this.informerName = informerName;
    this.errors = errors;
  }

  private void each(String event, Consumer<InformerLifecycleListener> call) {
    for (InformerLifecycleListener l : listeners) {
      try {
        call.accept(l);
      } catch (Throwable e) {
        UserCode.rethrowIfFatal(e);
        errors.incrementAndGet();
        LOG.warn("informer-guard {}: lifecycle listener {} threw on {}", informerName, l.getClass().getName(),
            event, e);
      }
    }
  }

  @Override
  public void onSynced(String resourceVersion, int cacheSize, boolean relist) {
    each("onSynced", l -> l.onSynced(resourceVersion, cacheSize, relist));
  }

  @Override
  public void onRelist(RelistReason reason, String detail) {
    each("onRelist", l -> l.onRelist(reason, detail));
  }

  @Override
  public void onWatchReconnected(String resourceVersion) {
    each("onWatchReconnected", l -> l.onWatchReconnected(resourceVersion));
  }

  @Override
  public void onBackoff(Duration delay, int attempt, Throwable cause) {
    each("onBackoff", l -> l.onBackoff(delay, attempt, cause));
  }

  @Override
  public void onClosed(Throwable cause) {
    each("onClosed", l -> l.onClosed(cause));
  }
}
