package io.github.informerguard.analyzer.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.testing.Fixture;
import io.github.informerguard.analyzer.testing.FixtureRunner;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DESIGN.md's message contract on every fixture finding of the rules that split their text: the
 * message is one sentence of at most about 200 characters, and the mechanics and the fix are in
 * the detail.
 */
class FindingTextShapeTest {

  private static final int MAX_MESSAGE = 220;

  @ParameterizedTest
  @ValueSource(strings = {"ShortResyncPeriod", "InformerNeverStopped", "WatchNeverClosed", "UnboundedInformerWait",
      "MissingGoneHandling"})
  void messageIsOneShortSentenceAndTheRestIsInTheDetail(String ruleId) {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ruleId), ruleId, true);
    List<Finding> findings = r.findings();
    assertThat(findings).isNotEmpty();
    for (Finding f : findings) {
      assertThat(f.message()).as("message at %s:%d", f.file().getFileName(), f.line())
          .hasSizeLessThanOrEqualTo(MAX_MESSAGE)
          .endsWith(".")
          .doesNotContain(". ")
          .doesNotContain("informer-guard");
      assertThat(f.detail()).as("detail at %s:%d", f.file().getFileName(), f.line()).hasSizeGreaterThan(80);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"ShortResyncPeriod", "InformerNeverStopped", "WatchNeverClosed", "UnboundedInformerWait",
      "MissingGoneHandling"})
  void clientJavaFindingsRecommendGuardedInformerFactoryAndNeverTheFabric8Guard(String ruleId) {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ruleId), ruleId, true);
    // an unbounded wait is not something the guard's informers change, so no recommendation there
    boolean guardFixes = !ruleId.equals("UnboundedInformerWait");
    List<Finding> clientJava = r.findings().stream()
        .filter(f -> f.file().getFileName().toString().startsWith("ClientJava")).toList();
    assertThat(clientJava).isNotEmpty();
    for (Finding f : clientJava) {
      assertThat(f.detail()).as("detail at %s:%d", f.file().getFileName(), f.line())
          .doesNotContain("InformerGuard.").doesNotContain("fabric8 SharedIndexInformer");
      if (guardFixes) {
        assertThat(f.detail()).as("detail at %s:%d", f.file().getFileName(), f.line())
            .contains("new GuardedInformerFactory(apiClient)");
      } else {
        assertThat(f.detail()).doesNotContain("GuardedInformerFactory");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"ShortResyncPeriod", "InformerNeverStopped", "WatchNeverClosed", "MissingGoneHandling"})
  void fabric8FindingsKeepTheFabric8Guard(String ruleId) {
    AnalysisResult r = FixtureRunner.run(Fixture.of(ruleId), ruleId, true);
    assertThat(r.findings()).filteredOn(f -> f.file().getFileName().toString().startsWith("Fabric8"))
        .allSatisfy(f -> assertThat(f.detail()).doesNotContain("GuardedInformerFactory"));
  }
}
