package demo;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;

/** Test code is not analyzed unless includeTests is set, so this short period is not reported. */
class PodWatcherTest {

  void fastResyncInATest(KubernetesClient client, ResourceEventHandler<Pod> handler) {
    client.pods().inform(handler, 1_000).close();
  }
}
