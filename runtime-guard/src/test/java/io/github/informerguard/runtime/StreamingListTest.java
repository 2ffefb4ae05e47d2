package io.github.informerguard.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.Poll;
import io.github.informerguard.runtime.testing.ViewHandler;
import io.github.informerguard.runtime.testing.WithFaultServer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code streamingList()}: the (re)list as a WatchList stream, and the fall back to pages when the server will not stream. */
@WithFaultServer
class StreamingListTest {
  private FaultInjectingApiServer server; // set and closed by @WithFaultServer
  private KubernetesClient client;
  private GuardedInformer<Pod> informer;
  private final ViewHandler view = new ViewHandler();

  @BeforeEach
  void setUp() {
    for (int i = 0; i < 5; i++) {
      server.create("pod-" + i, Map.of("app", "a"));
    }
  }

  private void startAndSync(GuardedInformerBuilder<Pod> builder) throws Exception {
    informer = builder.build();
    informer.addEventHandler(view);
    informer.start().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  private List<FaultInjectingApiServer.Request> streamingRequests() {
    return server.watchRequests().stream().filter(r -> "true".equals(r.query().get("sendInitialEvents"))).toList();
  }

  @Test
  void syncsFromTheStreamedInitialEventsWithoutAnyListRequest() throws Exception {
    String listedAt = Long.toString(server.currentResourceVersion());
    startAndSync(TestInformers.fastRetry(client, 3).streamingList());
    assertThat(server.lists()).isEmpty();
    FaultInjectingApiServer.Request first = server.watchRequests().get(0);
    assertThat(first.query()).containsEntry("sendInitialEvents", "true")
        .containsEntry("resourceVersionMatch", "NotOlderThan").containsEntry("allowWatchBookmarks", "true")
        .doesNotContainKey("resourceVersion");
    assertThat(informer.lastSyncResourceVersion()).isEqualTo(listedAt);
    assertThat(informer.getStore().list()).hasSize(5);
    // start() completes when the cache holds the list; the handler's thread may still be delivering the adds
    Poll.until(() -> view.view().equals(server.objectVersions()), () -> "the handler saw the list: " + view.view());
    // then an ordinary watch from the end bookmark's resourceVersion carries the changes
    Poll.until(() -> server.watchRequests().size() >= 2 && server.openWatches() == 1, () -> "watching after the stream");
    assertThat(server.watchRequests().get(1).query()).containsEntry("resourceVersion", listedAt)
        .doesNotContainKey("sendInitialEvents");
    server.create("pod-new", Map.of());
    server.delete("pod-0");
    Poll.until(() -> view.view().equals(server.objectVersions()), () -> "the handler saw the changes");
  }

  @Test
  void aRelistAfterGoneIsStreamedAgain() throws Exception {
    startAndSync(TestInformers.fastRetry(client, 4).streamingList());
    // the stream's own watch is closed once synced: wait for the ordinary watch that replaces it
    Poll.until(() -> server.watchesOpened() == 2 && server.openWatches() == 1, () -> "watching after the stream");
    server.compact();
    server.goneToAllWatches();
    Poll.until(() -> informer.health().relists() == 1 && streamingRequests().size() == 2 && server.openWatches() == 1,
        () -> "re-streamed after the 410: " + server.watchRequests());
    assertThat(server.lists()).isEmpty();
    server.update("pod-1", Map.of("app", "b"));
    Poll.until(() -> view.view().equals(server.objectVersions()), () -> "the handler is up to date");
  }

  @Test
  void aRefusedStreamFallsBackToPaginatedListsForGood() throws Exception {
    server.refuseStreamingLists(422);
    startAndSync(TestInformers.fastRetry(client, 5).streamingList());
    assertThat(streamingRequests()).hasSize(1);
    assertThat(server.lists()).hasSize(1);
    assertThat(informer.stopped().toCompletableFuture()).isNotDone();
    // start() completes when the cache holds the list; the handler's thread may still be delivering the adds
    Poll.until(() -> view.view().equals(server.objectVersions()), () -> "the handler saw the list: " + view.view());
    Poll.until(() -> server.watchesOpened() == 1 && server.openWatches() == 1, () -> "watching after the list");
    server.compact();
    server.goneToAllWatches();
    Poll.until(() -> server.lists().size() == 2 && server.openWatches() == 1, () -> "re-listed in pages after the 410");
    assertThat(streamingRequests()).hasSize(1);
  }

  @Test
  void aServerThatIgnoresSendInitialEventsIsDetectedAndPaged() throws Exception {
    server.ignoreStreamingLists();
    informer = TestInformers.fastRetry(client, 6).streamingList().build();
    informer.addEventHandler(view);
    informer.start();
    Poll.until(() -> server.openWatches() == 1, () -> "the stream is open");
    assertThat(informer.hasSynced()).isFalse();
    // an older server's watch: the objects, then plain bookmarks and changes, never the end bookmark
    server.sendBookmarks();
    informer.start().toCompletableFuture().get(30, TimeUnit.SECONDS);
    assertThat(server.lists()).hasSize(1);
    assertThat(streamingRequests()).hasSize(1);
    // start() completes when the cache holds the list; the handler's thread may still be delivering the adds
    Poll.until(() -> view.view().equals(server.objectVersions()), () -> "the handler saw the list: " + view.view());
  }
}
