package io.github.informerguard.runtime;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.api.model.ListOptions;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.dsl.FilterWatchListDeletable;

/** The two transport calls the reflector needs, taken from a fabric8 DSL operation. */
interface ListWatch<T extends HasMetadata> {
  KubernetesResourceList<T> list(ListOptions options);

  Watch watch(ListOptions options, Watcher<T> watcher);

  static <T extends HasMetadata, L extends KubernetesResourceList<T>> ListWatch<T> of(
      FilterWatchListDeletable<T, L, ?> resources) {
    return new ListWatch<>() {
      @Override
      public KubernetesResourceList<T> list(ListOptions options) {
        return resources.list(options);
      }

      @Override
      public Watch watch(ListOptions options, Watcher<T> watcher) {
        return resources.watch(options, watcher);
      }
    };
  }
}
