package io.github.informerguard.runtime.clientjava;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.runtime.InformerLifecycleListener;
import io.github.informerguard.runtime.RelistBudget;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.Poll;
import io.github.informerguard.runtime.testing.TcpFaultProxy;
import io.github.informerguard.runtime.testing.Threads;
import io.kubernetes.client.informer.ResourceEventHandler;
import io.kubernetes.client.informer.SharedIndexInformer;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1Pod;
import io.kubernetes.client.openapi.models.V1PodList;
import io.kubernetes.client.util.ClientBuilder;
import io.kubernetes.client.util.generic.GenericKubernetesApi;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The client-java guard's paginated list pipeline over real HTTP, for both forms whose requests
 * the guard sends itself (a {@code CallGenerator} and a {@link GenericKubernetesApi}): the next
 * page is asked for as soon as the current page's continue token has arrived (its metadata), not
 * after its items, and never more than one page ahead of the page being applied; closing with two
 * pages in flight cancels both; a prefetched page that fails, or whose continue token has
 * expired, is handled like any failing page. The proxy holds each LIST body after its metadata,
 * as a slow link in the middle of a large page would. (fabric8's side: {@code ListPipelineTest}.)
 */
class ClientJavaListPipelineTest {
  private static final String NS = FaultInjectingApiServer.NAMESPACE;
  private static final Duration SHORT = Duration.ofSeconds(10);

  private final Set<Thread> threadsBefore = Threads.live();
  private FaultInjectingApiServer server;
  private TcpFaultProxy proxy;
  private ApiClient client;
  private GuardedInformerFactory factory;
  private final AtomicInteger adds = new AtomicInteger();
  private final List<InformerLifecycleListener.RelistReason> relists = new CopyOnWriteArrayList<>();

  @BeforeEach
  void setUp() {
    server = new FaultInjectingApiServer();
    for (int i = 0; i < 5; i++) {
      server.create("pod-" + i, Map.of("app", "a"));
    }
    proxy = new TcpFaultProxy(server.streamingUri());
    // no read timeout: only a cancelled call ends a held body
    client = new ClientBuilder().setBasePath(proxy.url().replaceAll("/$", "")).setReadTimeout(Duration.ZERO).build();
    factory = new GuardedInformerFactory(client).pageSize(2).relistBudget(RelistBudget.of(100, Duration.ofMillis(1)))
        .backoff(Duration.ofMillis(10), Duration.ofMillis(100)).seed(1)
        .lifecycleListener(new InformerLifecycleListener() {
          @Override
          public void onRelist(RelistReason reason, String detail) {
            relists.add(reason);
          }
        });
  }

  @AfterEach
  void tearDown() {
    factory.stopAllRegisteredInformers();
    proxy.close();
    server.close();
  }

  /** Five pods in pages of two (three pages), through the form named {@code form}, started. */
  private GuardedSharedIndexInformer<V1Pod> startPaged(String form) {
    SharedIndexInformer<V1Pod> informer;
    if (form.equals("CallGenerator")) {
      CoreV1Api api = new CoreV1Api(client);
      informer = factory.sharedIndexInformerFor(params -> api.listNamespacedPod(NS)
          .resourceVersion(params.resourceVersion).timeoutSeconds(params.timeoutSeconds).watch(params.watch)
          .buildCall(null), V1Pod.class, V1PodList.class);
    } else {
      informer = factory.sharedIndexInformerFor(
          new GenericKubernetesApi<>(V1Pod.class, V1PodList.class, "", "v1", "pods", client), V1Pod.class, 0, NS);
    }
    informer.addEventHandler(new ResourceEventHandler<>() {
      @Override
      public void onAdd(V1Pod obj) {
        adds.incrementAndGet();
      }

      @Override
      public void onUpdate(V1Pod oldObj, V1Pod newObj) {}

      @Override
      public void onDelete(V1Pod obj, boolean deletedFinalStateUnknown) {}
    });
    factory.startAllRegisteredInformers();
    return (GuardedSharedIndexInformer<V1Pod>) informer;
  }

  private List<String> continueTokens() {
    return server.lists().stream().map(r -> r.query().get("continue")).toList();
  }

  private Set<String> listThreads() {
    return Threads.newSince(threadsBefore, "informer-guard-").stream().filter(n -> n.endsWith("-list"))
        .collect(Collectors.toSet());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"CallGenerator", "GenericKubernetesApi"})
  void asksForTheNextPageOnceTheContinueTokenIsInAndStaysOnePageAhead(String form) throws Exception {
    proxy.holdListBodies();
    GuardedSharedIndexInformer<V1Pod> informer = startPaged(form);
    // page 2 is requested while page 1's items are still held in the proxy
    Poll.until(SHORT, () -> server.lists().size() == 2, () -> "the second page requested, lists " + continueTokens());
    assertThat(informer.getIndexer().list()).isEmpty();
    assertThat(continueTokens().get(0)).isNull();
    assertThat(continueTokens().get(1)).isNotBlank();
    Poll.until(SHORT, () -> proxy.heldListBodies() == 2, () -> "both bodies held after their metadata");
    // page 3's token is in (page 2's metadata), but page 1 is not applied yet: no third page
    Thread.sleep(300);
    assertThat(server.lists()).hasSize(2);
    assertThat(Threads.live().stream().filter(t -> t.getName().endsWith("-list") && !threadsBefore.contains(t)))
        .as("one list thread per page in flight").hasSize(2);
    proxy.releaseListBodies();
    informer.start().get(30, TimeUnit.SECONDS);
    assertThat(server.lists()).hasSize(3);
    assertThat(continueTokens().get(2)).isNotBlank().isNotEqualTo(continueTokens().get(1));
    assertThat(informer.getIndexer().listKeys()).hasSize(5);
    Poll.until(SHORT, () -> adds.get() == 5, () -> adds.get() + " adds");
    Poll.until(SHORT, () -> listThreads().isEmpty(), () -> "list threads ended after the sync: " + listThreads());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"CallGenerator", "GenericKubernetesApi"})
  void closeWhileTwoPagesAreInFlightCancelsBothAndLeavesNoThreadOrRequest(String form) throws Exception {
    proxy.holdListBodies();
    GuardedSharedIndexInformer<V1Pod> informer = startPaged(form);
    CompletableFuture<Void> started = informer.start();
    Poll.until(SHORT, () -> proxy.heldListBodies() == 2, () -> "two pages in flight, held after their metadata");
    informer.stop();
    Poll.until(SHORT, () -> Threads.newSince(threadsBefore, "informer-guard-").isEmpty(),
        () -> "informer threads left: " + Threads.newSince(threadsBefore, "informer-guard-"));
    assertThat(started).isCompletedExceptionally();
    // both calls were cancelled, not left to be read to their end: their connections are closed
    Poll.until(SHORT, () -> proxy.openConnections() == 0, () -> proxy.openConnections() + " connections still open");
    proxy.releaseListBodies();
    // nothing arrives after the close: no third page, no watch, nothing in the cache
    Thread.sleep(300);
    assertThat(server.lists()).hasSize(2);
    assertThat(server.watchRequests()).isEmpty();
    assertThat(adds.get()).isZero();
    assertThat(informer.getIndexer().list()).isEmpty();
  }

  @ParameterizedTest(name = "{0}, HTTP {1}")
  @CsvSource({"CallGenerator, 500", "GenericKubernetesApi, 500", "CallGenerator, 410", "GenericKubernetesApi, 410"})
  void aFailingOrExpiredPrefetchedPageRestartsTheListFromTheFirstPage(String form, int code) throws Exception {
    server.failNextContinuedLists(1, code);
    GuardedSharedIndexInformer<V1Pod> informer = startPaged(form);
    informer.start().get(30, TimeUnit.SECONDS);
    // first page, its prefetched successor (500, or 410: its continue token expired), then the whole list again
    assertThat(continueTokens()).hasSize(5);
    assertThat(continueTokens().get(0)).isNull();
    assertThat(continueTokens().get(1)).isNotNull();
    assertThat(continueTokens().get(2)).isNull();
    assertThat(informer.health().listRequests()).isEqualTo(5);
    if (code == 410) {
      assertThat(relists).containsExactly(InformerLifecycleListener.RelistReason.CONTINUE_EXPIRED);
      assertThat(informer.health().goneSeen()).isEqualTo(1);
    } else {
      assertThat(relists).isEmpty();
      assertThat(informer.health().goneSeen()).isZero();
    }
    Poll.until(SHORT, () -> adds.get() == 5, () -> adds.get() + " adds");
    assertThat(informer.getIndexer().listKeys()).hasSize(5);
  }
}
