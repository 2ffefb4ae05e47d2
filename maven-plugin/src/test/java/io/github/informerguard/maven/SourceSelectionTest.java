package io.github.informerguard.maven;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.policy.Policy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceSelectionTest {

  @TempDir
  Path dir;

  private Path write(String relative) throws IOException {
    Path p = dir.resolve(relative);
    Files.createDirectories(p.getParent());
    Files.writeString(p, "class X {}");
    return p;
  }

  @Test
  void selectsJavaFilesUnderEveryRootRelativeToThatRoot() throws IOException {
    Path a = write("main/demo/A.java");
    Path b = write("generated/demo/B.java");
    write("main/demo/notes.txt");
    List<Path> selected = new SourceSelection(List.of(), List.of(), Policy.defaults())
        .select(List.of(dir.resolve("main"), dir.resolve("generated"), dir.resolve("absent")));
    assertThat(selected).containsExactly(b, a);
  }

  @Test
  void excludesAreRelativeToTheSourceRoot() throws IOException {
    Path kept = write("main/demo/A.java");
    write("main/demo/legacy/Old.java");
    List<Path> selected = new SourceSelection(List.of("**/*.java"), List.of("demo/legacy/**"), Policy.defaults())
        .select(List.of(dir.resolve("main")));
    assertThat(selected).containsExactly(kept);
  }

  @Test
  void includesNarrowTheSelection() throws IOException {
    Path kept = write("main/demo/informers/A.java");
    write("main/demo/B.java");
    List<Path> selected = new SourceSelection(List.of("**/informers/**"), null, Policy.defaults())
        .select(List.of(dir.resolve("main")));
    assertThat(selected).containsExactly(kept);
  }

  @Test
  void policyExcludeGlobsApplyRelativeToTheRoot() throws IOException {
    Path kept = write("main/demo/A.java");
    write("main/demo/generated/G.java");
    Policy policy = new Policy("test", Map.of(), List.of("**/generated/**"));
    assertThat(new SourceSelection(null, null, policy).select(List.of(dir.resolve("main")))).containsExactly(kept);
  }

  @Test
  void packagesNamedLikeBuildFoldersAreStillAnalyzedButDotFoldersAreNot() throws IOException {
    Path target = write("main/com/acme/target/T.java");
    Path build = write("main/com/acme/build/B.java");
    write("main/.git/X.java");
    assertThat(new SourceSelection(null, null, Policy.defaults()).select(List.of(dir.resolve("main"))))
        .containsExactly(build, target);
  }

  @Test
  void nestedRootsDoNotDuplicateFiles() throws IOException {
    Path a = write("main/demo/A.java");
    assertThat(new SourceSelection(null, null, Policy.defaults())
        .select(List.of(dir.resolve("main"), dir.resolve("main/demo")))).containsExactly(a);
  }
}
