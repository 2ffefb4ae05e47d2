package demo.index;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Family "index functions": an index function that writes state shared across calls. */
public final class IndexMisuse {

  private final List<String> seen = new ArrayList<>();

  public void register(SharedIndexInformer<Pod> informer) {
    informer.addIndexers(Map.of("byNode", pod -> { // violation: StatefulIndexFunction
      seen.add(pod.getMetadata().getName());
      return List.of(String.valueOf(pod.getSpec().getNodeName()));
    }));
  }
}
