package io.github.informerguard.runtime.clientjava;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.runtime.RelistBudget;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.Poll;
import io.kubernetes.client.informer.SharedIndexInformer;
import io.kubernetes.client.informer.SharedInformerFactory;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.Configuration;
import io.kubernetes.client.openapi.models.V1Pod;
import io.kubernetes.client.openapi.models.V1PodList;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code new SharedInformerFactory(...)} becomes {@code new GuardedInformerFactory(...)} whatever
 * constructor the code calls: the list of constructors is read from the client-java jars on the
 * test's classpath (24 in the default run, 20 in the {@code client-java-old-line} run), never
 * typed here, and each one is then called on the guard and checked for its meaning: the
 * {@code ApiClient} it names (or client-java's default one) carries the informers' requests, the
 * cache flag makes a second informer of a type the first, and the pool given is the one
 * {@code stopAllRegisteredInformers(true)} shuts down.
 */
class FactoryConstructorParityTest {
  private FaultInjectingApiServer server;
  private ClientJavaServer cj;
  private ApiClient defaultBefore;
  private final List<SharedInformerFactory> factories = new ArrayList<>();

  @BeforeEach
  void setUp() {
    server = new FaultInjectingApiServer();
    cj = new ClientJavaServer(server);
    for (int i = 0; i < 3; i++) {
      server.create("pod-" + i, Map.of());
    }
    defaultBefore = Configuration.getDefaultApiClient();
  }

  @AfterEach
  void tearDown() {
    factories.forEach(f -> f.stopAllRegisteredInformers(true));
    Configuration.setDefaultApiClient(defaultBefore);
    server.close();
  }

  private static List<Constructor<?>> publicConstructors(Class<?> type) {
    return Arrays.stream(type.getConstructors()).filter(c -> Modifier.isPublic(c.getModifiers())).toList();
  }

  @Test
  void everyPublicConstructorOfTheClientsFactoryExistsOnTheGuardDeprecatedWhereTheClientDeprecatesIt()
      throws Exception {
    List<Constructor<?>> clients = publicConstructors(SharedInformerFactory.class);
    // both lines have the no-argument, ApiClient and ExecutorService forms
    assertThat(clients).hasSizeGreaterThanOrEqualTo(4);
    for (Constructor<?> c : clients) {
      Constructor<GuardedInformerFactory> guard = GuardedInformerFactory.class.getConstructor(c.getParameterTypes());
      if (c.isAnnotationPresent(Deprecated.class)) {
        assertThat(guard.isAnnotationPresent(Deprecated.class))
            .as("%s is deprecated in client-java, so on the guard", guard).isTrue();
      }
    }
  }

  /** An ApiClient for the test server that counts the requests sent through it. */
  private ApiClient countingClient(AtomicInteger requests) {
    ApiClient client = cj.defaultApiClient(); // a 10 s read timeout, as client-java's defaults have it
    client.setHttpClient(client.getHttpClient().newBuilder().addInterceptor(chain -> {
      requests.incrementAndGet();
      return chain.proceed(chain.request());
    }).build());
    return client;
  }

  @Test
  @SuppressWarnings("deprecation")
  void eachConstructorKeepsItsMeaningOnTheGuard() throws Exception {
    for (Constructor<?> c : publicConstructors(SharedInformerFactory.class)) {
      Class<?>[] types = c.getParameterTypes();
      AtomicInteger requests = new AtomicInteger();
      ApiClient client = countingClient(requests);
      ExecutorService pool = Executors.newSingleThreadExecutor();
      boolean namesClient = Arrays.asList(types).contains(ApiClient.class);
      if (!namesClient) {
        Configuration.setDefaultApiClient(client);
      }
      Object[] args = new Object[types.length];
      for (int i = 0; i < types.length; i++) {
        args[i] = types[i] == ApiClient.class ? client : types[i] == ExecutorService.class ? pool : Boolean.TRUE;
      }
      GuardedInformerFactory f = GuardedInformerFactory.class.getConstructor(types).newInstance(args);
      factories.add(f);
      f.relistBudget(RelistBudget.of(100, Duration.ofMillis(1)));
      String form = c.toString();

      // the calls are built on another client: only the factory's client can have carried them
      ApiClient builder = cj.defaultApiClient();
      SharedIndexInformer<V1Pod> first =
          f.sharedIndexInformerFor(ClientJavaServer.pods(builder), V1Pod.class, V1PodList.class);
      SharedIndexInformer<V1Pod> second =
          f.sharedIndexInformerFor(ClientJavaServer.pods(builder), V1Pod.class, V1PodList.class);
      f.startAllRegisteredInformers();
      Poll.until(first::hasSynced, () -> form + ": synced");
      assertThat(requests).as("%s: the informer's requests went through the client it names", form).hasPositiveValue();
      assertThat(first.getIndexer().list()).as(form).hasSize(3);
      assertThat(client.getReadTimeout()).as("%s: the client is left as it was", form).isPositive();

      boolean reuseCache = Arrays.asList(types).contains(boolean.class);
      if (reuseCache) {
        assertThat(second).as("%s: with reuseCache the second informer of a type is the first", form).isSameAs(first);
      } else {
        assertThat(second).as("%s: without reuseCache a second informer is made", form).isNotSameAs(first);
      }
      f.stopAllRegisteredInformers(true);
      if (Arrays.asList(types).contains(ExecutorService.class)) {
        assertThat(pool.isShutdown()).as("%s: stopAllRegisteredInformers(true) shuts the pool given down", form).isTrue();
      }
      pool.shutdownNow();
    }
  }
}
