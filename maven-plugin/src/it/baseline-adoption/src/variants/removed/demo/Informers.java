package demo;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

class Informers {
  /** Added later: a field and comments above the legacy code move it down. */
  private final String name = "informers";

  SharedIndexInformer<Pod> pods(KubernetesClient client, ResourceEventHandler<Pod> h) {
    return client.pods().inform(h, 30_000L);
  }

  SharedIndexInformer<Secret> secrets(KubernetesClient client, ResourceEventHandler<Secret> h) {
    return client.secrets().inform(h, 10_000L);
  }
}
