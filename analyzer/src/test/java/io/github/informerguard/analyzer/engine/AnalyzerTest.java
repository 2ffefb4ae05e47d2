package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.policy.PolicyLoader;
import io.github.informerguard.analyzer.testing.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AnalyzerTest {

  @TempDir Path dir;

  static final String SHORT_RESYNC = Sources.SHORT_RESYNC;

  private Path write(String relative, String text) throws IOException {
    Path p = dir.resolve(relative);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
    return p;
  }

  private AnalysisResult analyze(Policy policy, int threads) {
    // Only the resync rule: these sources also discard informer handles, which other rules flag.
    return new Analyzer().analyze(new AnalysisRequest(List.of(dir), Optional.empty(), policy,
        Optional.of(java.util.Set.of("ShortResyncPeriod")), dir, threads));
  }

  @Test
  void fileThatDoesNotParseIsReportedWithItsLineAndTheOthersAreStillAnalyzed() throws IOException {
    write("p/Good.java", SHORT_RESYNC.formatted("Good"));
    // The broken file names a resync call (client.inform(..)), so that it passes the prefilter and is parsed.
    write("p/Broken.java", "package p;\n\nclass Broken {\n  void m( {\n    client.inform(h, 1);\n  }\n}\n");
    AnalysisResult r = analyze(Policy.defaults(), 0);
    assertThat(r.findings()).extracting(f -> f.file().getFileName().toString()).containsOnly("Good.java");
    assertThat(r.findings()).hasSize(2);
    assertThat(r.errors()).singleElement().satisfies(e -> {
      assertThat(e.file().getFileName().toString()).isEqualTo("Broken.java");
      assertThat(e.line()).isEqualTo(4);
      assertThat(e.message()).startsWith("does not parse");
    });
  }

  @Test
  void binaryAndEmptyFilesAreErrorsNotCrashes() throws IOException {
    write("p/Good.java", SHORT_RESYNC.formatted("Good"));
    Files.write(dir.resolve("p/Binary.java"), new byte[] {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 1, 2});
    write("p/Empty.java", "  \n\n");
    AnalysisResult r = analyze(Policy.defaults(), 0);
    assertThat(r.findings()).hasSize(2);
    assertThat(r.errors()).extracting(e -> e.file().getFileName() + ": " + e.message())
        .anySatisfy(m -> assertThat(m).startsWith("Binary.java: binary file"))
        .anySatisfy(m -> assertThat(m).startsWith("Empty.java: empty file"));
    assertThat(r.stats().filesScanned()).isEqualTo(3);
  }

  @Test
  void prefilterSkipsFilesWithoutTriggerWordsButCountsThemAsScanned() throws IOException {
    write("p/Good.java", SHORT_RESYNC.formatted("Good"));
    for (int i = 0; i < 5; i++) {
      write("p/Plain" + i + ".java", "package p;\nclass Plain" + i + " { int x() { return " + i + "; } }\n");
    }
    AnalysisResult r = analyze(Policy.defaults(), 0);
    assertThat(r.stats().filesScanned()).isEqualTo(6);
    assertThat(r.stats().filesParsed()).isEqualTo(1);
  }

  @Test
  void outputOrderIsDeterministicAcrossThreadCounts() throws IOException {
    for (int i = 0; i < 40; i++) {
      write("p/sub" + (i % 4) + "/C" + i + ".java", SHORT_RESYNC.formatted("C" + i).replace("package p;", "package p.sub" + (i % 4) + ";"));
    }
    List<Finding> one = analyze(Policy.defaults(), 1).findings();
    List<Finding> many = analyze(Policy.defaults(), 4).findings();
    assertThat(one).hasSize(80);
    assertThat(many).containsExactlyElementsOf(one);
    assertThat(one).isSortedAccordingTo(Finding.ORDER);
  }

  @Test
  void policyExcludesAndDisabledRulesAreHonoured() throws IOException {
    write("p/Good.java", SHORT_RESYNC.formatted("Good"));
    write("generated/p/Gen.java", SHORT_RESYNC.formatted("Gen"));
    PolicyLoader loader = new PolicyLoader(RuleRegistry.builtIn().descriptors());
    AnalysisResult excluded = analyze(loader.parse("exclude: [\"**/generated/**\"]", "t.yaml"), 0);
    assertThat(excluded.findings()).extracting(f -> f.file().getFileName().toString()).containsOnly("Good.java");
    assertThat(excluded.stats().filesScanned()).isEqualTo(1);

    AnalysisResult disabled = analyze(loader.parse("rules: { ShortResyncPeriod: { enabled: false } }", "t.yaml"), 0);
    assertThat(disabled.findings()).isEmpty();
  }

  @Test
  void policySeverityIsApplied() throws IOException {
    write("p/Good.java", SHORT_RESYNC.formatted("Good"));
    Policy p = new PolicyLoader(RuleRegistry.builtIn().descriptors()).parse("rules: { ShortResyncPeriod: { severity: error } }", "t.yaml");
    assertThat(analyze(p, 0).findings()).extracting(f -> f.severity().id()).containsOnly("error");
  }

  @Test
  void modernSyntaxParses() throws IOException {
    write("p/Modern.java", """
        package p;

        import io.fabric8.kubernetes.client.KubernetesClient;

        sealed interface Shape permits Circle, Square {}
        record Circle(double r) implements Shape {}
        record Square(double side) implements Shape {}

        class Modern {
          static final String TEXT = \"""
              informer text block
              \""";

          long resync(Shape s, KubernetesClient client) {
            double area = switch (s) {
              case Circle c -> c.r() * c.r();
              case Square q -> q.side() * q.side();
            };
            if (s instanceof Circle c && c.r() > 1) {
              client.pods().runnableInformer(1000 * 10);
            }
            return (long) area;
          }
        }
        """);
    AnalysisResult r = analyze(Policy.defaults(), 0);
    assertThat(r.errors()).isEmpty();
    assertThat(r.findings()).singleElement().satisfies(f -> assertThat(f.line()).isEqualTo(20));
  }

  @Test
  void singleFileAnalysisSeesConstantsBesideTheFile() throws IOException {
    write("src/p/Consts.java", "package p;\npublic final class Consts { public static final long RESYNC = 45_000; }\n");
    Path user = write("src/p/User.java", SHORT_RESYNC.formatted("User").replace("30_000", "Consts.RESYNC"));
    FileOutcome outcome = new Analyzer().analyzeText(user, Files.readString(user), Policy.defaults());
    List<Finding> resync = outcome.findings().stream().filter(f -> f.ruleId().equals("ShortResyncPeriod")).toList();
    assertThat(resync).extracting(Finding::line).containsExactly(9, 10);
    assertThat(resync.get(0).message()).contains("45s");
  }

  @Test
  void buildOutputIsSkippedButPackagesNamedBuildOrTargetAreNot() throws IOException {
    write("pom.xml", "<project/>");
    write("target/generated-sources/p/Gen.java", SHORT_RESYNC.formatted("Gen"));
    write("src/main/java/com/acme/build/Builder.java", SHORT_RESYNC.formatted("Builder").replace("package p;", "package com.acme.build;"));
    write("src/main/java/com/acme/target/Aim.java", SHORT_RESYNC.formatted("Aim").replace("package p;", "package com.acme.target;"));
    write(".git/p/Hidden.java", SHORT_RESYNC.formatted("Hidden"));
    AnalysisResult r = analyze(Policy.defaults(), 0);
    assertThat(r.findings()).extracting(f -> f.file().getFileName().toString()).containsOnly("Builder.java", "Aim.java");
    assertThat(r.stats().filesScanned()).isEqualTo(2);
  }

  @Test
  void singleFileAnalysisSeesTheLatestTextOfAFileBesideIt() throws IOException {
    Path consts = write("src/p/Consts.java", "package p;\npublic final class Consts { public static final long RESYNC = 45_000; }\n");
    Path user = write("src/p/User.java", SHORT_RESYNC.formatted("User").replace("30_000", "Consts.RESYNC"));
    Analyzer analyzer = new Analyzer();
    analyzer.analyzeText(consts, Files.readString(consts), Policy.defaults());
    assertThat(analyzer.analyzeText(user, Files.readString(user), Policy.defaults()).findings())
        .anySatisfy(f -> assertThat(f.message()).contains("45s"));
    // The IDE hands in edited text of Consts.java before it is saved.
    analyzer.analyzeText(consts, "package p;\npublic final class Consts { public static final long RESYNC = 50_000; }\n", Policy.defaults());
    assertThat(analyzer.analyzeText(user, Files.readString(user), Policy.defaults()).findings())
        .anySatisfy(f -> assertThat(f.message()).contains("50s"))
        .noneSatisfy(f -> assertThat(f.message()).contains("45s"));
  }
}
