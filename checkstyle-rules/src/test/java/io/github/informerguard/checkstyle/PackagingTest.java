package io.github.informerguard.checkstyle;

import static org.assertj.core.api.Assertions.assertThat;

import com.puppycrawl.tools.checkstyle.meta.ModuleDetails;
import com.puppycrawl.tools.checkstyle.meta.ModulePropertyDetails;
import com.puppycrawl.tools.checkstyle.meta.XmlMetaReader;
import io.github.informerguard.analyzer.api.Rule;
import io.github.informerguard.analyzer.engine.RuleRegistry;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The files Checkstyle and tools read: metadata, messages, packages, the shipped configuration. */
class PackagingTest {

  private static final String PACKAGE = "io.github.informerguard.checkstyle";

  @Test
  void checkstyleReadsMetadataForEveryRule() throws Exception {
    Map<String, ModuleDetails> ours = XmlMetaReader.readAllModulesIncludingThirdPartyIfAny(PACKAGE).stream()
        .filter(m -> m.getFullQualifiedName().startsWith(PACKAGE + "."))
        .collect(Collectors.toMap(ModuleDetails::getName, Function.identity()));
    assertThat(ours.keySet()).containsExactlyInAnyOrderElementsOf(CheckstyleHarness.DESIGN_RULE_IDS);
    Properties messages = new Properties();
    try (InputStream in = getClass().getResourceAsStream("/io/github/informerguard/checkstyle/messages.properties")) {
      messages.load(in);
    }
    for (ModuleDetails m : ours.values()) {
      Class<?> check = Class.forName(m.getFullQualifiedName());
      assertThat(check.getSimpleName()).isEqualTo(m.getName() + "Check");
      assertThat(AbstractInformerGuardCheck.class).isAssignableFrom(check);
      assertThat(Modifier.isAbstract(check.getModifiers())).isFalse();
      assertThat(m.getParent()).isEqualTo("com.puppycrawl.tools.checkstyle.Checker");
      AbstractInformerGuardCheck instance = (AbstractInformerGuardCheck) check.getConstructor().newInstance();
      assertThat(instance.getRuleId()).isEqualTo(m.getName());
      assertThat(check.getField("MSG_KEY").get(null)).isEqualTo(instance.getMessageKey());
      assertThat(m.getViolationMessageKeys()).containsExactly(instance.getMessageKey());
      assertThat(messages.getProperty(instance.getMessageKey())).as("message of %s", m.getName()).isEqualTo("{0}");
      assertThat(m.getDescription()).isNotBlank();
      Set<String> documented = m.getProperties().stream().map(ModulePropertyDetails::getName)
          .collect(Collectors.toCollection(TreeSet::new));
      assertThat(documented).as("metadata properties of %s are its setters", m.getName())
          .isEqualTo(setters(check));
    }
  }

  @Test
  void everyPolicyOptionOfARuleInThisBuildCanBeSet() throws Exception {
    for (Rule rule : RuleRegistry.builtIn().rules()) {
      String id = rule.descriptor().id();
      if (!CheckstyleHarness.DESIGN_RULE_IDS.contains(id)) {
        continue;
      }
      Class<?> check = Class.forName(PACKAGE + "." + id + "Check");
      Set<String> typed = setters(check);
      typed.removeAll(Set.of("options", "fileExtensions", "testSources"));
      assertThat(rule.descriptor().options().keySet())
          .as("typed properties of %s are policy options (others are set through 'options')", id)
          .containsAll(typed);
    }
  }

  @Test
  void packagesFileNamesOurPackage() throws Exception {
    assertThat(com.puppycrawl.tools.checkstyle.PackageNamesLoader.getPackageNames(getClass().getClassLoader()))
        .contains(PACKAGE);
  }

  @Test
  void shippedConfigurationIsInTheJarAndListsEveryRuleUnderChecker() throws Exception {
    byte[] inModule = Files.readAllBytes(CheckstyleHarness.shippedConfigFile());
    try (InputStream in = getClass().getResourceAsStream("/informer-guard-checks.xml")) {
      assertThat(in).isNotNull();
      assertThat(in.readAllBytes()).isEqualTo(inModule);
    }
    var config = CheckstyleHarness.load(CheckstyleHarness.shippedConfigFile());
    assertThat(config.getName()).isEqualTo("Checker");
    assertThat(Arrays.stream(config.getChildren()).map(c -> c.getName()).toList())
        .containsExactlyElementsOf(CheckstyleHarness.DESIGN_RULE_IDS);
  }

  /** Bean properties a configuration can set: public setters of the check (and its base), minus Checkstyle's own. */
  private static Set<String> setters(Class<?> check) {
    Set<String> out = new TreeSet<>();
    for (Method m : check.getMethods()) {
      Class<?> owner = m.getDeclaringClass();
      boolean ours = owner == check || owner == AbstractInformerGuardCheck.class;
      if (ours && m.getName().startsWith("set") && m.getParameterCount() == 1 && !m.getName().equals("setModuleFactory")) {
        out.add(Character.toLowerCase(m.getName().charAt(3)) + m.getName().substring(4));
      }
    }
    out.add("fileExtensions");
    return out;
  }
}
