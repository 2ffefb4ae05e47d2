package p;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.api.model.Pod;

sealed interface Shape permits Circle, Square {}
record Circle(double r) implements Shape {}
record Square(double side) implements Shape {}

class J21 {
  static final String TEXT = """
      client.pods().inform(h, 1000);
      """;

  double area(Shape s) {
    return switch (s) {
      case Circle c when c.r() > 10 -> 0;
      case Circle(double r) -> Math.PI * r * r;
      case Square(var side) -> side * side;
    };
  }

  void start(KubernetesClient client, ResourceEventHandler<Pod> h) {
    client.pods().inform(h, 10_000);
    try {
      Thread.sleep(1);
    } catch (InterruptedException _) {
      area(new Square(1));
    }
  }
}
