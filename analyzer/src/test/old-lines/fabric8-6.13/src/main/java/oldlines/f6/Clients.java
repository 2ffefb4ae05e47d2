package oldlines.f6;

import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.openshift.client.OpenShiftClient;

/** The project's own factory methods. */
public final class Clients {

  private Clients() {}

  public static ClientHolder holderFor(String namespace) {
    return new ClientHolder(new KubernetesClientBuilder().build(), namespace);
  }

  public static OpenShiftClient openShift() {
    return new KubernetesClientBuilder().build().adapt(OpenShiftClient.class);
  }
}
