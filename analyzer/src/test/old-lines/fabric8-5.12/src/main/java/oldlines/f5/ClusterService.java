package oldlines.f5;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.SharedInformerFactory;
import lombok.Getter;

/** Holds the client; callers reach it through the Lombok getter. */
@Getter
public class ClusterService {

  private final KubernetesClient client;
  private final SharedInformerFactory factory;

  public ClusterService(KubernetesClient client) {
    this.client = client;
    this.factory = client.informers();
  }
}
