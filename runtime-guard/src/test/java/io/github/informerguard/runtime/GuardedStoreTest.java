package io.github.informerguard.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class GuardedStoreTest {
  private final AtomicLong indexErrors = new AtomicLong();
  private final GuardedStore<Pod> store = new GuardedStore<>("test", indexErrors);

  private static Pod pod(String name, String rv, String node) {
    return new PodBuilder().withNewMetadata().withName(name).withNamespace("ns").withResourceVersion(rv).endMetadata()
        .withNewSpec().withNodeName(node).endSpec().build();
  }

  @Test
  void nonDeterministicIndexFunctionLeavesNoStaleEntry() {
    AtomicInteger calls = new AtomicInteger();
    store.addIndexers(Map.of("impure", p -> List.of("v" + calls.incrementAndGet())));
    store.upsert(pod("a", "1", "n1"));
    store.upsert(pod("a", "2", "n1"));
    store.upsert(pod("b", "3", "n1"));
    store.delete(pod("b", "4", "n1"), false);
    store.replaceAll(List.of(pod("a", "5", "n2"), pod("c", "6", "n2")));
    Map<String, Map<String, Set<String>>> snapshot = store.indexSnapshot();
    assertThat(snapshot.get("impure").values().stream().mapToInt(Set::size).sum()).isEqualTo(2);
    assertThat(snapshot.get("impure").values()).allSatisfy(keys -> assertThat(keys).hasSize(1));
    assertThat(snapshot.get("impure").values().stream().flatMap(Set::stream)).containsExactlyInAnyOrder("ns/a", "ns/c");
  }

  @Test
  void throwingIndexFunctionIsContainedAndObjectStillStored() {
    store.addIndexers(Map.of(
        "node", p -> List.of(p.getSpec().getNodeName()),
        "broken", p -> {
          if (p.getMetadata().getName().startsWith("x")) {
            throw new IllegalStateException("boom");
          }
          return List.of("ok");
        }));
    store.upsert(pod("x1", "1", "n1"));
    store.upsert(pod("a", "2", "n1"));
    assertThat(store.getByKey("ns/x1")).isNotNull();
    assertThat(store.byIndex("node", "n1")).hasSize(2);
    assertThat(store.byIndex("broken", "ok")).extracting(p -> p.getMetadata().getName()).containsExactly("a");
    assertThat(indexErrors).hasValue(1);
    store.delete(pod("x1", "3", "n1"), false);
    assertThat(store.byIndex("node", "n1")).hasSize(1);
  }

  @Test
  void indexFunctionsRunOnlyOnTheWriterSide() throws Exception {
    Set<String> callers = ConcurrentHashMap.newKeySet();
    store.addIndexers(Map.of("node", p -> {
      callers.add(Thread.currentThread().getName());
      return List.of(p.getSpec().getNodeName());
    }));
    Thread writer = new Thread(() -> {
      for (int i = 0; i < 50; i++) {
        store.upsert(pod("p" + i, Integer.toString(i), "n" + (i % 3)));
      }
    }, "the-writer");
    writer.start();
    writer.join();
    callers.clear();
    for (int i = 0; i < 50; i++) {
      store.byIndex("node", "n1");
      store.index("node", pod("p" + i, "x", "ignored"));
      store.indexKeys("node", "n2");
    }
    assertThat(callers).as("readers never call index functions for cached objects").isEmpty();
    assertThat(store.index("node", pod("p1", "1", "n1"))).hasSize(17);
  }

  @Test
  void addAndRemoveIndexersAfterObjectsAreStored() {
    store.upsert(pod("a", "1", "n1"));
    store.upsert(pod("b", "2", "n2"));
    store.addIndexers(Map.of("node", p -> List.of(p.getSpec().getNodeName())));
    assertThat(store.indexKeys("node", "n2")).containsExactly("ns/b");
    assertThatThrownBy(() -> store.addIndexers(Map.of("node", p -> List.of()))).isInstanceOf(IllegalArgumentException.class);
    assertThat(store.index("node", pod("unknown", "9", "n1"))).extracting(p -> p.getMetadata().getName()).containsExactly("a");
    store.removeIndexer("node");
    assertThat(store.getIndexers()).isEmpty();
    assertThatThrownBy(() -> store.byIndex("node", "n1")).isInstanceOf(IllegalArgumentException.class);
    assertThat(store.list()).hasSize(2);
    assertThat(store.listKeys()).containsExactlyInAnyOrder("ns/a", "ns/b");
    assertThat(store.get(pod("a", "0", "x")).getMetadata().getResourceVersion()).isEqualTo("1");
  }

  @Test
  void nullAndDuplicateIndexValuesAreTolerated() {
    store.addIndexers(Map.of("n", p -> null, "dup", p -> java.util.Arrays.asList("x", "x", null)));
    store.upsert(pod("a", "1", "n1"));
    assertThat(store.indexKeys("dup", "x")).containsExactly("ns/a");
    assertThat(indexErrors).hasValue(0);
  }
}
