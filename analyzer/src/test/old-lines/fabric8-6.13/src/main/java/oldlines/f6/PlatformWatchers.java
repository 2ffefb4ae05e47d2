package oldlines.f6;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

/** Informers started on the client of the fluent Lombok holder: one dropped, one kept and closed. */
public class PlatformWatchers implements AutoCloseable {

  private SharedIndexInformer<ConfigMap> configMaps;

  public void watchPods(ResourceEventHandler<Pod> handler) {
    Platform.current().kubernetes().pods().inNamespace(Platform.current().namespace()).inform(handler); // violation: InformerNeverStopped
  }

  public void watchConfigMaps(ResourceEventHandler<ConfigMap> handler) {
    var client = Platform.current().kubernetes();
    configMaps = client.configMaps().inNamespace(Platform.current().namespace()).inform(handler);
  }

  @Override
  public void close() {
    configMaps.close();
  }
}
