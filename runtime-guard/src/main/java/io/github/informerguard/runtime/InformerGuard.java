package io.github.informerguard.runtime;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.client.dsl.FilterWatchListDeletable;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import java.lang.reflect.Method;

/**
 * Entry points. Pass what {@code client.pods()}, {@code client.pods().inNamespace(ns)},
 * {@code client.resources(X.class)} or a label-filtered form of them return:
 *
 * <pre>{@code
 * try (GuardedInformer<Pod> pods = InformerGuard.inform(client.pods().inNamespace(ns), handler)) {
 *   ...
 * }
 * }</pre>
 */
public final class InformerGuard {
  private InformerGuard() {}

  /** A builder for a not-yet-started informer over {@code resources}. */
  public static <T extends HasMetadata, L extends KubernetesResourceList<T>> GuardedInformerBuilder<T> builder(
      FilterWatchListDeletable<T, L, ?> resources) {
    return new GuardedInformerBuilder<>(ListWatch.of(resources), apiTypeOf(resources));
  }

  /**
   * Builds an informer with the safe defaults (no resync, paginated consistent lists, jittered
   * backoff, shared relist budget), adds {@code handler} and starts it. Does not wait for the
   * first sync: use {@code start()}'s future or {@code hasSynced()}.
   */
  public static <T extends HasMetadata, L extends KubernetesResourceList<T>> GuardedInformer<T> inform(
      FilterWatchListDeletable<T, L, ?> resources, ResourceEventHandler<? super T> handler) {
    GuardedInformer<T> informer = builder(resources).build();
    informer.addEventHandler(handler);
    informer.start();
    return informer;
  }

  /**
   * fabric8's DSL objects know their resource class ({@code BaseOperation.getType()}) but the
   * interfaces do not expose it; read it reflectively and let the builder's {@code apiType}
   * cover anything else.
   */
  @SuppressWarnings("unchecked")
  private static <T> Class<T> apiTypeOf(Object resources) {
    try {
      Method m = resources.getClass().getMethod("getType");
      Object type = m.invoke(resources);
      return type instanceof Class<?> c ? (Class<T>) c : null;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }
}
