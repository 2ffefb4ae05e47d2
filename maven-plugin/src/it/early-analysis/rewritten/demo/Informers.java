package demo;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;

public class Informers {
  // Rewritten after the start goal read the file: the check must report this text.
  public void start(KubernetesClient client, ResourceEventHandler<Pod> handler) {
    client.pods().inform(handler, 10_000).stop();
  }
}
