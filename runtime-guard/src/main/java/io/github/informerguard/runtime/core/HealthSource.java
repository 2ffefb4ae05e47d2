package io.github.informerguard.runtime.core;

import io.github.informerguard.runtime.InformerHealth;

/** An informer whose health the Micrometer binder reads: either client's guarded informer. */
public interface HealthSource {
  /** The informer's name, as used in thread names, logs and metric tags. */
  String name();

  InformerHealth health();
}
