package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.policy.Policy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The thread that runs {@link Analyzer#analyze} runs out of memory in each of its phases (made to,
 * through the phase seam: a real heap runs out wherever it happens to): the analysis still returns,
 * keeps every finding it had collected, and names every file it did not analyze, marked as skipped
 * for lack of memory so the front end can call the run incomplete.
 */
class MainThreadOutOfMemoryTest {

  @TempDir Path dir;

  @BeforeEach
  void sources() throws IOException {
    write("p/A.java", AnalyzerTest.SHORT_RESYNC.formatted("A"));
    write("p/B.java", AnalyzerTest.SHORT_RESYNC.formatted("B"));
    // No rule looks at it: it is read and indexed, never analyzed.
    write("p/Plain.java", "package p;\n\nclass Plain {}\n");
  }

  @AfterEach
  void noSeam() {
    Analyzer.phaseListener = phase -> {};
  }

  private AnalysisResult analyzeRunningOutIn(Analyzer.Phase failing) {
    Analyzer.phaseListener = phase -> {
      if (phase == failing) {
        throw new OutOfMemoryError("Java heap space");
      }
    };
    return new Analyzer().analyze(new AnalysisRequest(List.of(dir), Optional.empty(), Policy.defaults(),
        Optional.of(java.util.Set.of("ShortResyncPeriod")), dir, 2));
  }

  @ParameterizedTest
  @EnumSource(value = Analyzer.Phase.class, names = {"SCREEN", "SET_UP", "ANALYZE"})
  void filesNotYetAnalyzedAreNamedAsSkippedForLackOfMemory(Analyzer.Phase phase) {
    AnalysisResult r = analyzeRunningOutIn(phase);
    assertThat(r.findings()).isEmpty();
    // Screening had not read Plain.java yet; later, it is known to need no analysis and is not named.
    List<String> expected = phase == Analyzer.Phase.SCREEN ? List.of("A.java", "B.java", "Plain.java") : List.of("A.java", "B.java");
    assertThat(r.errors()).extracting(e -> e.file().getFileName().toString()).containsExactlyElementsOf(expected);
    assertThat(r.errors()).allSatisfy(e -> {
      assertThat(e.outOfMemory()).isTrue();
      assertThat(e.message()).startsWith("not analyzed: the run ran out of memory while " + phase.doing + " (max heap ")
          .endsWith("give the JVM more heap, e.g. java -Xmx1g -jar informer-guard.jar");
    });
    assertThat(r.skippedForLackOfMemory()).isEqualTo(expected.size());
    assertThat(r.stats().filesScanned()).isEqualTo(3);
  }

  @Test
  void runningOutWhileListingNamesTheInput() {
    AnalysisResult r = analyzeRunningOutIn(Analyzer.Phase.DISCOVER);
    assertThat(r.errors()).singleElement().satisfies(e -> {
      assertThat(e.file()).isEqualTo(dir);
      assertThat(e.outOfMemory()).isTrue();
      assertThat(e.message()).startsWith("not analyzed: the run ran out of memory while listing the Java files");
    });
  }

  @Test
  void runningOutAfterTheAnalysisKeepsEveryFinding() {
    AnalysisResult r = analyzeRunningOutIn(Analyzer.Phase.REPORT);
    assertThat(r.errors()).isEmpty();
    assertThat(r.findings()).extracting(Finding::line).containsExactly(9, 10, 9, 10);
    assertThat(r.skippedForLackOfMemory()).isZero();
    assertThat(r.stats().filesParsed()).isEqualTo(2);
  }

  /** A class whose initializer ran out of memory: the JVM refuses it from then on, naming the cause. */
  static final class StarvedAtInit {
    static final byte[] BUFFER = allocate();

    private static byte[] allocate() {
      throw new OutOfMemoryError("Java heap space");
    }
  }

  static final class BrokenAtInit {
    static final int VALUE = Integer.parseInt("not a number");
  }

  @Test
  void aClassLeftUninitializedByLackOfMemoryCountsAsLackOfMemory() {
    assertThatThrownBy(() -> StarvedAtInit.BUFFER.clone()).isInstanceOf(OutOfMemoryError.class);
    Throwable later = catchThrowable(() -> StarvedAtInit.BUFFER.clone());
    assertThat(later).isInstanceOf(NoClassDefFoundError.class);
    assertThat(MemoryReserve.isLackOfMemory(later)).isTrue();

    catchThrowable(() -> Integer.valueOf(BrokenAtInit.VALUE));
    Throwable broken = catchThrowable(() -> Integer.valueOf(BrokenAtInit.VALUE));
    assertThat(broken).isInstanceOf(NoClassDefFoundError.class);
    assertThat(MemoryReserve.isLackOfMemory(broken)).isFalse();
    assertThat(MemoryReserve.isLackOfMemory(new IllegalStateException("x"))).isFalse();
  }

  private static Throwable catchThrowable(Runnable r) {
    try {
      r.run();
      return null;
    } catch (Throwable t) {
      return t;
    }
  }

  private void write(String relative, String text) throws IOException {
    Path p = dir.resolve(relative);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }
}
