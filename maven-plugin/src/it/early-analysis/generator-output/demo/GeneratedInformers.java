package demo;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;

public class GeneratedInformers {
  public void start(KubernetesClient client, ResourceEventHandler<Pod> handler) {
    client.pods().inform(handler, 30_000).stop();
  }
}
