package oldlines.f5;

import io.fabric8.kubernetes.client.DefaultKubernetesClient;
import io.fabric8.kubernetes.client.NamespacedKubernetesClient;

/** The project's own factory: code elsewhere calls clientFor(url).pods()... */
public final class Clients {

  private Clients() {}

  public static NamespacedKubernetesClient clientFor(String masterUrl) {
    return new DefaultKubernetesClient(masterUrl);
  }
}
