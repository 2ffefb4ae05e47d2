package oldlines.f6;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import lombok.Getter;
import lombok.experimental.Accessors;

/**
 * A process-wide holder with Lombok fluent accessors: {@code Platform.current()} is the static getter
 * that {@code @Getter} on the static field generates, {@code kubernetes()} the fluent getter of the
 * client field. Chains started from them type only if the analyzer knows both.
 */
@Getter
@Accessors(fluent = true)
public class Platform {

  @Getter
  private static Platform current;

  private final KubernetesClient kubernetes;
  private final String namespace;

  public Platform(String namespace) {
    this.kubernetes = new KubernetesClientBuilder().build();
    this.namespace = namespace;
    current = this;
  }
}
