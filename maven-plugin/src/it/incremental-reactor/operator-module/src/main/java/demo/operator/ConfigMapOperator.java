package demo.operator;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

public final class ConfigMapOperator implements AutoCloseable {

  private final SharedIndexInformer<ConfigMap> maps;

  public ConfigMapOperator(KubernetesClient client, ResourceEventHandler<ConfigMap> handler) {
    maps = client.configMaps().inform(handler, Local.MILLIS);
  }

  @Override
  public void close() {
    maps.close();
  }
}
