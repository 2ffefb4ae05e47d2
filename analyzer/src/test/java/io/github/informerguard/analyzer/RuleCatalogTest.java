package io.github.informerguard.analyzer;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Rule;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.docs.DocsIndex;
import io.github.informerguard.analyzer.engine.RuleRegistry;
import io.github.informerguard.analyzer.testing.Fixture;
import io.github.informerguard.analyzer.testing.FixtureRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** Every rule is registered, documented, and has a fixture with positives and negatives. */
class RuleCatalogTest {

  /** The stable ids of DESIGN.md, in catalog order. */
  static final List<String> DESIGN_IDS = List.of(
      "ShortResyncPeriod", "InformerNeverStopped", "WatchNeverClosed", "InterruptSwallowed",
      "UnboundedInformerWait", "StatefulIndexFunction", "MissingGoneHandling");

  private static final Path DOCS = Path.of("..", "docs", "rules");

  @Test
  void registeredRulesUseOnlyDesignIdsAndNamedClasses() {
    for (Rule r : RuleRegistry.builtIn().rules()) {
      assertThat(DESIGN_IDS).contains(r.descriptor().id());
      assertThat(r.getClass().getSimpleName()).isEqualTo(r.descriptor().id());
    }
  }

  @Test
  void everyDesignRuleIsRegistered() {
    assertThat(RuleRegistry.builtIn().descriptors()).extracting(RuleDescriptor::id)
        .containsExactlyInAnyOrderElementsOf(DESIGN_IDS);
  }

  @TestFactory
  Stream<DynamicTest> everyRuleHasDocsAndFixtures() {
    return RuleRegistry.builtIn().rules().stream().map(Rule::descriptor).map(d -> DynamicTest.dynamicTest(d.id(), () -> {
      Path page = DOCS.resolve(d.id() + ".md");
      assertThat(page).as("docs page for %s", d.id()).exists();
      String text = Files.readString(page);
      assertThat(text).as("docs of %s", d.id())
          .contains("# " + d.id())
          .containsIgnoringCase("why it hurts")
          .containsIgnoringCase("noncompliant")
          .containsIgnoringCase("compliant")
          .contains("@SuppressWarnings(\"informer-guard:" + d.id() + "\")")
          .containsIgnoringCase("runtime-guard");
      assertThat(d.helpUri()).endsWith("docs/rules/" + d.id() + ".md");

      Fixture fixture = Fixture.of(d.id());
      long positives = fixture.expectations().stream().filter(e -> e.ruleId().equals(d.id())).count();
      assertThat(positives).as("positive cases of %s", d.id()).isGreaterThanOrEqualTo(1);
      long codeLines = fixture.files().stream().mapToLong(RuleCatalogTest::codeLines).sum();
      assertThat(codeLines).as("%s fixture has negatives (unmarked code) beyond its positives", d.id())
          .isGreaterThan(positives * 2);
    }));
  }

  /**
   * Every rule's fixture compiles against the real client jars, and the rule reports exactly its
   * marked lines in precise and in lenient mode (see FixtureRunner.verify).
   */
  @TestFactory
  Stream<DynamicTest> everyRuleMatchesItsFixtureInBothModes(@TempDir Path out) {
    return RuleRegistry.builtIn().rules().stream().map(r -> r.descriptor().id()).map(id -> DynamicTest.dynamicTest(id, () -> {
      Path classes = Files.createDirectories(out.resolve(id));
      FixtureRunner.assertCompiles(Fixture.of(id), classes);
      FixtureRunner.verify(id);
    }));
  }

  @Test
  void docsIndexIsGeneratedFromTheDescriptors() throws IOException {
    String expected = DocsIndex.render(RuleRegistry.builtIn().descriptors());
    Path index = DOCS.resolve("README.md");
    if (Boolean.getBoolean("informerguard.updateDocs")) {
      Files.writeString(index, expected);
    }
    assertThat(Files.readString(index)).as("docs/rules/README.md is current (see its header to regenerate)").isEqualTo(expected);
  }

  private static long codeLines(Path p) {
    try (Stream<String> lines = Files.lines(p)) {
      return lines.map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("//") && !l.startsWith("*")
          && !l.startsWith("/*") && !l.startsWith("import") && !l.equals("}")).count();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
