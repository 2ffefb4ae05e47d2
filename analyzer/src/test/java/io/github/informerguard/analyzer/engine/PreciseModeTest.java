package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.testing.TestClasspath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Precise mode: class folders and jars on the classpath, and what resolution rejects. */
class PreciseModeTest {

  @TempDir Path dir;

  private static final String USER = """
      package app;

      import io.fabric8.kubernetes.client.KubernetesClient;
      import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
      import io.fabric8.kubernetes.api.model.Pod;
      import lib.Timing;

      class User {
        void start(KubernetesClient client, ResourceEventHandler<Pod> h) {
          client.pods().inform(h, Timing.RESYNC);
        }
      }
      """;

  private Path compileLibrary() throws IOException {
    Path src = dir.resolve("lib-src/lib/Timing.java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, "package lib;\npublic final class Timing {\n  public static final long RESYNC = 40 * 1000L;\n"
        + "  static { if (Boolean.getBoolean(\"never\")) throw new IllegalStateException(); }\n}\n");
    Path classes = dir.resolve("lib-classes");
    Files.createDirectories(classes);
    int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(), src.toString());
    assertThat(rc).isZero();
    return classes;
  }

  private List<Finding> analyze(List<Path> classpath) throws IOException {
    Path user = dir.resolve("app-src/app/User.java");
    Files.createDirectories(user.getParent());
    Files.writeString(user, USER);
    AnalysisResult r = new Analyzer().analyze(new AnalysisRequest(List.of(dir.resolve("app-src")), Optional.of(classpath),
        Policy.defaults(), Optional.of(java.util.Set.of("ShortResyncPeriod")), dir, 0));
    assertThat(r.errors()).isEmpty();
    return r.findings();
  }

  @Test
  void constantFromASiblingModulesClassFolderFolds() throws IOException {
    List<Path> cp = new ArrayList<>(TestClasspath.entries());
    cp.add(compileLibrary());
    assertThat(analyze(cp)).singleElement().satisfies(f -> {
      assertThat(f.line()).isEqualTo(10);
      assertThat(f.message()).contains("40s (40000 ms)");
    });
  }

  @Test
  void constantFromAJarFolds() throws IOException {
    Path classes = compileLibrary();
    Path jar = dir.resolve("lib.jar");
    try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
      out.putNextEntry(new java.util.jar.JarEntry("lib/Timing.class"));
      out.write(Files.readAllBytes(classes.resolve("lib/Timing.class")));
      out.closeEntry();
    }
    List<Path> cp = new ArrayList<>(TestClasspath.entries());
    cp.add(jar);
    assertThat(analyze(cp)).extracting(Finding::message).singleElement().asString().contains("40s");
  }

  @Test
  void withoutTheConstantsClassNothingIsGuessed() throws IOException {
    assertThat(analyze(TestClasspath.entries())).isEmpty();
  }

  @Test
  void withoutTheClientJarsPreciseModeReportsNothing() throws IOException {
    List<Path> cp = new ArrayList<>();
    cp.add(compileLibrary());
    assertThat(analyze(cp)).isEmpty();
  }
}
