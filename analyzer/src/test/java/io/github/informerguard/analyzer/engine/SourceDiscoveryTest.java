package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.policy.Policy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.AccessDeniedException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceDiscoveryTest {

  @TempDir Path dir;

  private void touch(String relative) throws IOException {
    Path p = dir.resolve(relative);
    Files.createDirectories(p.getParent());
    Files.writeString(p, "class X {}\n");
  }

  @Test
  void parallelWalkFindsTheSameFilesInTheSameOrderAsTheSerialOne() throws IOException {
    for (int m = 0; m < 4; m++) {
      for (int p = 0; p < 5; p++) {
        touch("m" + m + "/src/main/java/p" + p + "/A" + p + ".java");
        touch("m" + m + "/src/main/java/p" + p + "/q/B" + p + ".java");
      }
      touch("m" + m + "/pom.xml");
      touch("m" + m + "/target/generated/G.java");
      touch("m" + m + "/src/main/java/target/KeptBecauseNoPomBeside.java");
    }
    touch(".git/Hidden.java");
    touch("notes.txt");
    Files.createSymbolicLink(dir.resolve("link"), dir.resolve("m0"));

    SourceDiscovery discovery = new SourceDiscovery(dir);
    List<Path> serial = discovery.discover(List.of(dir), Policy.defaults(), 1);
    List<Path> parallel = discovery.discover(List.of(dir), Policy.defaults(), 4);
    assertThat(serial).hasSize(4 * 11).isSorted();
    assertThat(parallel).isEqualTo(serial);
    assertThat(serial).noneMatch(p -> p.toString().contains("target/generated") || p.toString().contains(".git")
        || p.startsWith(dir.resolve("link")));
    assertThat(serial).anyMatch(p -> p.endsWith("target/KeptBecauseNoPomBeside.java"));
  }

  @Test
  void aFolderThatCannotBeListedIsNamedWithItsReasonAndTheRestIsStillFound() throws IOException {
    touch("src/main/java/a/A.java");
    touch("src/main/java/locked/L.java");
    touch("src/main/java/locked/deeper/D.java");
    Path locked = dir.resolve("src/main/java/locked");
    SourceDiscovery discovery = new SourceDiscovery(dir, folder -> {
      if (folder.equals(locked)) {
        throw new AccessDeniedException(folder.toString());
      }
      return Files.newDirectoryStream(folder);
    });

    for (int threads : new int[] {1, 4}) {
      List<Path> found = discovery.discover(List.of(dir), Policy.defaults(), threads);
      assertThat(found).containsExactly(dir.resolve("src/main/java/a/A.java"));
      assertThat(discovery.unlistedFolders()).isEqualTo(Map.of(locked, "permission denied"));
    }
    List<AnalysisError> errors = Analyzer.unlistedErrors(discovery.unlistedFolders());
    assertThat(errors).singleElement().satisfies(e -> {
      assertThat(e.file()).isEqualTo(locked);
      assertThat(e.message()).contains("cannot list folder (permission denied)").contains("not analyzed");
      assertThat(e.outOfMemory()).isFalse();
    });

    // A later run that can list everything forgets the earlier failure.
    SourceDiscovery open = new SourceDiscovery(dir);
    assertThat(open.discover(List.of(dir), Policy.defaults(), 1)).hasSize(3);
    assertThat(open.unlistedFolders()).isEmpty();
  }
}
