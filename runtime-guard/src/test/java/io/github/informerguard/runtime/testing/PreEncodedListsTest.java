package io.github.informerguard.runtime.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodList;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The benchmark's pre-encoded and uncopied list modes serve what the ordinary mode serves, page for page. */
class PreEncodedListsTest {
  private static List<PodList> pages(KubernetesClient client) {
    List<PodList> pages = new ArrayList<>();
    String cont = null;
    do {
      PodList page = client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE)
          .list(new ListOptionsBuilder().withLimit(3L).withContinue(cont).build());
      pages.add(page);
      cont = page.getMetadata().getContinue();
    } while (cont != null && !cont.isEmpty());
    return pages;
  }

  @Test
  void preEncodedPagesMatchTheOrdinaryEncodingAndFollowUpdates() {
    assertServesTheOrdinaryPages(server -> server.preEncodedLists(true));
  }

  @Test
  void uncopiedPagesMatchTheOrdinaryEncodingAndFollowUpdates() {
    assertServesTheOrdinaryPages(server -> server.copyListedPods(false));
  }

  private static void assertServesTheOrdinaryPages(java.util.function.Consumer<FaultInjectingApiServer> mode) {
    try (FaultInjectingApiServer server = new FaultInjectingApiServer(); KubernetesClient client = server.newClient()) {
      for (int i = 0; i < 7; i++) {
        server.create("pod-" + i, Map.of("i", Integer.toString(i)));
      }
      List<PodList> ordinary = pages(client);
      mode.accept(server);
      List<PodList> other = pages(client);
      assertThat(other).hasSize(3);
      for (int p = 0; p < 3; p++) {
        assertThat(other.get(p).getItems()).isEqualTo(ordinary.get(p).getItems());
        assertThat(other.get(p).getMetadata().getResourceVersion())
            .isEqualTo(ordinary.get(p).getMetadata().getResourceVersion());
        assertThat(other.get(p).getKind()).isEqualTo(ordinary.get(p).getKind());
        assertThat(other.get(p).getApiVersion()).isEqualTo(ordinary.get(p).getApiVersion());
      }
      assertThat(other.get(2).getMetadata().getContinue()).isNull();
      // a pod updated after it was listed (or encoded) is served as it is now
      server.update("pod-1", Map.of("i", "changed"));
      Pod listed = pages(client).get(0).getItems().get(1);
      assertThat(listed.getMetadata().getLabels()).containsEntry("i", "changed");
    }
  }
}
