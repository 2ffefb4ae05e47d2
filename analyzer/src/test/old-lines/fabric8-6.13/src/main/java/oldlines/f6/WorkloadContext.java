package oldlines.f6;

import io.fabric8.kubernetes.client.KubernetesClient;
import lombok.Data;

/**
 * A mutable Lombok holder: class-level @Data generates getClient(), so the DSL chains that
 * PodReconciler starts from it type only if the analyzer knows what @Data generates.
 */
@Data
public class WorkloadContext {
  private KubernetesClient client;
  private String namespace;
}
