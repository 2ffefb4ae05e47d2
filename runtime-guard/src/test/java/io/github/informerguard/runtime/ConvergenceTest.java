package io.github.informerguard.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.Poll;
import io.github.informerguard.runtime.testing.ViewHandler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Objects are created, updated and deleted while a seeded random schedule injects every fault the
 * server knows. When the dust settles, the cache, every handler's event-built view and the
 * indexes must match the server exactly.
 */
class ConvergenceTest {

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 7, 42, 1234})
  void cacheHandlerViewsAndIndexesConvergeUnderRandomFaults(long seed) throws Exception {
    Random random = new Random(seed);
    try (FaultInjectingApiServer server = new FaultInjectingApiServer();
        KubernetesClient client = server.newClient()) {
      for (int i = 0; i < 20; i++) {
        server.create("pod-" + i, Map.of("bucket", Integer.toString(i % 3)));
      }
      // a non-deterministic index function: stored values must still be removed exactly
      AtomicInteger calls = new AtomicInteger();
      GuardedInformer<Pod> informer = InformerGuard.builder(client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE))
          .name("conv-" + seed).pageSize(4).seed(seed)
          .backoff(Duration.ofMillis(5), Duration.ofMillis(50))
          .relistBudget(RelistBudget.of(5, Duration.ofMillis(20)))
          .withIndex("bucket", p -> List.of(p.getMetadata().getLabels().getOrDefault("bucket", "none")))
          .withIndex("impure", p -> List.of("call-" + calls.incrementAndGet() % 5))
          .build();
      ViewHandler a = new ViewHandler();
      ViewHandler b = new ViewHandler();
      informer.addEventHandler(a);
      informer.addEventHandler(b);
      informer.start().toCompletableFuture().join();

      List<String> names = new ArrayList<>(server.objectVersions().keySet().stream().map(k -> k.substring(5)).toList());
      int next = 100;
      for (int step = 0; step < 150; step++) {
        int op = random.nextInt(10);
        if (op < 3 || names.isEmpty()) {
          String n = "pod-" + next++;
          server.create(n, Map.of("bucket", Integer.toString(random.nextInt(3))));
          names.add(n);
        } else if (op < 6) {
          server.update(names.get(random.nextInt(names.size())), Map.of("bucket", Integer.toString(random.nextInt(3))));
        } else if (op < 8) {
          server.delete(names.remove(random.nextInt(names.size())));
        } else {
          switch (random.nextInt(9)) {
            case 0 -> server.compact();
            case 1 -> server.goneToAllWatches();
            case 2 -> server.dropAllWatches();
            case 3 -> { server.compact(); server.dropAllWatches(); }
            case 4 -> server.failWatchHandshakes(1 + random.nextInt(2), random.nextBoolean() ? 410 : 500);
            case 5 -> server.cleanCloseNextWatches(1);
            case 6 -> server.failNextLists(1 + random.nextInt(2), 500, 0);
            case 7 -> server.sendBookmarks();
            default -> { server.expireContinueTokens(); server.compact(); server.goneToAllWatches(); }
          }
        }
        if (random.nextInt(5) == 0) {
          Thread.sleep(random.nextInt(15));
        }
      }
      server.failWatchHandshakes(0, 500);
      server.failNextLists(0, 500, 0);
      server.cleanCloseNextWatches(0);

      Map<String, String> expected = server.objectVersions();
      Poll.until(Duration.ofSeconds(60),
          () -> cache(informer).equals(expected) && a.view().equals(expected) && b.view().equals(expected),
          () -> "seed " + seed + ": cache " + diff(cache(informer), expected) + ", view a " + diff(a.view(), expected)
              + ", view b " + diff(b.view(), expected) + ", health " + informer.health());

      assertThat(informer.staleIndexEntries()).isEmpty();
      Map<String, Map<String, String>> labels = server.objectLabels();
      for (String bucket : List.of("0", "1", "2")) {
        List<String> indexed = informer.getIndexer().indexKeys("bucket", bucket).stream().sorted().toList();
        List<String> truth = labels.entrySet().stream().filter(e -> bucket.equals(e.getValue().get("bucket")))
            .map(Map.Entry::getKey).sorted().toList();
        assertThat(indexed).as("bucket %s", bucket).isEqualTo(truth);
      }
      int impureEntries = 0;
      for (int i = 0; i < 5; i++) {
        impureEntries += informer.getIndexer().indexKeys("impure", "call-" + i).size();
      }
      assertThat(impureEntries).as("one impure index entry per cached object").isEqualTo(expected.size());
      System.out.println("convergence seed " + seed + ": " + informer.health());
      informer.close();
    }
  }

  private static Map<String, String> cache(GuardedInformer<Pod> informer) {
    Map<String, String> m = new TreeMap<>();
    informer.getStore().list().forEach(p -> m.put(p.getMetadata().getNamespace() + "/" + p.getMetadata().getName(),
        p.getMetadata().getResourceVersion()));
    return m;
  }

  private static String diff(Map<String, String> actual, Map<String, String> expected) {
    Map<String, String> d = new TreeMap<>();
    expected.forEach((k, v) -> {
      if (!v.equals(actual.get(k))) {
        d.put(k, actual.get(k) + "!=" + v);
      }
    });
    actual.keySet().stream().filter(k -> !expected.containsKey(k)).forEach(k -> d.put(k, "extra"));
    return d.isEmpty() ? "ok" : d.toString();
  }
}
