package oldlines.f4;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapList;
import io.fabric8.kubernetes.api.model.ListOptions;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.dsl.base.OperationContext;
import io.fabric8.kubernetes.client.informers.ListerWatcher;
import io.fabric8.kubernetes.client.informers.SharedInformerEventListener;
import io.fabric8.kubernetes.client.informers.impl.DefaultSharedIndexInformer;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Informers built by hand with the 4.13 constructor (Class, ListerWatcher, long resync, OperationContext,
 * ConcurrentLinkedQueue): the third argument is the resync period, as in the 4-argument constructor of later lines.
 */
class HandBuiltInformers {

  private static final long TWENTY_SECONDS = 20_000L;

  private final KubernetesClient client;
  private final ConcurrentLinkedQueue<SharedInformerEventListener> listeners = new ConcurrentLinkedQueue<>();
  private DefaultSharedIndexInformer<ConfigMap, ConfigMapList> quick;
  private DefaultSharedIndexInformer<ConfigMap, ConfigMapList> quiet;
  private DefaultSharedIndexInformer<ConfigMap, ConfigMapList> slow;

  HandBuiltInformers(KubernetesClient client) {
    this.client = client;
  }

  void build(String ns) {
    quick = new DefaultSharedIndexInformer<>(ConfigMap.class, lister(ns), TWENTY_SECONDS, new OperationContext(), listeners); // violation: ShortResyncPeriod
    quiet = new DefaultSharedIndexInformer<>(ConfigMap.class, lister(ns), 0L, new OperationContext(), listeners);
    slow = new DefaultSharedIndexInformer<>(ConfigMap.class, lister(ns), 30 * 60 * 1000L, new OperationContext(), listeners);
  }

  void stop() {
    quick.stop();
    quiet.stop();
    slow.stop();
  }

  private ListerWatcher<ConfigMap, ConfigMapList> lister(String ns) {
    return new ListerWatcher<ConfigMap, ConfigMapList>() {
      @Override
      public Watch watch(ListOptions options, String namespace, OperationContext context, Watcher<ConfigMap> watcher) {
        return client.configMaps().inNamespace(ns).watch(watcher);
      }

      @Override
      public ConfigMapList list(ListOptions options, String namespace, OperationContext context) {
        return client.configMaps().inNamespace(ns).list();
      }
    };
  }
}
