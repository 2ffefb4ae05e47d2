package io.github.informerguard.runtime;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import java.time.Duration;

/** Builders the fault tests share. */
final class TestInformers {
  private TestInformers() {}

  /** Pods of the test namespace; retries after 10-100 ms and an unlimited relist budget, so faults heal fast. */
  static GuardedInformerBuilder<Pod> fastRetry(KubernetesClient client, long seed) {
    return InformerGuard.builder(client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE))
        .backoff(Duration.ofMillis(10), Duration.ofMillis(100))
        .relistBudget(RelistBudget.of(100, Duration.ofMillis(1)))
        .seed(seed);
  }
}
