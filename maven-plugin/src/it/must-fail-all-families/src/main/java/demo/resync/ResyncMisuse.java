package demo.resync;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.concurrent.TimeUnit;

/** Family "resync": periods short enough to replay the whole cache every few seconds. */
public final class ResyncMisuse implements AutoCloseable {

  private static final long THIRTY_SECONDS = 30 * 1000L;

  private final SharedIndexInformer<Pod> pods;
  private final SharedIndexInformer<ConfigMap> configMaps;
  private final SharedIndexInformer<Secret> secrets;
  private final SharedIndexInformer<Pod> relaxed;

  public ResyncMisuse(KubernetesClient client, ResourceEventHandler<Pod> podHandler,
      ResourceEventHandler<ConfigMap> configMapHandler, ResourceEventHandler<Secret> secretHandler) {
    pods = client.pods().inNamespace("default").inform(podHandler, THIRTY_SECONDS); // violation: ShortResyncPeriod
    configMaps = client.configMaps()
        .withLabel("app", "web")
        .inform(configMapHandler, TimeUnit.SECONDS.toMillis(10)); // violation: ShortResyncPeriod
    secrets = client.secrets().inform(secretHandler, ResyncPeriods.FAST);           // violation: ShortResyncPeriod
    relaxed = client.pods().inform(podHandler, ResyncPeriods.RELAXED);
  }

  @Override
  public void close() {
    pods.close();
    configMaps.close();
    secrets.close();
    relaxed.close();
  }
}
