package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceIndexTest {

  @TempDir
  Path dir;

  /** A class of generated size (over the size up to which analyzed trees are offered to the cache). */
  private Path largeApiClass() throws Exception {
    StringBuilder text = new StringBuilder("package gen;\npublic class BigApi {\n");
    for (int i = 0; text.length() <= SourceIndex.MAX_CACHED_CHARS; i++) {
      text.append("  public String call").append(i).append("(String a) { return a + \"").append(i).append("\"; }\n");
    }
    text.append("  public static final String NAME = \"big\";\n}\n");
    Path file = dir.resolve("gen/BigApi.java");
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
    return file;
  }

  @Test
  void aLargeFileLookedUpRepeatedlyIsParsedOnce() throws Exception {
    Path file = largeApiClass();
    SourceIndex index = new SourceIndex(List.of());
    index.addByPath(file, "gen.BigApi", Optional.of(dir));
    for (int i = 0; i < 5; i++) {
      assertThat(index.find("gen.BigApi")).isPresent();
    }
    // Before: a file over MAX_CACHED_CHARS was parsed again on every lookup (five parses here).
    assertThat(index.parses()).isEqualTo(1);
  }

  @Test
  void threadsAskingForTheSameFileAtOnceParseItOnce() throws Exception {
    Path file = largeApiClass();
    SourceIndex index = new SourceIndex(List.of());
    index.addByPath(file, "gen.BigApi", Optional.of(dir));
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Boolean>> found = pool.invokeAll(List.of(
          () -> index.find("gen.BigApi").isPresent(), () -> index.find("gen.BigApi").isPresent(),
          () -> index.find("gen.BigApi").isPresent(), () -> index.find("gen.BigApi").isPresent()));
      for (Future<Boolean> f : found) {
        assertThat(f.get()).isTrue();
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(index.parses()).isEqualTo(1);
  }
}
