package io.github.informerguard.analyzer.resolve;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.symbolsolver.resolution.typesolvers.JarTypeSolver;
import io.github.informerguard.analyzer.testing.TestClasspath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a jar holds by package, read once and kept in a store that later builds reuse. */
class JarIndexTest {

  @TempDir Path dir;

  private static Path clientApiJar() {
    return TestClasspath.entries().stream()
        .filter(p -> p.getFileName().toString().startsWith("kubernetes-client-api-"))
        .findFirst().orElseThrow();
  }

  @Test
  void everyTypeJavaParsersJarSolverKnowsIsOneTheContentsMayHold() throws IOException {
    Path jar = clientApiJar();
    JarContents contents = JarContents.read(jar);
    List<String> known = new ArrayList<>(new JarTypeSolver(jar).getKnownClasses());
    assertThat(known).hasSizeGreaterThan(300).allSatisfy(name -> assertThat(contents.mayHoldType(name)).as(name).isTrue());
    // Nested types are known with dots, and looked up that way by the solver.
    assertThat(known).contains("io.fabric8.kubernetes.client.informers.cache.ReducedStateItemStore.KeyState");
    assertThat(contents.mayHoldType("io.fabric8.kubernetes.client.informers.cache.ReducedStateItemStore.KeyState")).isTrue();
  }

  @Test
  void namesOutsideTheJarsFoldersAreNotInIt() throws IOException {
    JarContents contents = JarContents.read(clientApiJar());
    assertThat(contents.mayHoldType("java.lang.String")).isFalse();
    assertThat(contents.mayHoldType("io.fabric8.kubernetes.api.model.Pod")).as("in the model jar").isFalse();
    assertThat(contents.mayHoldType("Config")).as("no class at the root").isFalse();
    assertThat(contents.mayHoldClass("io.fabric8.kubernetes.client.informers.cache.ReducedStateItemStore$KeyState")).isTrue();
    assertThat(contents.mayHoldClass("io.fabric8.kubernetes.api.model.Pod")).isFalse();
  }

  @Test
  void rootClassesAndFoldersWithDollarsAreAnsweredAsTheReadersNameThem() throws IOException {
    Path jar = jar("odd.jar", "Top.class", "Top$Inner.class", "a/b$c/D.class", "META-INF/MANIFEST.MF");
    JarContents contents = JarContents.read(jar);
    List<String> known = new ArrayList<>(new JarTypeSolver(jar).getKnownClasses());
    assertThat(known).allSatisfy(name -> assertThat(contents.mayHoldType(name)).as(name).isTrue());
    assertThat(known).contains("Top.Inner", "a.b.c.D");
    assertThat(contents.mayHoldClass("Top$Inner")).isTrue();
    assertThat(contents.mayHoldClass("a.b$c.D")).isTrue();
    assertThat(contents.mayHoldType("Other")).isFalse();
    assertThat(contents.hasModuleInfo()).isFalse();
    assertThat(JarContents.read(jar("module.jar", "module-info.class", "a/B.class")).hasModuleInfo()).isTrue();
  }

  @Test
  void aStoredIndexIsReadBackByALaterBuildWithoutOpeningTheJar() throws IOException {
    Path jar = jar("lib.jar", "a/b/C.class", "a/D.class");
    Path store = dir.resolve("store");
    JarContents first = new JarIndex(Optional.of(store), 10).contents(jar).orElseThrow();
    assertThat(store).isDirectoryContaining("glob:**/lib.jar-*.txt");

    // A later build: the jar's text is gone but its path, size and time are the same, so the
    // answer can only have come from the store.
    FileTime time = Files.getLastModifiedTime(jar);
    byte[] notAZip = new byte[(int) Files.size(jar)];
    Files.write(jar, notAZip);
    Files.setLastModifiedTime(jar, time);
    JarContents second = new JarIndex(Optional.of(store), 10).contents(jar).orElseThrow();
    assertThat(second.folders()).isEqualTo(first.folders()).containsExactlyInAnyOrder("a.b", "a");
  }

  @Test
  void aJarChangedInPlaceIsReadAgain() throws IOException {
    Path jar = jar("lib.jar", "a/C.class");
    Path store = dir.resolve("store");
    assertThat(new JarIndex(Optional.of(store), 10).contents(jar).orElseThrow().folders()).containsExactly("a");
    jar("lib.jar", "a/C.class", "b/E.class");
    Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 5_000));
    assertThat(new JarIndex(Optional.of(store), 10).contents(jar).orElseThrow().folders()).containsExactlyInAnyOrder("a", "b");
  }

  @Test
  void aDamagedStoreFileIsReadFromTheJarAndRewritten() throws IOException {
    Path jar = jar("lib.jar", "a/C.class");
    Path store = dir.resolve("store");
    new JarIndex(Optional.of(store), 10).contents(jar);
    Path file;
    try (var files = Files.list(store)) {
      file = files.filter(f -> f.toString().endsWith(".txt")).findFirst().orElseThrow();
    }
    List<String> lines = Files.readAllLines(file);
    Files.write(file, lines.subList(0, lines.size() - 1)); // cut short, as by a full disk
    assertThat(new JarIndex(Optional.of(store), 10).contents(jar).orElseThrow().folders()).containsExactly("a");
    assertThat(Files.readAllLines(file)).isEqualTo(lines);
  }

  @Test
  void aFileThatIsNotAZipHasNoContents() throws IOException {
    Path bad = dir.resolve("bad.jar");
    Files.writeString(bad, "not a zip");
    assertThat(new JarIndex(Optional.of(dir.resolve("store")), 10).contents(bad)).isEmpty();
    assertThat(new JarIndex(Optional.empty(), 10).contents(dir.resolve("missing.jar"))).isEmpty();
  }

  @Test
  void theStoreIsBoundedByDroppingTheOldestFiles() throws IOException {
    Path store = dir.resolve("store");
    JarIndex index = new JarIndex(Optional.of(store), 8);
    long dayAgo = System.currentTimeMillis() - 86_400_000L;
    for (int n = 0; n < 12; n++) {
      int i = n;
      index.contents(jar("lib" + i + ".jar", "p" + i + "/C.class"));
      // Written a second apart, so that which are oldest does not depend on the clock's grain.
      try (var files = Files.list(store)) {
        for (Path f : files.filter(f -> f.getFileName().toString().startsWith("lib" + i + ".jar-")).toList()) {
          Files.setLastModifiedTime(f, FileTime.fromMillis(dayAgo + i * 1000L));
        }
      }
    }
    // Over 8 files the oldest are dropped down to 6: at the 9th (lib0-2) and at the 12th (lib3-5).
    try (var files = Files.list(store)) {
      assertThat(files.map(f -> f.getFileName().toString().replaceAll("\\.jar-.*", "")))
          .containsExactlyInAnyOrder("lib6", "lib7", "lib8", "lib9", "lib10", "lib11");
    }
  }

  @Test
  void concurrentBuildsSharingAStoreAllGetTheWholeContents() throws Exception {
    Path jar = jar("lib.jar", "a/C.class", "b/D.class", "c/E.class");
    Path store = dir.resolve("store");
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<JarContents>> results = new ArrayList<>();
      for (int i = 0; i < 16; i++) {
        // A JarIndex each, as separate Maven JVMs would have.
        Callable<JarContents> build = () -> new JarIndex(Optional.of(store), 10).contents(jar).orElseThrow();
        results.add(pool.submit(build));
      }
      for (Future<JarContents> r : results) {
        assertThat(r.get().folders()).containsExactlyInAnyOrder("a", "b", "c");
      }
    } finally {
      pool.shutdownNow();
    }
    try (var files = Files.list(store)) {
      assertThat(files.map(f -> f.getFileName().toString())).singleElement().asString().startsWith("lib.jar-").endsWith(".txt");
    }
  }

  private Path jar(String name, String... entries) throws IOException {
    Path jar = dir.resolve(name);
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
      for (String e : entries) {
        out.putNextEntry(new JarEntry(e));
        out.write(e.endsWith(".class") ? new byte[] {(byte) 0xCA, (byte) 0xFE} : new byte[0]);
        out.closeEntry();
      }
    }
    return jar;
  }
}
