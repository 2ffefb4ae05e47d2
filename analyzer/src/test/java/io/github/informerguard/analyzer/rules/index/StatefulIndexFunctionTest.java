package io.github.informerguard.analyzer.rules.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.engine.RuleRegistry;
import io.github.informerguard.analyzer.testing.Fixture;
import io.github.informerguard.analyzer.testing.FixtureRunner;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatefulIndexFunctionTest {

  private static final String ID = "StatefulIndexFunction";


  @Test
  void isRegisteredAfterShortResyncPeriod() {
    List<String> ids = RuleRegistry.builtIn().rules().stream().map(r -> r.descriptor().id()).toList();
    assertThat(ids).containsSubsequence("ShortResyncPeriod", ID);
  }

  @Test
  void messageNamesTheSharedWriteAndTheIndex() {
    Finding f = find(precise(), "(index \"byName\")");
    assertThat(f.message())
        .contains("Index function lambda (index \"byName\") writes state shared across calls ('seen')")
        .contains("`seen.add(p.getMetadata().getName())`")
        .contains("re-running the function on the old object")
        .contains("byIndex/index readers re-evaluate it concurrently")
        .contains("List.of(...)")
        .contains("GuardedInformer")
        .contains("removes by those stored values");
  }

  @Test
  void messageNamesTheStatementInsideAHelper() {
    Finding f = find(precise(), "(index \"remembered\")");
    assertThat(f.message()).contains("in helper rememberNode()")
        .contains("`LAST_NODE.put(pod.getMetadata().getName(), pod.getSpec().getNodeName())`");
  }

  @Test
  void argumentMutationAndClockAreExplained() {
    AnalysisResult r = precise();
    assertThat(find(r, "(index \"labelled\")").message())
        .contains("anonymous Function").contains("mutates the object it indexes")
        .contains("`pod.getMetadata().getLabels().put(\"indexed\", \"true\")`");
    assertThat(find(r, "Index function 'BY_MINUTE'").message())
        .contains("is non-deterministic: `System.currentTimeMillis()`");
  }

  @Test
  void clientJavaMessageExplainsResync() {
    Finding f = find(precise(), "(index \"byNow\")");
    assertThat(f.message()).contains("`System.nanoTime()`").contains("at each resync");
  }

  @Test
  void apiCallIsNamedAndTruncated() {
    Finding f = find(precise(), "(index \"byOwnerPod\")");
    assertThat(f.message()).contains("calls the Kubernetes API: `client.pods().inNamespace(\"default\")")
        .contains("...`");
  }

  @Test
  void reportsAtTheFunctionNotAtTheCall() {
    Finding f = find(precise(), "(index \"byGeneration\")");
    assertThat(f.line()).isEqualTo(lineOf(f, "cm -> List.of(String.valueOf(generation.getAndIncrement()))"));
  }

  @Test
  void keyFunctionIsNamedAsSuchAndIdentityIsExplainedPrecisely() {
    AnalysisResult r = precise();
    Finding f = find(r, "Key function CacheKeyFunctions::identityKey");
    assertThat(f.message())
        .startsWith("Key function CacheKeyFunctions::identityKey of this new CacheImpl<>(...) derives its result from"
            + " the identity of the object it is given: `System.identityHashCode(pod)`")
        .contains("stable for one instance but differs between versions of the same resource")
        .contains("an update is stored under a new key next to the old entry")
        .contains("Cache.metaNamespaceKeyFunc")
        .doesNotContain("different result each call")
        .doesNotContain("Index function");
    assertThat(find(r, "Key function lambda of this new Cache<>(...)").message())
        .contains("`System.identityHashCode(p.getMetadata())`")
        .contains("client-java's Cache stores each object under the key")
        .contains("Caches.deletionHandlingMetaNamespaceKeyFunc");
  }

  @Test
  void identityDerivedIndexValuesAreNotReported() {
    assertThat(precise().findings()).noneSatisfy(f -> assertThat(f.message())
        .matches("(?s)Index function.*(identityHashCode\\(p\\)|p\\.hashCode\\(\\)|identityHashCode\\(LOCK\\)).*"));
    assertThat(find(precise(), "`System.identityHashCode(new Object())`").message())
        .startsWith("Index function lambda (index \"byFresh\") is non-deterministic");
  }

  private static int lineOf(Finding f, String text) {
    try {
      List<String> lines = java.nio.file.Files.readAllLines(f.file());
      for (int i = 0; i < lines.size(); i++) {
        if (lines.get(i).contains(text)) {
          return i + 1;
        }
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    throw new AssertionError(text + " not in " + f.file());
  }

  private static AnalysisResult precise() {
    return FixtureRunner.run(Fixture.of(ID), ID, true);
  }

  private static Finding find(AnalysisResult r, String fragment) {
    return r.findings().stream().filter(f -> f.message().contains(fragment)).findFirst()
        .orElseThrow(() -> new AssertionError("no finding containing " + fragment + " in " + r.findings()));
  }
}
