package demo.operator;

import demo.settings.Resync;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

public final class PodOperator implements AutoCloseable {

  private final SharedIndexInformer<Pod> pods;

  public PodOperator(KubernetesClient client, ResourceEventHandler<Pod> handler) {
    pods = client.pods().inform(handler, Resync.MILLIS);
  }

  @Override
  public void close() {
    pods.close();
  }
}
