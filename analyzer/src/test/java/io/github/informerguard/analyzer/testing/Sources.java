package io.github.informerguard.analyzer.testing;

/** Source texts that tests in several packages analyze. */
public final class Sources {

  private Sources() {}

  /**
   * A class (name it with {@code formatted}) in package {@code p} with two resync findings, on
   * lines 9 and 10, column 19, in every mode.
   */
  public static final String SHORT_RESYNC = """
      package p;

      import io.fabric8.kubernetes.client.KubernetesClient;
      import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
      import io.fabric8.kubernetes.api.model.Pod;

      class %s {
        void start(KubernetesClient client, ResourceEventHandler<Pod> h) {
          client.pods().inform(h, 30_000);
          client.pods().inform(h, 20_000);
        }
      }
      """;
}
