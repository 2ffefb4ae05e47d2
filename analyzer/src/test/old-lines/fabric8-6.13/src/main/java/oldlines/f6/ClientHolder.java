package oldlines.f6;

import io.fabric8.kubernetes.client.KubernetesClient;
import lombok.Value;

/** A Lombok value holder: getClient() is generated. */
@Value
public class ClientHolder {
  KubernetesClient client;
  String namespace;
}
