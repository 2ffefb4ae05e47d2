package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.policy.PolicyLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The engine walks each file once: on every rule fixture, no rule or helper asks for a kind of node
 * that its rule did not subscribe to (which would cost another walk of the whole file).
 */
class OneWalkTest {

  @Test
  void builtInRulesNeverWalkAFileAgain() throws Exception {
    Path fixtures = Path.of("src/test/resources/fixtures").toAbsolutePath();
    Policy policy = new PolicyLoader(RuleRegistry.builtIn().descriptors()).parse("testSources: report", "t.yaml");
    long before = FileNodes.unsubscribedWalks();
    AnalysisResult r = new Analyzer().analyze(new AnalysisRequest(List.of(fixtures), Optional.empty(), policy,
        Optional.empty(), fixtures, 1));
    assertThat(r.findings()).hasSizeGreaterThan(100);
    assertThat(r.stats().filesParsed()).isGreaterThan(50);
    assertThat(FileNodes.unsubscribedWalks() - before).isZero();
  }
}
