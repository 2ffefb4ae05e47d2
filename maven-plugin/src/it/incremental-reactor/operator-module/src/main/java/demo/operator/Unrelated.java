package demo.operator;

import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

public final class Unrelated implements AutoCloseable {

  private final SharedIndexInformer<Secret> secrets;

  public Unrelated(KubernetesClient client, ResourceEventHandler<Secret> handler) {
    secrets = client.secrets().inform(handler, 0);
  }

  @Override
  public void close() {
    secrets.close();
  }
}
