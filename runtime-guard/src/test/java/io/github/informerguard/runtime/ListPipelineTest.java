package io.github.informerguard.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.Poll;
import io.github.informerguard.runtime.testing.TcpFaultProxy;
import io.github.informerguard.runtime.testing.Threads;
import io.github.informerguard.runtime.testing.ViewHandler;
import io.github.informerguard.runtime.testing.WithFaultServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The paginated list's pipeline over real HTTP: the next page is asked for as soon as the
 * current page's continue token has arrived (its metadata), not after its items, and never more
 * than one page ahead of the page being applied. The proxy holds each LIST body after its
 * metadata, as a slow link in the middle of a large page would.
 */
@WithFaultServer(throughProxy = true)
class ListPipelineTest {
  private static final Duration SHORT = Duration.ofSeconds(10);

  private FaultInjectingApiServer server; // set and closed by @WithFaultServer
  private TcpFaultProxy proxy;
  private KubernetesClient client;
  private GuardedInformer<Pod> informer;
  private final ViewHandler view = new ViewHandler();

  @BeforeEach
  void setUp() {
    for (int i = 0; i < 5; i++) {
      server.create("pod-" + i, Map.of("app", "a"));
    }
  }

  /** Five pods in pages of two: three pages. */
  private GuardedInformer<Pod> startPaged(String name) {
    informer = TestInformers.fastRetry(client, 42).name(name).pageSize(2).build();
    informer.addEventHandler(view);
    informer.start();
    return informer;
  }

  private List<String> continueTokens() {
    return server.lists().stream().map(r -> r.query().get("continue")).toList();
  }

  @Test
  void asksForTheNextPageOnceTheContinueTokenIsInAndStaysOnePageAhead() throws Exception {
    Set<Thread> before = Threads.live();
    proxy.holdListBodies();
    startPaged("pipeline");
    // page 2 is requested while page 1's items are still held in the proxy
    Poll.until(SHORT, () -> server.lists().size() == 2, () -> "the second page requested, lists " + continueTokens());
    assertThat(informer.getStore().list()).isEmpty();
    assertThat(continueTokens().get(0)).isNull();
    assertThat(continueTokens().get(1)).isNotBlank();
    Poll.until(SHORT, () -> proxy.heldListBodies() == 2, () -> "both bodies held after their metadata");
    // page 3's token is in (page 2's metadata), but page 1 is not applied yet: no third page
    Thread.sleep(300);
    assertThat(server.lists()).hasSize(2);
    assertThat(Threads.live().stream().filter(t -> t.getName().equals("informer-guard-pipeline-list"))).hasSize(2);
    proxy.releaseListBodies();
    informer.start().toCompletableFuture().get(30, TimeUnit.SECONDS);
    assertThat(server.lists()).hasSize(3);
    assertThat(continueTokens().get(2)).isNotBlank().isNotEqualTo(continueTokens().get(1));
    assertThat(informer.lastSyncResourceVersion()).isEqualTo(Long.toString(server.currentResourceVersion()));
    Poll.until(SHORT, () -> view.view().equals(server.objectVersions()), () -> "view " + view.view());
    assertThat(view.adds.get()).isEqualTo(5);
    // the list threads live only while a list has a page in flight
    Poll.until(SHORT, () -> Threads.newSince(before, "informer-guard-pipeline-list").isEmpty(),
        () -> "list threads ended after the sync");
  }

  @Test
  void closeWhileTwoPagesAreInFlightCancelsBothAndLeavesNoThreadOrRequest() throws Exception {
    Set<Thread> before = Threads.live();
    proxy.holdListBodies();
    startPaged("close-in-list");
    CompletableFuture<Void> started = informer.start().toCompletableFuture();
    Poll.until(SHORT, () -> proxy.heldListBodies() == 2, () -> "two pages in flight, held after their metadata");
    informer.close();
    Poll.until(SHORT, () -> Threads.newSince(before, "informer-guard-close-in-list").isEmpty(),
        () -> "informer threads left: " + Threads.newSince(before, "informer-guard-close-in-list"));
    assertThat(started).isCompletedExceptionally();
    assertThat(informer.stopped().toCompletableFuture()).isCompleted();
    // both bodies were cancelled, not left for fabric8 to read to their end: their connections are closed
    Poll.until(SHORT, () -> proxy.openConnections() == 0, () -> proxy.openConnections() + " connections still open");
    proxy.releaseListBodies();
    // the bodies arrive after close(): they reach neither the cache nor a third request
    Thread.sleep(300);
    assertThat(server.lists()).hasSize(2);
    assertThat(server.watchRequests()).isEmpty();
    assertThat(view.adds.get()).isZero();
  }

  @ParameterizedTest(name = "HTTP {0}")
  @ValueSource(ints = {500, 410})
  void aFailingOrExpiredPrefetchedPageRestartsTheListFromTheFirstPage(int code) throws Exception {
    server.failNextContinuedLists(1, code);
    startPaged("failing-page").start().toCompletableFuture().get(30, TimeUnit.SECONDS);
    // first page, its prefetched successor (500, or 410: its continue token expired), then the whole list again
    assertThat(continueTokens()).hasSize(5);
    assertThat(continueTokens().get(0)).isNull();
    assertThat(continueTokens().get(1)).isNotNull();
    assertThat(continueTokens().get(2)).isNull();
    assertThat(informer.health().listRequests()).isEqualTo(5);
    assertThat(informer.health().goneSeen()).isEqualTo(code == 410 ? 1 : 0);
    Poll.until(SHORT, () -> view.view().equals(server.objectVersions()), () -> "view " + view.view());
    // the first page's objects were added once: listing them again changed nothing
    assertThat(view.adds.get()).isEqualTo(5);
    assertThat(view.updates.get()).isZero();
  }
}
