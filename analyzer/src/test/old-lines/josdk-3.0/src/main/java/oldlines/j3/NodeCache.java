package oldlines.j3;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

/** A node cache beside the reconcilers, on the fabric8 5.12 client JOSDK 3.0 brings: a one-minute resync. */
public class NodeCache implements AutoCloseable {

  private final SharedIndexInformer<Node> informer;

  public NodeCache(KubernetesClient client, ResourceEventHandler<Node> handler) {
    informer = client.nodes().inform(handler, 60_000L); // violation: ShortResyncPeriod
  }

  @Override
  public void close() {
    informer.stop();
  }
}
