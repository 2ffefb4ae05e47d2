package io.github.informerguard.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.Poll;
import io.github.informerguard.runtime.testing.ViewHandler;
import io.github.informerguard.runtime.testing.WithFaultServer;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@WithFaultServer
class ReflectorFaultTest {
  private FaultInjectingApiServer server; // set and closed by @WithFaultServer
  private KubernetesClient client;
  private GuardedInformer<Pod> informer;
  private final ViewHandler handler = new ViewHandler();

  @BeforeEach
  void setUp() {
    for (int i = 0; i < 5; i++) {
      server.create("pod-" + i, Map.of("app", "a"));
    }
  }

  private GuardedInformer<Pod> start(GuardedInformerBuilder<Pod> builder) {
    informer = builder.build();
    informer.addEventHandler(handler);
    informer.start().toCompletableFuture().join();
    return informer;
  }

  private GuardedInformerBuilder<Pod> builder() {
    return TestInformers.fastRetry(client, 42);
  }

  private Map<String, String> cache() {
    Map<String, String> m = new TreeMap<>();
    informer.getStore().list().forEach(p -> m.put(p.getMetadata().getNamespace() + "/" + p.getMetadata().getName(),
        p.getMetadata().getResourceVersion()));
    return m;
  }

  private void awaitConverged() {
    Poll.until(() -> cache().equals(server.objectVersions()) && handler.view().equals(server.objectVersions()),
        () -> "cache " + cache() + " and view " + handler.view() + " to equal server " + server.objectVersions());
  }

  @Test
  void initialListIsPaginatedAndConsistent() {
    start(builder().pageSize(2));
    assertThat(server.lists()).hasSize(3);
    assertThat(server.lists()).allSatisfy(r -> {
      assertThat(r.query().get("limit")).isEqualTo("2");
      assertThat(r.query().get("resourceVersion")).isNull();
    });
    assertThat(server.lists().get(1).query().get("continue")).isNotBlank();
    assertThat(informer.hasSynced()).isTrue();
    assertThat(informer.lastSyncResourceVersion()).isEqualTo(Long.toString(server.currentResourceVersion()));
    awaitConverged();
    Poll.until(() -> !server.watchRequests().isEmpty(), () -> "watch requested");
    assertThat(server.watchRequests()).first().satisfies(w -> {
      assertThat(w.query().get("resourceVersion")).isEqualTo(informer.lastSyncResourceVersion());
      assertThat(w.query().get("allowWatchBookmarks")).isEqualTo("true");
    });
  }

  @Test
  void eachPageReachesTheCacheAsItArrivesSoTheListIsNeverHeldWhole() {
    server.slowLists(Duration.ofMillis(300));
    informer = builder().pageSize(2).build();
    informer.addEventHandler(handler);
    informer.start();
    // the first page is applied while later pages are still on their way
    Poll.until(() -> informer.getStore().list().size() >= 2, () -> "the first page in the cache");
    assertThat(informer.hasSynced()).isFalse();
    Poll.until(informer::hasSynced, () -> "synced");
    assertThat(server.lists()).hasSize(3);
    awaitConverged();
  }

  @Test
  void watchEventsReachCacheAndHandlers() {
    start(builder());
    server.update("pod-1", Map.of("app", "b"));
    server.delete("pod-2");
    server.create("pod-9", Map.of());
    awaitConverged();
    assertThat(handler.deletes).hasValue(1);
    assertThat(informer.health().relists()).isZero();
  }

  @Test
  void goneAsWatchErrorEventRelistsAndDeliversMissedDeletes() {
    start(builder());
    Poll.until(() -> server.openWatches() == 1, () -> "watch open");
    server.dropAllWatches();
    server.failWatchHandshakes(1000, 500); // keep it disconnected while things change
    server.delete("pod-0");
    server.delete("pod-3");
    server.update("pod-1", Map.of("x", "y"));
    server.compact();
    server.failWatchHandshakes(0, 500);
    awaitConverged();
    Poll.until(() -> informer.health().relists() >= 1, () -> "a relist");
    assertThat(informer.health().goneSeen()).isGreaterThanOrEqualTo(1);
    assertThat(handler.finalStateUnknownDeletes).hasValue(2);
    var lastList = server.lists().get(server.lists().size() - 1);
    assertThat(lastList.query().get("resourceVersion")).isNull();
  }

  @Test
  void goneOnWatchHandshakeRelistsWithConsistentRead() {
    start(builder());
    Poll.until(() -> server.openWatches() == 1, () -> "watch open");
    server.failWatchHandshakes(1, 410);
    server.dropAllWatches();
    server.delete("pod-4");
    Poll.until(() -> informer.health().relists() >= 1, () -> "a relist after handshake 410");
    awaitConverged();
    assertThat(informer.health().goneSeen()).isGreaterThanOrEqualTo(1);
    assertThat(server.lists().get(server.lists().size() - 1).query().get("resourceVersion")).isNull();
  }

  @Test
  void ordinaryDisconnectResumesFromLastResourceVersionWithoutList() {
    start(builder());
    Poll.until(() -> server.openWatches() == 1, () -> "watch open");
    server.update("pod-1", Map.of("v", "2"));
    awaitConverged();
    String rvBeforeDrop = informer.lastSyncResourceVersion();
    int listsBefore = server.lists().size();
    server.dropAllWatches();
    server.update("pod-2", Map.of("v", "3"));
    awaitConverged();
    Poll.until(() -> informer.health().watchReconnects() >= 1 && server.watchRequests().size() >= 2,
        () -> "a watch reconnect");
    assertThat(server.lists()).hasSize(listsBefore);
    assertThat(informer.health().relists()).isZero();
    assertThat(server.watchRequests().get(1).query().get("resourceVersion")).isEqualTo(rvBeforeDrop);
  }

  @Test
  void cleanCloseWithoutEventsRightAfterConnectingIsTreatedAsStale() {
    start(builder());
    Poll.until(() -> server.openWatches() == 1, () -> "watch open");
    server.cleanCloseNextWatches(1);
    server.dropAllWatches();
    Poll.until(() -> informer.health().relists() >= 1, () -> "a relist after a clean close with no event");
    awaitConverged();
  }

  @Test
  void watchErrorEvent410WhileConnectedRelists() {
    start(builder());
    Poll.until(() -> server.openWatches() == 1, () -> "watch open");
    server.goneToAllWatches();
    Poll.until(() -> informer.health().relists() >= 1, () -> "a relist after an ERROR 410 event");
    assertThat(informer.health().goneSeen()).isGreaterThanOrEqualTo(1);
    awaitConverged();
  }

  @Test
  void tooManyRequestsHonoursRetryAfter() {
    server.failNextLists(1, 429, 1);
    start(builder());
    assertThat(server.lists()).hasSize(2);
    long gapMillis = (server.lists().get(1).nanoTime() - server.lists().get(0).nanoTime()) / 1_000_000;
    // backoff is capped at 100 ms in this test, so only Retry-After explains a gap of a second
    assertThat(gapMillis).isGreaterThanOrEqualTo(950);
    awaitConverged();
  }

  @Test
  void serverErrorsAreRetriedWithBackoff() {
    server.failNextLists(3, 500, 0);
    start(builder());
    assertThat(server.lists()).hasSize(4);
    awaitConverged();
    assertThat(informer.stopped().toCompletableFuture()).isNotDone();
  }

  @Test
  void expiredContinueTokenRestartsTheList() {
    server.slowLists(Duration.ofMillis(200));
    informer = builder().pageSize(2).build();
    informer.addEventHandler(handler);
    informer.start();
    Poll.until(() -> server.lists().size() >= 1, () -> "first page requested");
    server.expireContinueTokens();
    server.compact();
    server.slowLists(Duration.ZERO);
    informer.start().toCompletableFuture().join();
    assertThat(informer.health().goneSeen()).isGreaterThanOrEqualTo(1);
    assertThat(server.lists().stream().filter(r -> r.query().get("continue") == null).count())
        .isGreaterThanOrEqualTo(2);
    awaitConverged();
  }

  @Test
  void bookmarksAdvanceTheResourceVersionUsedToResume() {
    start(builder());
    Poll.until(() -> server.openWatches() == 1, () -> "watch open");
    // changes the informer does not see (other label), then a bookmark
    GuardedInformer<Pod> first = informer;
    first.close();
    informer = InformerGuard.builder(client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE).withLabel("app", "a"))
        .backoff(Duration.ofMillis(10), Duration.ofMillis(100)).build();
    informer.start().toCompletableFuture().join();
    Poll.until(() -> server.openWatches() == 1, () -> "filtered watch open");
    server.create("other", Map.of("app", "z"));
    server.sendBookmarks();
    String current = Long.toString(server.currentResourceVersion());
    Poll.until(() -> current.equals(informer.lastSyncResourceVersion()), () -> "bookmark applied");
    server.dropAllWatches();
    Poll.until(() -> server.watchRequests().size() >= 3, () -> "re-watch");
    assertThat(server.watchRequests().get(server.watchRequests().size() - 1).query().get("resourceVersion"))
        .isEqualTo(current);
    assertThat(informer.getStore().list()).hasSize(5);
    assertThat(server.watchRequests().get(2).query().get("labelSelector")).isEqualTo("app=a");
  }
}
