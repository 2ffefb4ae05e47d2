package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.informerguard.analyzer.api.Family;
import io.github.informerguard.analyzer.api.Rule;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.api.Severity;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RuleRegistryTest {

  /** A third-party rule, found through ServiceLoader in the test below. */
  public static final class ExtraRule implements Rule {
    @Override
    public RuleDescriptor descriptor() {
      return new RuleDescriptor("ExtraRule", "a third-party rule", Severity.INFO, Family.CANCELLATION, "0.1.0",
          Set.of("extra"), Map.of());
    }

    @Override
    public void check(RuleContext context) {}
  }

  @Test
  void findsThirdPartyRulesThroughServiceLoader(@TempDir Path dir) throws IOException {
    Path services = dir.resolve("META-INF/services/" + Rule.class.getName());
    Files.createDirectories(services.getParent());
    Files.writeString(services, ExtraRule.class.getName() + "\n");
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      RuleRegistry registry = RuleRegistry.load(loader);
      assertThat(registry.find("ExtraRule")).isPresent();
      assertThat(registry.find("ShortResyncPeriod")).isPresent();
    }
    assertThat(RuleRegistry.builtIn().find("ExtraRule")).isEmpty();
  }

  @Test
  void rejectsTwoRulesWithTheSameId() {
    Rule impostor = new Rule() {
      @Override
      public RuleDescriptor descriptor() {
        return new ExtraRule().descriptor();
      }

      @Override
      public void check(RuleContext context) {}
    };
    assertThatThrownBy(() -> RuleRegistry.of(List.of(new ExtraRule(), impostor)))
        .hasMessageContaining("two rules share the id ExtraRule");
  }

  @Test
  void descriptorsValidateTheirIds() {
    assertThatThrownBy(() -> new RuleDescriptor("bad id", "x", Severity.INFO, Family.RESYNC, "0.1.0", Set.of("x"), Map.of()))
        .hasMessageContaining("UpperCamelCase");
    assertThatThrownBy(() -> new RuleDescriptor("Good", "x", Severity.INFO, Family.RESYNC, "0.1.0", Set.of(), Map.of()))
        .hasMessageContaining("trigger word");
  }
}
