package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.testing.TestClasspath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which other source files a file's findings took declarations from (for front ends that cache
 * results per file), and analyzing only some files of a tree with the rest known by index.
 */
class DependsOnTest {

  @TempDir Path dir;

  private Path src;
  private Path uses;
  private Path periods;
  private Path plain;

  private void write() throws IOException {
    src = dir.resolve("src/main/java");
    Path pkg = Files.createDirectories(src.resolve("demo"));
    periods = pkg.resolve("Periods.java");
    Files.writeString(periods, "package demo;\n\npublic final class Periods {\n"
        + "  public static final long BASE = 10_000L;\n  public static final long RESYNC = Limits.TIMES * BASE;\n}\n");
    Files.writeString(pkg.resolve("Limits.java"), "package demo;\n\nfinal class Limits {\n  static final long TIMES = 3;\n}\n");
    uses = pkg.resolve("Uses.java");
    Files.writeString(uses, """
        package demo;

        import io.fabric8.kubernetes.api.model.Pod;
        import io.fabric8.kubernetes.client.KubernetesClient;
        import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
        import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

        class Uses {
          SharedIndexInformer<Pod> start(KubernetesClient client, ResourceEventHandler<Pod> h) {
            return client.pods().inform(h, Periods.RESYNC);
          }
        }
        """);
    plain = pkg.resolve("Plain.java");
    Files.writeString(plain, "package demo;\n\nclass Plain {\n  long twice(long x) {\n    return 2 * x;\n  }\n}\n");
  }

  private AnalysisResult analyze(boolean precise, Set<Path> indexOnly) {
    AnalysisRequest request = new AnalysisRequest(List.of(src), precise ? Optional.of(TestClasspath.entries()) : Optional.empty(),
        Policy.defaults(), Optional.of(Set.of("ShortResyncPeriod")), dir, 1);
    return new Analyzer().analyze(request, indexOnly);
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void findingFromAConstantInOtherFilesDependsOnEachOfThem(boolean precise) throws IOException {
    write();
    AnalysisResult r = analyze(precise, Set.of());
    assertThat(r.findings()).singleElement().satisfies(f -> {
      assertThat(f.file()).isEqualTo(uses);
      assertThat(f.message()).contains("30s");
    });
    assertThat(r.dependsOn()).as("the constant and the one it is computed from")
        .containsOnlyKeys(uses).containsEntry(uses, Set.of(periods, periods.resolveSibling("Limits.java")));
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void indexOnlyFilesAreNotAnalyzedButTheirConstantsStillFold(boolean precise) throws IOException {
    write();
    AnalysisResult onlyUses = analyze(precise, Set.of(periods, plain, periods.resolveSibling("Limits.java")));
    assertThat(onlyUses.findings()).extracting(f -> f.message().contains("30s")).containsExactly(true);
    assertThat(onlyUses.stats().filesParsed()).isEqualTo(1);

    AnalysisResult noUses = analyze(precise, Set.of(uses));
    assertThat(noUses.findings()).isEmpty();
    assertThat(noUses.stats().filesParsed()).as("no other file has a trigger word").isZero();
    assertThat(noUses.stats().filesScanned()).isEqualTo(4);
  }
}
