package io.github.informerguard.samples.clientjava;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.informerguard.runtime.clientjava.ClientJavaServer;
import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.github.informerguard.runtime.testing.Poll;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The client-java team directory against the fault-injecting API server over real HTTP: what its
 * users see on client-java's {@code SharedInformerFactory} ({@code broken}) and after the one-line
 * switch to {@code GuardedInformerFactory} ({@code swapped}).
 */
class ClientJavaTeamDirectoryTest {
  private static final String NS = FaultInjectingApiServer.NAMESPACE;
  private FaultInjectingApiServer server;
  private ClientJavaServer cj;
  private final Map<String, String> teamOfApp = new ConcurrentHashMap<>(Map.of("web", "a", "api", "c"));

  @BeforeEach
  void setUp() {
    server = new FaultInjectingApiServer();
    cj = new ClientJavaServer(server);
    for (int i = 0; i < 6; i++) {
      server.create("web-" + i, Map.of("app", "web", "tier", i % 2 == 0 ? "frontend" : "backend", "v", "0"));
      server.create("api-" + i, Map.of("app", "api", "tier", "backend", "v", "0"));
    }
  }

  @AfterEach
  void tearDown() {
    server.close();
  }

  /** The table moves app web from team a to team b, then every web pod changes once. */
  private void moveWebToTeamB() {
    teamOfApp.put("web", "b");
    for (int i = 0; i < 6; i++) {
      server.update("web-" + i, Map.of("app", "web", "tier", i % 2 == 0 ? "frontend" : "backend", "v", "1"));
    }
  }

  private static final List<String> WEB = List.of("web-0", "web-1", "web-2", "web-3", "web-4", "web-5");

  @Test
  void onClientJavasFactoryTheFrontendsNeverSyncAndATableChangeLeavesPodsUnderTheirOldTeam() throws Exception {
    assertThatThrownBy(() -> new io.github.informerguard.samples.broken.ClientJavaTeamDirectory(cj.defaultApiClient(), NS, teamOfApp))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("read timeout");

    try (io.github.informerguard.samples.broken.ClientJavaTeamDirectory directory = new io.github.informerguard.samples.broken.ClientJavaTeamDirectory(cj.informerApiClient(), NS, teamOfApp)) {
      // the second V1Pod informer of the factory is never started, so start() can only time out
      assertThatThrownBy(() -> directory.start(Duration.ofSeconds(5))).isInstanceOf(TimeoutException.class)
          .hasMessageContaining("frontends false");
      assertThat(directory.podsSynced()).isTrue();
      assertThat(directory.frontendCount()).isZero();
      assertThat(directory.podsOfTeam("a")).isEqualTo(WEB);

      moveWebToTeamB();
      Map<String, String> expected = server.objectVersions();
      Poll.until(() -> directory.cachedPods().equals(expected), () -> "cache converges");
      assertThat(directory.podsOfTeam("b")).isEqualTo(WEB);
      // stale: removal re-ran the index function on the old pod, which now answers "b"
      assertThat(directory.podsOfTeam("a")).isEqualTo(WEB);
    }
  }

  @Test
  void afterTheOneLineSwitchToGuardedInformerFactoryAllInformersSyncAndPodsMoveToTheirNewTeam() throws Exception {
    // an ApiClient as ordinary code has it, 10 s read timeout included
    try (io.github.informerguard.samples.swapped.ClientJavaTeamDirectory directory =
        new io.github.informerguard.samples.swapped.ClientJavaTeamDirectory(cj.defaultApiClient(), NS, teamOfApp)) {
      directory.start(Duration.ofSeconds(30));
      assertThat(directory.frontendCount()).isEqualTo(3);
      assertThat(directory.podsOfTeam("a")).isEqualTo(WEB);

      moveWebToTeamB();
      Map<String, String> expected = server.objectVersions();
      Poll.until(() -> directory.cachedPods().equals(expected), () -> "cache converges");
      assertThat(directory.podsOfTeam("b")).isEqualTo(WEB);
      assertThat(directory.podsOfTeam("a")).isEmpty();
    }
  }
}
