package io.github.informerguard.checkstyle;

import static org.assertj.core.api.Assertions.assertThat;

import com.puppycrawl.tools.checkstyle.Checker;
import com.puppycrawl.tools.checkstyle.ConfigurationLoader;
import com.puppycrawl.tools.checkstyle.DefaultConfiguration;
import com.puppycrawl.tools.checkstyle.ModuleFactory;
import com.puppycrawl.tools.checkstyle.PackageObjectFactory;
import com.puppycrawl.tools.checkstyle.PropertiesExpander;
import com.puppycrawl.tools.checkstyle.api.AuditEvent;
import com.puppycrawl.tools.checkstyle.api.AuditListener;
import com.puppycrawl.tools.checkstyle.api.CheckstyleException;
import com.puppycrawl.tools.checkstyle.api.Configuration;
import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.engine.AnalysisRequest;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.engine.Analyzer;
import io.github.informerguard.analyzer.engine.RuleRegistry;
import io.github.informerguard.analyzer.policy.Policy;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/** Runs the real Checkstyle {@link Checker} and collects what it reports. */
final class CheckstyleHarness {

  /** The seven rule ids of DESIGN.md, in catalog order. */
  static final List<String> DESIGN_RULE_IDS = List.of("ShortResyncPeriod", "InformerNeverStopped",
      "WatchNeverClosed", "InterruptSwallowed", "UnboundedInformerWait", "StatefulIndexFunction",
      "MissingGoneHandling");

  private CheckstyleHarness() {}

  /** One reported violation, comparable with an engine {@link Finding}. */
  record Reported(String ruleId, String moduleId, String file, int line, int column, String severity, String message)
      implements Comparable<Reported> {
    @Override
    public int compareTo(Reported o) {
      return toString().compareTo(o.toString());
    }

    /** The same with the severity lowered to {@code ceiling} when above it. */
    Reported severityAtMost(io.github.informerguard.analyzer.api.Severity ceiling) {
      var own = io.github.informerguard.analyzer.api.Severity.parse(severity);
      return own.atLeast(ceiling)
          ? new Reported(ruleId, moduleId, file, line, column, ceiling.id(), message) : this;
    }

    /** The same without the module id, to compare with the engine. */
    Reported withoutModuleId() {
      return new Reported(ruleId, null, file, line, column, severity, message);
    }
  }

  static Path fixturesRoot() {
    Path p = Path.of(System.getProperty("informerguard.fixtures", "../analyzer/src/test/resources/fixtures"));
    assertThat(p).as("the analyzer's fixtures folder").isDirectory();
    return p.toAbsolutePath().normalize();
  }

  static Path shippedConfigFile() {
    return Path.of(System.getProperty("informerguard.checksConfig", "informer-guard-checks.xml")).toAbsolutePath();
  }

  static boolean inThisBuild(String ruleId) {
    return RuleRegistry.builtIn().find(ruleId).isPresent();
  }

  static DefaultConfiguration load(Path config) throws CheckstyleException {
    return (DefaultConfiguration) ConfigurationLoader.loadConfiguration(
        config.toString(), new PropertiesExpander(new Properties()));
  }

  static DefaultConfiguration loadXml(Path dir, String xml) throws CheckstyleException {
    try {
      Path f = Files.createTempFile(dir, "checks", ".xml");
      Files.writeString(f, xml);
      return load(f);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The shipped configuration without the modules of rules this analyzer build lacks; asserts
   * that exactly those were removed, so nothing else is quietly dropped.
   */
  static DefaultConfiguration shippedForThisBuild() throws CheckstyleException {
    DefaultConfiguration config = load(shippedConfigFile());
    List<String> removed = new ArrayList<>();
    for (Configuration child : config.getChildren()) {
      String rule = ruleOf(child.getName());
      if (DESIGN_RULE_IDS.contains(rule) && !inThisBuild(rule)) {
        config.removeChild(child);
        removed.add(rule);
      }
    }
    List<String> missing = DESIGN_RULE_IDS.stream().filter(r -> !inThisBuild(r)).toList();
    assertThat(removed).as("modules removed for rules missing from this build").containsExactlyElementsOf(missing);
    return config;
  }

  static String ruleOf(String moduleName) {
    String simple = moduleName.substring(moduleName.lastIndexOf('.') + 1);
    return simple.endsWith("Check") ? simple.substring(0, simple.length() - "Check".length()) : simple;
  }

  static List<File> javaFiles(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> p.toString().endsWith(".java")).sorted().map(Path::toFile).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** What one Checker run reported, the modules its factory created, and any exception it raised. */
  record Run(Set<Reported> reported, List<Object> modules, List<String> exceptions) {}

  /**
   * Runs the Checker with every informer-guard module set to {@code testSources=report} unless
   * the configuration sets it: the analyzer's fixtures live under {@code src/test/} and some use
   * JUnit or AssertJ, so by default the checks would skip all of them.
   */
  static Run run(Configuration config, Path relativeTo, List<File> files) throws CheckstyleException {
    reportTestCode(config);
    return runAsConfigured(config, relativeTo, files);
  }

  private static void reportTestCode(Configuration config) {
    if (DESIGN_RULE_IDS.contains(ruleOf(config.getName())) && config instanceof DefaultConfiguration d
        && !Arrays.asList(d.getPropertyNames()).contains("testSources")) {
      d.addProperty("testSources", "report");
    }
    for (Configuration child : config.getChildren()) {
      reportTestCode(child);
    }
  }

  /** Runs the Checker with the configuration exactly as given. */
  static Run runAsConfigured(Configuration config, Path relativeTo, List<File> files) throws CheckstyleException {
    Set<Reported> reported = Collections.synchronizedSet(new TreeSet<>());
    List<String> exceptions = Collections.synchronizedList(new ArrayList<>());
    List<Object> modules = Collections.synchronizedList(new ArrayList<>());
    ClassLoader loader = Checker.class.getClassLoader();
    PackageObjectFactory packages = new PackageObjectFactory(
        com.puppycrawl.tools.checkstyle.PackageNamesLoader.getPackageNames(loader), loader);
    ModuleFactory recording = name -> {
      Object m = packages.createModule(name);
      modules.add(m);
      return m;
    };
    Checker checker = new Checker();
    checker.setModuleClassLoader(loader);
    checker.setModuleFactory(recording);
    checker.configure(config);
    checker.addListener(new AuditListener() {
      @Override public void auditStarted(AuditEvent event) {}
      @Override public void auditFinished(AuditEvent event) {}
      @Override public void fileStarted(AuditEvent event) {}
      @Override public void fileFinished(AuditEvent event) {}

      @Override
      public void addError(AuditEvent e) {
        reported.add(new Reported(ruleOf(e.getSourceName()), e.getModuleId(), relative(relativeTo, e.getFileName()),
            e.getLine(), e.getColumn(), e.getSeverityLevel().getName(), e.getMessage()));
      }

      @Override
      public void addException(AuditEvent event, Throwable throwable) {
        exceptions.add(event.getFileName() + ": " + throwable);
      }
    });
    try {
      checker.process(files);
    } finally {
      checker.destroy();
    }
    return new Run(reported, modules, exceptions);
  }

  /** The analyzer's own lenient findings (what the CLI reports without --classpath) on the same inputs. */
  static Set<Reported> analyzerLenient(Path input, Path relativeTo, Policy policy) {
    // The checks report in test code too (Checkstyle chooses the files), so the engine must as well.
    AnalysisResult result = new Analyzer().analyze(AnalysisRequest.lenient(List.of(input),
        policy.withTestSourcesReported(), relativeTo));
    Set<Reported> out = new TreeSet<>();
    for (Finding f : result.findings()) {
      out.add(new Reported(f.ruleId(), null, relative(relativeTo, f.file().toString()), f.line(), f.column(),
          f.severity().id(), f.message()));
    }
    return out;
  }

  static String relative(Path base, String file) {
    return base.relativize(Path.of(file).toAbsolutePath().normalize()).toString().replace('\\', '/');
  }
}
