package io.github.informerguard.runtime;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.function.UnaryOperator;

/** Ready transforms for {@link GuardedInformerBuilder#withTransform(UnaryOperator)}. */
public final class Transforms {
  private Transforms() {}

  /**
   * Drops {@code metadata.managedFields}: the server-side-apply bookkeeping that every writer of
   * an object (kubelet, controllers, kubectl) adds an entry to, often a third of the object's
   * size, and that controllers rarely read. Objects in the cache and in handler calls then have
   * no managed fields; do not use it if you apply changes computed from cached objects with
   * server-side apply and rely on reading the managers back.
   *
   * <p>It sets one field of the object just decoded from the server, which nobody else holds
   * yet; that single assignment cannot fail half-way, so the rule that a transform must not
   * mutate its input (see {@link GuardedInformerBuilder#withTransform}) does not bite here.
   */
  public static <T extends HasMetadata> UnaryOperator<T> stripManagedFields() {
    return obj -> {
      if (obj.getMetadata() != null && obj.getMetadata().getManagedFields() != null) {
        obj.getMetadata().setManagedFields(null);
      }
      return obj;
    };
  }
}
