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
  void messageNamesTheSharedWriteAndTheIndexAndTheDetailSaysWhyAndTheFix() {
    Finding f = find(precise(), "(index \"byName\")");
    assertThat(f.message()).isEqualTo(
        "Index function lambda (index \"byName\") writes state shared across calls ('seen'): `seen.add(p.getMetadata().getName())`");
    assertThat(f.detail())
        .contains("re-running the function on the old object")
        .contains("readers re-evaluate it on their own threads, without the cache lock since 6.13")
        .contains("List.of(...)")
        .contains("GuardedInformer, a fabric8 SharedIndexInformer")
        .contains("removes by those stored values");
  }

  @Test
  void everyMessageIsOneShortSentenceWithADetail() {
    assertThat(precise().findings()).isNotEmpty().allSatisfy(f -> {
      assertThat(f.message()).hasSizeLessThanOrEqualTo(200);
      assertThat(f.message().replaceAll("`[^`]*`", "")).doesNotContain(". ");
      assertThat(f.detail()).contains("Fix: ");
    });
  }

  @Test
  void theRuntimeGuardIsRecommendedForFabric8AndClientJavaInformersEachWithItsOwnEntryPoint() {
    AnalysisResult r = precise();
    assertThat(r.findings()).filteredOn(f -> f.file().endsWith("JosdkIndexers.java")
            || f.message().startsWith("Key function"))
        .isNotEmpty()
        .allSatisfy(f -> assertThat(f.detail()).doesNotContain("GuardedInformer").doesNotContain("InformerGuard"));
    assertThat(r.findings()).filteredOn(f -> f.file().endsWith("ClientJavaIndexers.java")
            && !f.message().startsWith("Key function"))
        .isNotEmpty()
        .allSatisfy(f -> assertThat(f.detail()).contains("new GuardedInformerFactory(apiClient)")
            .contains("remove by those stored values").doesNotContain("InformerGuard."));
    assertThat(r.findings()).filteredOn(f -> f.file().endsWith("Fabric8Indexers.java"))
        .isNotEmpty()
        .allSatisfy(f -> assertThat(f.detail()).contains("InformerGuard.builder(resources)"));
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
    Finding labelled = find(r, "(index \"labelled\")");
    assertThat(labelled.message())
        .contains("anonymous Function").contains("mutates the object it indexes")
        .contains("`pod.getMetadata().getLabels().put(\"indexed\", \"true\")`");
    assertThat(labelled.detail()).startsWith("That object is the cached instance");
    Finding clock = find(r, "Index function 'BY_MINUTE'");
    assertThat(clock.message()).contains("is non-deterministic: `System.currentTimeMillis()`");
    assertThat(clock.detail()).contains("different result each call");
  }

  @Test
  void clientJavaDetailExplainsResync() {
    Finding f = find(precise(), "(index \"byNow\")");
    assertThat(f.message()).contains("`System.nanoTime()`");
    assertThat(f.detail()).contains("at each resync");
  }

  @Test
  void apiCallIsNamedAndTruncated() {
    Finding f = find(precise(), "(index \"byOwnerPod\")");
    assertThat(f.message()).contains("calls the Kubernetes API: `client.pods().inNamespace(\"default\")")
        .contains("...`");
    assertThat(f.detail()).contains("holding the cache lock");
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
    assertThat(f.message()).isEqualTo("Key function CacheKeyFunctions::identityKey of this new CacheImpl<>(...) derives"
        + " its result from the identity of the object it is given: `System.identityHashCode(pod)`");
    assertThat(f.detail())
        .contains("stable for one instance but differs between versions of the same resource")
        .contains("an update is stored under a new key next to the old entry")
        .contains("Cache.metaNamespaceKeyFunc")
        .doesNotContain("different result each call")
        .doesNotContain("Index function");
    Finding clientJava = find(r, "Key function lambda of this new Cache<>(...)");
    assertThat(clientJava.message()).contains("`System.identityHashCode(p.getMetadata())`");
    assertThat(clientJava.detail())
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
