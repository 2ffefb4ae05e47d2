package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.policy.Policy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
}
