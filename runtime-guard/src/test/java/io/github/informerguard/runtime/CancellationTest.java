package io.github.informerguard.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.Poll;
import io.github.informerguard.runtime.testing.Threads;
import io.github.informerguard.runtime.testing.ViewHandler;
import io.github.informerguard.runtime.testing.WithFaultServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@WithFaultServer
class CancellationTest {
  private FaultInjectingApiServer server; // set and closed by @WithFaultServer
  private KubernetesClient client;

  @BeforeEach
  void setUp() {
    server.create("pod-0", Map.of());
  }

  private GuardedInformerBuilder<Pod> builder() {
    return InformerGuard.builder(client.pods().inNamespace(FaultInjectingApiServer.NAMESPACE))
        .backoff(Duration.ofMillis(10), Duration.ofMillis(100));
  }

  /** Sleeps through interrupts until released: the worst kind of handler. */
  static final class InterruptSwallowingHandler implements ResourceEventHandler<Pod> {
    final CountDownLatch entered = new CountDownLatch(1);
    final AtomicBoolean release = new AtomicBoolean();
    final AtomicBoolean sawInterrupt = new AtomicBoolean();

    // the handler under test misbehaves on purpose: close() must stay bounded even against it
    @SuppressWarnings("informer-guard:InterruptSwallowed")
    @Override
    public void onAdd(Pod obj) {
      entered.countDown();
      while (!release.get()) {
        try {
          Thread.sleep(20);
        } catch (InterruptedException e) {
          sawInterrupt.set(true); // swallowed on purpose
        }
      }
    }

    @Override
    public void onUpdate(Pod oldObj, Pod newObj) {}

    @Override
    public void onDelete(Pod obj, boolean deletedFinalStateUnknown) {}
  }

  @Test
  void closeLeavesNoInformerThreadAndCompletesStopped() throws Exception {
    Set<Thread> before = Threads.live();
    GuardedInformer<Pod> informer = builder().name("leakcheck").build();
    informer.addEventHandler(new ViewHandler());
    informer.addEventHandlerWithResyncPeriod(new ViewHandler(), Duration.ofMinutes(10).toMillis());
    informer.start().toCompletableFuture().join();
    Poll.until(informer::isWatching, () -> "watching");
    assertThat(Threads.newSince(before, "informer-guard-leakcheck-"))
        .contains("informer-guard-leakcheck-reflector", "informer-guard-leakcheck-handler-1",
            "informer-guard-leakcheck-handler-2", "informer-guard-leakcheck-resync");
    informer.close();
    informer.close(); // idempotent
    assertThat(informer.stopped().toCompletableFuture()).isCompletedWithValue(null);
    assertThat(informer.isRunning()).isFalse();
    Poll.until(() -> Threads.newSince(before, "informer-guard-").isEmpty(),
        () -> "no informer thread left, still: " + Threads.newSince(before, "informer-guard-"));
    Poll.until(() -> server.openWatches() == 0, () -> "watch closed at the server");
    assertThatThrownBy(informer::start).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void interruptSwallowingHandlerCannotHoldCloseBeyondTheBoundedWait() throws Exception {
    Set<Thread> before = Threads.live();
    GuardedInformer<Pod> informer = builder().name("stuck").closeTimeout(Duration.ofMillis(200)).build();
    InterruptSwallowingHandler stuck = new InterruptSwallowingHandler();
    ViewHandler other = new ViewHandler();
    informer.addEventHandler(stuck);
    informer.addEventHandler(other);
    informer.start().toCompletableFuture().join();
    stuck.entered.await();
    Poll.until(() -> other.adds.get() == 1, () -> "the other handler is not held up by the stuck one");

    CompletableFuture<Void> closing = CompletableFuture.runAsync(informer::close);
    // close() must return although the handler is still inside onAdd, ignoring interrupts
    closing.get(Poll.DEFAULT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
    assertThat(stuck.release.get()).isFalse();
    assertThat(stuck.sawInterrupt.get()).isTrue();
    assertThat(informer.stopped().toCompletableFuture()).isCompletedWithValue(null);
    assertThat(Threads.newSince(before, "informer-guard-stuck-")).containsExactly("informer-guard-stuck-handler-1");

    stuck.release.set(true);
    Poll.until(() -> Threads.newSince(before, "informer-guard-").isEmpty(),
        () -> "handler thread exits once the handler returns: " + Threads.newSince(before, "informer-guard-"));
  }

  @Test
  void startCompletesExceptionallyWhenClosedBeforeSyncEvenDuringASlowList() {
    server.slowLists(Duration.ofSeconds(20));
    Set<Thread> before = Threads.live();
    GuardedInformer<Pod> informer = builder().name("slow").build();
    CompletableFuture<Void> started = informer.start().toCompletableFuture();
    Poll.until(() -> server.lists().size() == 1, () -> "list in flight");
    informer.close();
    assertThat(started).isCompletedExceptionally();
    assertThat(informer.stopped().toCompletableFuture()).isCompletedWithValue(null);
    assertThat(informer.hasSynced()).isFalse();
    Poll.until(() -> Threads.newSince(before, "informer-guard-").isEmpty(),
        () -> "reflector left the in-flight list: " + Threads.newSince(before, "informer-guard-"));
  }

  @Test
  void closeDuringABackoffWaitEndsTheWaitAndTheThreads() {
    server.failNextLists(1, 500, 0);
    Set<Thread> before = Threads.live();
    List<Duration> backoffs = new CopyOnWriteArrayList<>();
    GuardedInformer<Pod> informer = builder().name("backing-off").backoff(Duration.ofMinutes(1), Duration.ofMinutes(1))
        .seed(3).lifecycleListener(new InformerLifecycleListener() {
          @Override
          public void onBackoff(Duration delay, int attempt, Throwable cause) {
            backoffs.add(delay);
          }
        }).build();
    informer.start();
    Poll.until(() -> !backoffs.isEmpty(), () -> "a backoff wait");
    assertThat(backoffs.get(0)).isGreaterThan(Duration.ofSeconds(15)); // seeded draw: the wait outlives the poll below
    informer.close();
    assertThat(informer.stopped().toCompletableFuture()).isCompletedWithValue(null);
    Poll.until(Duration.ofSeconds(10), () -> Threads.newSince(before, "informer-guard-").isEmpty(),
        () -> "reflector left its backoff wait: " + Threads.newSince(before, "informer-guard-"));
  }

  @Test
  void closeWhileWaitingForARelistTokenEndsTheWaitAndTheThreads() {
    RelistBudget exhausted = RelistBudget.of(1, Duration.ofMinutes(1));
    GuardedInformer<Pod> informer = builder().name("waiting-for-token").relistBudget(exhausted).build();
    Set<Thread> before = Threads.live();
    informer.start();
    Poll.until(() -> server.openWatches() == 1, () -> "watching");
    server.goneToAllWatches(); // first relist takes the only token
    Poll.until(() -> informer.health().relists() == 1 && server.openWatches() == 1, () -> "relisted once");
    server.goneToAllWatches(); // the second waits a minute for the next token
    Poll.until(() -> informer.health().relists() == 2 && exhausted.available() < 0, () -> "waiting for a token");
    informer.close();
    Poll.until(Duration.ofSeconds(10), () -> Threads.newSince(before, "informer-guard-").isEmpty(),
        () -> "reflector left the budget wait: " + Threads.newSince(before, "informer-guard-"));
    assertThat(exhausted.available()).isGreaterThan(-0.5); // its reservation was given back
  }

  @Test
  void stoppedCompletesExceptionallyOnUnrecoverableError() {
    server.failNextLists(1, 403, 0);
    GuardedInformer<Pod> informer = builder().build();
    CompletableFuture<Void> started = informer.start().toCompletableFuture();
    Poll.until(() -> informer.stopped().toCompletableFuture().isDone(), () -> "stopped");
    assertThat(informer.stopped().toCompletableFuture()).isCompletedExceptionally();
    assertThat(started).isCompletedExceptionally();
    assertThat(informer.isRunning()).isFalse();
    assertThatThrownBy(() -> informer.stopped().toCompletableFuture().join())
        .hasCauseInstanceOf(KubernetesClientException.class);
  }

  @Test
  void exceptionHandlerCanOnlyBeSetBeforeStart() {
    GuardedInformer<Pod> informer = builder().build();
    informer.exceptionHandler((started, t) -> true);
    informer.start().toCompletableFuture().join();
    assertThatThrownBy(() -> informer.exceptionHandler((s, t) -> false)).isInstanceOf(KubernetesClientException.class);
    assertThatThrownBy(() -> informer.itemStore(null)).isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("ItemStore");
    informer.close();
  }

  @Test
  void runBlocksUntilSyncedAndInformStartsWithSafeDefaults() {
    ViewHandler h = new ViewHandler();
    try (GuardedInformer<Pod> informer = InformerGuard.inform(client.pods(), h)) {
      assertThat(informer.isRunning()).isTrue();
      Poll.until(informer::hasSynced, () -> "synced");
      assertThat(informer.getApiTypeClass()).isEqualTo(Pod.class);
      assertThat(informer.name()).isEqualTo("pods");
    }
    GuardedInformer<Pod> second = builder().build();
    second.run();
    assertThat(second.hasSynced()).isTrue();
    second.close();
  }
}
