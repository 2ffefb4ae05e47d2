package demo;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.concurrent.TimeUnit;

/** Informers with resync off or long, both closed with their owner. */
public final class PodWatcher implements AutoCloseable {

  private static final long RESYNC = TimeUnit.MINUTES.toMillis(10);

  private final SharedIndexInformer<Pod> pods;
  private final SharedIndexInformer<ConfigMap> configMaps;

  public PodWatcher(KubernetesClient client, ResourceEventHandler<Pod> podHandler,
      ResourceEventHandler<ConfigMap> configMapHandler, long resyncFromConfig) {
    pods = client.pods().inNamespace("default").inform(podHandler, 0);
    configMaps = client.configMaps().inform(configMapHandler, RESYNC);
    client.secrets().runnableInformer(resyncFromConfig).close();
  }

  @Override
  public void close() {
    pods.close();
    configMaps.close();
  }
}
