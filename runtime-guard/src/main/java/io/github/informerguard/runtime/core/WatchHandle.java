package io.github.informerguard.runtime.core;

/** An open watch; {@link #close()} may be called from any thread, more than once. */
@FunctionalInterface
public interface WatchHandle extends AutoCloseable {
  @Override
  void close();
}
