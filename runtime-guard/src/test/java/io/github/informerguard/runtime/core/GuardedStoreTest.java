package io.github.informerguard.runtime.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class GuardedStoreTest {
  private final AtomicLong indexErrors = new AtomicLong();
  /** The store knows no client; the tests' objects are fabric8 pods, keyed as fabric8 keys them. */
  private static final ObjectAccess<Pod> PODS = new ObjectAccess<>() {
    @Override
    public String key(Pod obj) {
      return Cache.metaNamespaceKeyFunc(obj);
    }

    @Override
    public String resourceVersion(Pod obj) {
      return obj.getMetadata().getResourceVersion();
    }
  };

  private final GuardedStore<Pod> store = new GuardedStore<>("test", indexErrors, PODS);

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

  /** Every index entry points to a cached key, and each key is in an index at most once per value. */
  private void assertNoStaleEntries() {
    Set<String> cached = Set.copyOf(store.listKeys());
    store.indexSnapshot().forEach((name, idx) -> idx.forEach((value, keys) -> {
      assertThat(keys).as("%s=%s", name, value).isNotEmpty();
      assertThat(cached).as("%s=%s", name, value).containsAll(keys);
    }));
  }

  private int entries(String index) {
    return store.indexSnapshot().get(index).values().stream().mapToInt(Set::size).sum();
  }

  @Test
  void storedValuesAreReEncodedWhenIndexersAreAddedAndRemovedAtRuntime() {
    AtomicInteger a = new AtomicInteger();
    AtomicInteger b = new AtomicInteger();
    store.addIndexers(Map.of("a", p -> List.of("a" + a.incrementAndGet())));
    store.upsert(pod("p1", "1", "n1"));
    store.upsert(pod("p2", "2", "n1"));
    store.upsert(pod("p3", "3", "n2"));
    // two indexes at once (1 -> 3 indexers); "b" is impure and multi-valued
    Map<String, java.util.function.Function<Pod, List<String>>> more = new java.util.LinkedHashMap<>();
    more.put("b", p -> List.of("b" + b.incrementAndGet(), "shared", "shared"));
    more.put("node", p -> List.of(p.getSpec().getNodeName()));
    store.addIndexers(more);
    assertThat(store.getIndexers().keySet()).containsExactly("a", "b", "node");
    assertThat(store.storedValues("ns/p1")).containsExactly(
        Map.entry("a", List.of("a1")), Map.entry("b", List.of("b1", "shared")), Map.entry("node", List.of("n1")));
    assertThat(store.indexKeys("b", "shared")).containsExactlyInAnyOrder("ns/p1", "ns/p2", "ns/p3");

    // drop the middle one (3 -> 2): the values stored for "a" and "node" must stay aligned
    store.removeIndexer("b");
    assertThat(store.storedValues("ns/p1")).containsExactly(Map.entry("a", List.of("a1")), Map.entry("node", List.of("n1")));
    store.upsert(pod("p1", "4", "n2"));
    store.delete(pod("p2", "5", "n1"), false);
    assertThat(entries("a")).isEqualTo(2);
    assertThat(store.indexKeys("a", "a1")).isEmpty();
    assertThat(store.indexKeys("node", "n1")).isEmpty();
    assertThat(store.indexKeys("node", "n2")).containsExactlyInAnyOrder("ns/p1", "ns/p3");
    assertNoStaleEntries();

    // 2 -> 1 -> 0 -> 1 indexers
    store.removeIndexer("a");
    assertThat(store.storedValues("ns/p3")).containsExactly(Map.entry("node", List.of("n2")));
    store.delete(pod("p3", "6", "n2"), false);
    assertThat(store.indexKeys("node", "n2")).containsExactly("ns/p1");
    store.removeIndexer("node");
    store.removeIndexer("node"); // unknown: ignored
    assertThat(store.storedValues("ns/p1")).isEmpty();
    store.upsert(pod("p4", "7", "n3"));
    store.addIndexers(Map.of("a", p -> List.of("a" + a.incrementAndGet())));
    assertThat(store.storedValues("ns/p4")).hasSize(1);
    store.replaceAll(List.of(pod("p4", "8", "n3")));
    assertThat(store.listKeys()).containsExactly("ns/p4");
    assertThat(entries("a")).isEqualTo(1);
    assertNoStaleEntries();
  }

  @Test
  void addIndexersIsAllOrNothing() {
    store.addIndexers(Map.of("node", p -> List.of(p.getSpec().getNodeName())));
    store.upsert(pod("a", "1", "n1"));
    Map<String, java.util.function.Function<Pod, List<String>>> conflicting = new java.util.LinkedHashMap<>();
    conflicting.put("fresh", p -> List.of("x"));
    conflicting.put("node", p -> List.of("y"));
    assertThatThrownBy(() -> store.addIndexers(conflicting)).isInstanceOf(IllegalArgumentException.class);
    assertThat(store.getIndexers().keySet()).containsExactly("node");
    assertThat(store.storedValues("ns/a")).containsExactly(Map.entry("node", List.of("n1")));
  }

  @Test
  void bucketsGrowShrinkAndDisappearAndMultiValuedLookupsReturnEachObjectOnce() {
    store.addIndexers(Map.of(
        "node", p -> List.of(p.getSpec().getNodeName()),
        "multi", p -> p.getMetadata().getName().startsWith("m") ? List.of("x", "y") : List.of("y")));
    for (int i = 0; i < 200; i++) {
      store.upsert(pod("p" + i, Integer.toString(i), "n1"));
    }
    store.upsert(pod("m", "1000", "n2"));
    assertThat(store.indexKeys("node", "n1")).hasSize(200);
    assertThat(store.index("multi", pod("m", "0", "ignored"))).hasSize(201).doesNotHaveDuplicates();
    assertThat(store.byIndex("multi", "x")).extracting(p -> p.getMetadata().getName()).containsExactly("m");
    for (int i = 0; i < 199; i++) {
      store.delete(pod("p" + i, "x", "n1"), false);
    }
    assertThat(store.indexKeys("node", "n1")).containsExactly("ns/p199");
    assertThat(store.indexKeys("multi", "y")).containsExactlyInAnyOrder("ns/p199", "ns/m");
    store.delete(pod("p199", "x", "n1"), false);
    store.delete(pod("m", "x", "n2"), false);
    assertThat(store.indexSnapshot().get("node")).isEmpty();
    assertThat(store.indexSnapshot().get("multi")).isEmpty();
    assertThat(store.size()).isZero();
  }
}
