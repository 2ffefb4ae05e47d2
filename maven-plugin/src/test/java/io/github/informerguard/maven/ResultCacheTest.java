package io.github.informerguard.maven;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.engine.AnalysisError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultCacheTest {

  @TempDir Path dir;

  @Test
  void storedResultIsReusedUntilTheFileOrAFileItDependsOnChanges() throws Exception {
    Path uses = Files.writeString(dir.resolve("Uses.java"), "class Uses {}");
    Path periods = Files.writeString(dir.resolve("Periods.java"), "class Periods { static final long R = 1; }");
    Path cacheFile = dir.resolve("target/informer-guard/cache.json");
    FileHashes hashes = new FileHashes();
    Finding finding = new Finding("ShortResyncPeriod", Severity.ERROR, uses, 3, 5, 4, 20, "message \"quoted\"", "detail",
        "ShortResyncPeriod|demo/Uses.java|Uses|run()|inform(30_000L)");
    AnalysisError error = new AnalysisError(uses, 0, "rule failed");
    ResultCache.load(cacheFile, "k1").write(Map.of(uses, new ResultCache.Entry(hashes.of(uses),
        Map.of(periods.toString(), hashes.of(periods)), List.of(finding), List.of(error))));

    assertThat(ResultCache.load(cacheFile, "k1").reusable(uses, new FileHashes())).hasValueSatisfying(e -> {
      assertThat(e.findings()).containsExactly(finding);
      assertThat(e.errors()).containsExactly(error);
    });
    assertThat(ResultCache.load(cacheFile, "k2").reusable(uses, new FileHashes())).as("another run key").isEmpty();

    Files.writeString(periods, "class Periods { static final long R = 2; }");
    assertThat(ResultCache.load(cacheFile, "k1").reusable(uses, new FileHashes())).as("a dependency changed").isEmpty();
    Files.writeString(periods, "class Periods { static final long R = 1; }");
    assertThat(ResultCache.load(cacheFile, "k1").reusable(uses, new FileHashes())).isPresent();
    Files.writeString(uses, "class Uses { }");
    assertThat(ResultCache.load(cacheFile, "k1").reusable(uses, new FileHashes())).as("the file changed").isEmpty();
  }

  @Test
  void afterCleanASnapshotStandsInOnlyForExactlyTheFilesItWasMadeFrom() throws Exception {
    Path a = Files.writeString(dir.resolve("A.java"), "class A {}");
    Path b = Files.writeString(dir.resolve("B.java"), "class B {}");
    Path cacheFile = dir.resolve("target/informer-guard/cache.json");
    Path snapshot = dir.resolve("store/module-0123.json");
    FileHashes hashes = new FileHashes();
    Map<Path, ResultCache.Entry> both = Map.of(
        a, new ResultCache.Entry(hashes.of(a), Map.of(), List.of(), List.of()),
        b, new ResultCache.Entry(hashes.of(b), Map.of(), List.of(), List.of()));
    ResultCache.writeSnapshot(snapshot, "k classes-1", both);
    assertThat(cacheFile).as("a snapshot is not the per-file cache").doesNotExist();

    ResultCache restored = ResultCache.fromSnapshot(cacheFile, "k", snapshot, "k classes-1", List.of(a, b), new FileHashes())
        .orElseThrow();
    assertThat(restored.fromSnapshot()).isTrue();
    assertThat(restored.reusable(a, new FileHashes())).isPresent();
    restored.write(both);
    ResultCache perFile = ResultCache.load(cacheFile, "k");
    assertThat(perFile.isEmpty()).as("written to the per-file cache, under the run key").isFalse();
    assertThat(perFile.fromSnapshot()).isFalse();

    assertThat(ResultCache.fromSnapshot(cacheFile, "k", snapshot, "k classes-2", List.of(a, b), new FileHashes()))
        .as("other compiled classes (a generated or excluded source changed)").isEmpty();
    Path c = Files.writeString(dir.resolve("C.java"), "class C {}");
    assertThat(ResultCache.fromSnapshot(cacheFile, "k", snapshot, "k classes-1", List.of(a, b, c), new FileHashes()))
        .as("a file was added").isEmpty();
    assertThat(ResultCache.fromSnapshot(cacheFile, "k", snapshot, "k classes-1", List.of(a), new FileHashes()))
        .as("a file was removed").isEmpty();
    Files.writeString(b, "class B { }");
    assertThat(ResultCache.fromSnapshot(cacheFile, "k", snapshot, "k classes-1", List.of(a, b), new FileHashes()))
        .as("a file changed: nothing is taken from it, not even the unchanged file's result").isEmpty();
  }

  @Test
  void aFileSkippedForLackOfHeapIsNotStoredSoTheNextBuildAnalyzesItAgain() throws Exception {
    Path skipped = Files.writeString(dir.resolve("Big.java"), "class Big {}");
    Path analyzed = Files.writeString(dir.resolve("Small.java"), "class Small {}");
    Path cacheFile = dir.resolve("target/informer-guard/cache.json");
    FileHashes hashes = new FileHashes();
    AnalysisError ranOut = AnalysisError.outOfMemory(skipped, "not analyzed: the run ran out of memory");
    AnalysisError ordinary = new AnalysisError(analyzed, 1, "rule failed");
    ResultCache.load(cacheFile, "k").write(Map.of(
        skipped, new ResultCache.Entry(hashes.of(skipped), Map.of(), List.of(), List.of(ranOut)),
        analyzed, new ResultCache.Entry(hashes.of(analyzed), Map.of(), List.of(), List.of(ordinary))));

    ResultCache reloaded = ResultCache.load(cacheFile, "k");
    assertThat(reloaded.reusable(skipped, new FileHashes())).as("skipped for lack of heap").isEmpty();
    assertThat(reloaded.reusable(analyzed, new FileHashes())).hasValueSatisfying(e ->
        assertThat(e.errors()).containsExactly(ordinary));
  }

  @Test
  void cacheOfAnEarlierFormatIsEmpty() throws Exception {
    Path f = Files.writeString(dir.resolve("A.java"), "class A {}");
    // The data-bound form of the first format: same key, entries as objects.
    Path cacheFile = Files.writeString(dir.resolve("cache.json"), "{\"key\":\"k\",\"files\":{\"" + f + "\":{\"text\":\""
        + new FileHashes().of(f) + "\",\"dependsOn\":{},\"findings\":[{\"ruleId\":\"X\"}],\"errors\":[]}}}");
    assertThat(ResultCache.load(cacheFile, "k").reusable(f, new FileHashes())).isEmpty();
  }

  @Test
  void unreadableCacheIsEmpty() throws Exception {
    Path cacheFile = Files.writeString(dir.resolve("cache.json"), "{not json");
    Path f = Files.writeString(dir.resolve("A.java"), "class A {}");
    assertThat(ResultCache.load(cacheFile, "k").reusable(f, new FileHashes())).isEmpty();
  }
}
