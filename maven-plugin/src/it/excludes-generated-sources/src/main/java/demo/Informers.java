package demo;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

public class Informers {
  public SharedIndexInformer<Pod> pods(KubernetesClient client, ResourceEventHandler<Pod> handler) {
    return client.pods().inform(handler, 0);
  }
}
