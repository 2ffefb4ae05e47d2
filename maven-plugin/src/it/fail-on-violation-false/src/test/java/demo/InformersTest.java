package demo;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;

class InformersTest {

  void fastResync(KubernetesClient client, ResourceEventHandler<Pod> handler) {
    client.pods().inform(handler, 2_000).close();
  }
}
