package io.github.informerguard.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.github.informerguard.runtime.core.Ticker;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.Poll;
import io.github.informerguard.runtime.testing.RecordingTicker;
import io.github.informerguard.runtime.testing.TcpFaultProxy;
import io.github.informerguard.runtime.testing.Threads;
import io.github.informerguard.runtime.testing.ViewHandler;
import io.github.informerguard.runtime.testing.WithFaultServer;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One test per fault the guard used to lose to (issue 12, bugs 1-6), each over real HTTP against
 * the fault-injecting server, some through a TCP proxy that resets connections or holds a
 * watch handshake.
 */
@WithFaultServer(throughProxy = true)
class FaultRegressionTest {
  private static final Duration SHORT = Duration.ofSeconds(10);

  private FaultInjectingApiServer server; // set and closed by @WithFaultServer
  private TcpFaultProxy proxy;
  private KubernetesClient client;
  private GuardedInformer<Pod> informer;
  private final ViewHandler view = new ViewHandler();

  @BeforeEach
  void setUp() {
    for (int i = 0; i < 3; i++) {
      server.create("pod-" + i, Map.of("app", "a"));
    }
  }

  private GuardedInformerBuilder<Pod> builder() {
    return TestInformers.fastRetry(client, 42);
  }

  private void startAndSync(GuardedInformerBuilder<Pod> b) throws Exception {
    informer = b.build();
    informer.addEventHandler(view);
    informer.start().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  private void awaitConverged() {
    Poll.until(SHORT, () -> view.view().equals(server.objectVersions()),
        () -> "handler view " + view.view() + " to equal the server's " + server.objectVersions());
  }

  /** Throws a checked exception from code that does not declare it, as Kotlin and Lombok's @SneakyThrows do. */
  @SuppressWarnings("unchecked")
  static <E extends Throwable> RuntimeException sneaky(Throwable t) throws E {
    throw (E) t;
  }

  // ---------------------------------------------------------------- bug 1

  @Test
  void closeDuringAHeldWatchHandshakeLeavesNoLiveWatch() throws Exception {
    proxy.holdWatchHandshakes();
    startAndSync(builder().closeTimeout(Duration.ofMillis(200)));
    Poll.until(SHORT, () -> proxy.heldHandshakes() == 1, () -> "the watch handshake held in the proxy");
    informer.close();
    proxy.releaseWatchHandshakes();
    Poll.until(SHORT, () -> server.watchesOpened() == 1, () -> "the held watch opened on the server");
    // the watch fabric8 was opening when close() came must be closed, not left open and reconnecting
    Poll.until(SHORT, () -> server.openWatches() == 0, () -> "no open watch after close(), had " + server.openWatches());
    Poll.until(SHORT, () -> Threads.newSince(Set.of(), "informer-guard-pods-reflector").isEmpty(),
        () -> "the reflector thread ended");
  }

  // ---------------------------------------------------------------- bug 2

  /** The waits the reflector asked its ticker for, in order. */
  private static List<Long> waitsOf(RecordingTicker ticker) {
    return List.copyOf(ticker.sleptMillis);
  }

  @Test
  void tooManyRequestsOnTheWatchHandshakeWithOnlyARetryAfterHeaderIsHonoured() throws Exception {
    RecordingTicker ticker = new RecordingTicker();
    server.failWatchHandshakes(1, 429, 7);
    startAndSync(builder().ticker(ticker));
    Poll.until(SHORT, () -> server.watchRequests().size() >= 2, () -> "the watch retried after the 429");
    // backoff is capped at 100 ms here: only the header's 7 s explains a longer wait; the second
    // watch request comes after that (recorded) wait, never before it
    assertThat(waitsOf(ticker)).hasSize(1);
    assertThat(waitsOf(ticker).get(0)).isGreaterThanOrEqualTo(7_000);
    assertThat(informer.health().relists()).isZero();
  }

  @Test
  void tooManyRequestsOnTheWatchHandshakeWithoutRetryAfterWaitsTheOneSecondFloor() throws Exception {
    RecordingTicker ticker = new RecordingTicker();
    server.failWatchHandshakes(1, 429);
    startAndSync(builder().ticker(ticker));
    Poll.until(SHORT, () -> server.watchRequests().size() >= 2, () -> "the watch retried after the 429");
    assertThat(waitsOf(ticker)).hasSize(1);
    // the core's least pause for a 429/503 whose wait the client did not pass on: one second
    assertThat(waitsOf(ticker).get(0)).isBetween(1_000L, 2_000L);
  }

  @Test
  void tooManyRequestsOnListWithOnlyARetryAfterHeaderIsHonoured() throws Exception {
    RecordingTicker ticker = new RecordingTicker();
    server.failNextLists(1, 429, 5, true);
    startAndSync(builder().ticker(ticker));
    assertThat(server.lists()).hasSize(2);
    assertThat(waitsOf(ticker)).hasSize(1);
    assertThat(waitsOf(ticker).get(0)).isGreaterThanOrEqualTo(5_000);
  }

  // ---------------------------------------------------------------- bug 3

  @Test
  void handlerThrowingAnUndeclaredCheckedExceptionIsCountedAndKeepsReceiving() throws Exception {
    ViewHandler sneakyHandler = new ViewHandler() {
      @Override
      public void onAdd(Pod obj) {
        super.onAdd(obj);
        if (obj.getMetadata().getName().equals("bad")) {
          throw sneaky(new IOException("checked, undeclared"));
        }
      }
    };
    startAndSync(builder());
    informer.addEventHandler(sneakyHandler);
    server.create("bad", Map.of());
    server.create("good", Map.of());
    Poll.until(SHORT, () -> sneakyHandler.view().equals(server.objectVersions()),
        () -> "the handler still receives after throwing, saw " + sneakyHandler.view());
    // pendingEvents sums every handler's queue: the handler registered at start-up may still be
    // delivering the same two events on a loaded machine, so wait for the queues to drain (a queue the
    // throw wedged would never drain, and this poll would fail)
    Poll.until(SHORT, () -> informer.health().pendingEvents() == 0,
        () -> "every handler queue drains after the throw, pending " + informer.health().pendingEvents());
    assertThat(informer.health().handlerErrors()).isEqualTo(1);
  }

  // ---------------------------------------------------------------- bug 4

  @Test
  void indexFunctionThrowingAnUndeclaredCheckedExceptionIsCountedAndTheObjectStored() throws Exception {
    startAndSync(builder().withIndex("byName", p -> {
      if (p.getMetadata().getName().equals("bad")) {
        throw sneaky(new IOException("checked, undeclared"));
      }
      return List.of(p.getMetadata().getName());
    }));
    server.create("bad", Map.of());
    server.create("good", Map.of());
    awaitConverged();
    assertThat(informer.getStore().getByKey(FaultInjectingApiServer.NAMESPACE + "/bad")).isNotNull();
    assertThat(informer.getIndexer().byIndex("byName", "good")).hasSize(1);
    assertThat(informer.health().indexFunctionErrors()).isEqualTo(1);
    assertThat(informer.health().relists()).isZero();
  }

  // ---------------------------------------------------------------- bug 5

  @Test
  void tcpResetSoonAfterConnectingResumesWithoutAList() throws Exception {
    startAndSync(builder());
    Poll.until(SHORT, () -> server.openWatches() == 1, () -> "watch open");
    int lists = server.lists().size();
    String resumeFrom = informer.lastSyncResourceVersion();
    assertThat(proxy.resetWatchConnections()).isEqualTo(1);
    server.update("pod-1", Map.of("v", "2"));
    awaitConverged();
    Poll.until(SHORT, () -> informer.health().watchReconnects() >= 1, () -> "a watch reconnect");
    assertThat(informer.health().relists()).isZero();
    assertThat(server.lists()).hasSize(lists);
    assertThat(server.watchRequests().get(1).query().get("resourceVersion")).isEqualTo(resumeFrom);
  }

  // ---------------------------------------------------------------- bug 6

  @Test
  void aSuccessfulListResetsTheBackoffExponent() throws Exception {
    RecordingTicker ticker = new RecordingTicker();
    server.failNextLists(10, 500, 0);
    server.failWatchHandshakes(1, 500);
    startAndSync(builder().backoff(Duration.ofMillis(100), Duration.ofSeconds(60)).ticker(ticker));
    Poll.until(SHORT, () -> server.watchRequests().size() >= 2, () -> "the watch retried");
    assertThat(ticker.sleptMillis).hasSizeGreaterThanOrEqualTo(11);
    // waits 1-10 follow the failed lists; wait 11 follows the first failure after the list succeeded,
    // so it is drawn from [0, base], not from [0, base * 2^10]
    assertThat(ticker.sleptMillis.get(10)).isLessThanOrEqualTo(100);
  }
}
