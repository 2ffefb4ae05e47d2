package io.github.informerguard.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultStoreTest {

  @TempDir Path store;
  @TempDir Path target;

  @Test
  void modulesOfOneArtifactInTwoFoldersGetTheirOwnFiles() {
    Path a = ResultStore.of(store, "operator", "/src/a/operator").snapshotFile();
    Path b = ResultStore.of(store, "operator", "/src/b/operator").snapshotFile();
    Path tests = ResultStore.of(store, "operator", "/src/a/operator with tests").snapshotFile();
    assertThat(a).isNotEqualTo(b).isNotEqualTo(tests);
    assertThat(a.getParent()).isEqualTo(store);
    assertThat(a.getFileName().toString()).startsWith("operator-").endsWith(".json");
    assertThat(ResultStore.of(store, "op/../x", "/m").snapshotFile().getParent()).as("no path out of the store").isEqualTo(store);
  }

  @Test
  void reportsAreRestoredAfterCleanOnlyFromTheSameInputs() throws Exception {
    ResultStore module = ResultStore.of(store, "operator", "/src/operator");
    Path out = target.resolve("informer-guard");
    Files.createDirectories(out);
    List<Path> reports = List.of(Files.writeString(out.resolve("informer-guard.json"), "{\"findings\":[1]}"),
        Files.writeString(out.resolve("informer-guard.sarif"), "{\"runs\":[]}"));
    assertThat(module.restore(out, "inputs-1", reports)).as("nothing kept yet").isFalse();
    module.keep("inputs-1", reports);

    // mvn clean
    Files.walk(target).sorted(java.util.Comparator.reverseOrder()).filter(p -> !p.equals(target)).forEach(p -> p.toFile().delete());
    assertThat(module.restore(out, "inputs-2", reports)).as("other results or baseline").isFalse();
    assertThat(out).doesNotExist();
    assertThat(module.restore(out, "inputs-1", reports)).isTrue();
    assertThat(Files.readString(reports.get(0))).isEqualTo("{\"findings\":[1]}");
    assertThat(Files.readString(reports.get(1))).isEqualTo("{\"runs\":[]}");
    assertThat(ReportInputs.kept(out, "inputs-1", reports)).as("recorded as written from those inputs").isTrue();

    List<Path> more = List.of(reports.get(0), out.resolve("informer-guard.txt"));
    assertThat(module.restore(out, "inputs-1", more)).as("a report that was never kept").isFalse();

    // another build replaced one copy after the record was written: not a pair from one build
    try (var kept = Files.list(store)) {
      Path copies = kept.filter(p -> p.getFileName().toString().endsWith(".reports")).findFirst().orElseThrow();
      Files.writeString(copies.resolve("informer-guard.sarif"), "{\"runs\":[{}]}");
    }
    assertThat(module.restore(out, "inputs-1", reports)).isFalse();
    module.forget();
    try (var left = Files.list(store)) {
      assertThat(left.toList()).as("forgotten: a build with the cache off leaves nothing to restore").isEmpty();
    }
  }

  @Test
  void pruningDropsTheLeastRecentlyWrittenModulesButNeverThisOne() throws Exception {
    ResultStore mine = ResultStore.of(store, "mine", "/m");
    Files.writeString(mine.snapshotFile(), "{}");
    Files.setLastModifiedTime(mine.snapshotFile(), FileTime.fromMillis(1_000));
    for (int i = 0; i < 5; i++) {
      ResultStore other = ResultStore.of(store, "other" + i, "/o" + i);
      Files.writeString(other.snapshotFile(), "{}");
      Files.setLastModifiedTime(other.snapshotFile(), FileTime.fromMillis(10_000 + i * 1_000L));
      Path report = Files.writeString(target.resolve("r" + i + ".json"), "{}");
      other.keep("in", List.of(report));
    }
    mine.prune(3);
    try (var left = Files.list(store)) {
      assertThat(left.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList())
          .containsExactly(mine.snapshotFile().getFileName().toString(),
              ResultStore.of(store, "other3", "/o3").snapshotFile().getFileName().toString(),
              ResultStore.of(store, "other4", "/o4").snapshotFile().getFileName().toString());
    }
    try (var left = Files.list(store)) {
      assertThat(left.filter(p -> p.getFileName().toString().endsWith(".reports")).count())
          .as("the dropped modules' report copies go with them").isEqualTo(2);
    }
  }
}
