package io.github.informerguard.checkstyle;

import com.puppycrawl.tools.checkstyle.ModuleFactory;
import com.puppycrawl.tools.checkstyle.api.AbstractFileSetCheck;
import com.puppycrawl.tools.checkstyle.api.CheckstyleException;
import com.puppycrawl.tools.checkstyle.api.FileText;
import com.puppycrawl.tools.checkstyle.api.SeverityLevel;
import com.puppycrawl.tools.checkstyle.api.Violation;
import io.github.informerguard.analyzer.Version;
import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.OptionType;
import io.github.informerguard.analyzer.api.Rule;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.api.RuleSettings;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.engine.AnalysisError;
import io.github.informerguard.analyzer.engine.FileOutcome;
import io.github.informerguard.analyzer.policy.Durations;
import io.github.informerguard.checkstyle.internal.SharedAnalysis;
import java.io.File;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A Checkstyle {@code FileSetCheck} that reports one informer-guard rule. It hands the file's
 * text to the informer-guard analyzer in lenient mode (no classpath, as in an IDE) and logs the
 * findings of its rule where the CLI reports them. The checks of one Checker share one engine
 * run per file (see {@link SharedAnalysis}).
 *
 * <p>Properties: the rule's policy options (typed setters on each check, or the generic
 * {@code options} property, {@code key=value} pairs), {@code severity} as for every Checkstyle
 * check (the module's own, else the Checker's, else {@code error}), {@code testSources}
 * ({@code skip}, the default, or {@code report}: the policy's setting of that name), and
 * Checkstyle's usual {@code fileExtensions} (default {@code java}) and {@code id}.
 *
 * <p>The module's severity is both the rule's policy severity and a ceiling: a finding the
 * engine reports below it (a hint at {@code info}) keeps its lower level, one it raises above
 * it (a swallowed interrupt in an informer callback) is reported at the module's severity, so
 * a configuration whose Checker says {@code warning} never gets an {@code error} from these
 * checks, as from Checkstyle's own.
 */
public abstract class AbstractInformerGuardCheck extends AbstractFileSetCheck {

  private final String ruleId;
  private final Map<String, String> rawOptions = new LinkedHashMap<>();
  private Object runOwner = this;
  private SharedAnalysis run;
  private SharedAnalysis.Group group;
  private Severity policySeverity;
  private boolean ignored;
  private boolean reportTestSources;

  /** @param ruleId the informer-guard rule this check reports */
  protected AbstractInformerGuardCheck(String ruleId) {
    this.ruleId = ruleId;
    setFileExtensions("java");
  }

  /** The informer-guard rule id this check reports. */
  public final String getRuleId() {
    return ruleId;
  }

  /** The message key of this check: the rule id in dotted lower case, e.g. {@code short.resync.period}. */
  public final String getMessageKey() {
    return messageKey(ruleId);
  }

  /** The dotted lower-case message key for a rule id. */
  public static String messageKey(String ruleId) {
    return ruleId.replaceAll("([a-z0-9])([A-Z])", "$1.$2").toLowerCase(Locale.ROOT);
  }

  /**
   * Receives the Checker's module factory through the Checkstyle context (as {@code TreeWalker}
   * does); it identifies the run whose checks share one engine result per file.
   *
   * @param moduleFactory the factory of the Checker this check runs under
   */
  public final void setModuleFactory(ModuleFactory moduleFactory) {
    if (moduleFactory != null) {
      runOwner = moduleFactory;
    }
  }

  /**
   * Rule options as {@code key=value} pairs, with the keys and values of the policy file
   * (for example {@code minimumPeriod=5m}).
   *
   * @param pairs the options
   */
  public final void setOptions(String... pairs) {
    for (String pair : pairs) {
      if (pair.isBlank()) {
        continue;
      }
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException(
            "option '" + pair.trim() + "' of " + ruleId + " must be written key=value, e.g. minimumPeriod=5m");
      }
      rawOptions.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
    }
  }

  /**
   * Whether findings in test code are reported, as the policy's {@code testSources}: {@code skip}
   * (the default, as in the CLI and the Maven plugin) reports nothing in files under a test source
   * root ({@code src/test/}, {@code src/it/}, {@code src/testFixtures/} below the working
   * directory) or in classes that use JUnit, TestNG or AssertJ; {@code report} reports them too.
   *
   * @param value {@code skip} or {@code report}
   */
  public final void setTestSources(String value) {
    String v = value.trim();
    if (!v.equals("skip") && !v.equals("report")) {
      throw new IllegalArgumentException("testSources of " + ruleId + " must be skip or report, not '" + v + "'");
    }
    reportTestSources = v.equals("report");
  }

  /** Records a policy option given by a typed property; validated in {@link #finishLocalSetup()}. */
  protected final void option(String key, String value) {
    rawOptions.put(key, value.trim());
  }

  @Override
  protected void finishLocalSetup() throws CheckstyleException {
    RuleDescriptor descriptor = SharedAnalysis.registry().find(ruleId).map(Rule::descriptor)
        .orElseThrow(() -> new CheckstyleException("informer-guard: rule " + ruleId
            + " is not in this analyzer build (informer-guard-analyzer " + Version.VERSION + " has "
            + SharedAnalysis.registry().descriptors().stream().map(RuleDescriptor::id)
                .collect(Collectors.joining(", "))
            + "); remove the module " + getClass().getSimpleName() + " or use a matching informer-guard-checkstyle jar"));
    Map<String, Object> options = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : rawOptions.entrySet()) {
      OptionType type = descriptor.options().get(e.getKey());
      if (type == null) {
        throw new CheckstyleException("informer-guard: " + ruleId + " has no option '" + e.getKey() + "'; it accepts "
            + (descriptor.options().isEmpty() ? "none" : String.join(", ", new TreeSet<>(descriptor.options().keySet()))));
      }
      options.put(e.getKey(), convert(type, e.getKey(), e.getValue()));
    }
    // getSeverityLevel() is what Checkstyle resolved for this module: its own severity
    // property, else the one the Checker hands every child through the context, else error.
    SeverityLevel level = getSeverityLevel();
    ignored = level == SeverityLevel.IGNORE;
    policySeverity = ignored ? descriptor.defaultSeverity() : Severity.parse(level.getName());
    run = SharedAnalysis.of(runOwner);
    group = run.join(descriptor, new RuleSettings(true, policySeverity, options), reportTestSources);
  }

  private Object convert(OptionType type, String key, String value) throws CheckstyleException {
    try {
      return switch (type) {
        case DURATION -> {
          Duration d = Durations.parse(value);
          if (d.isNegative()) {
            throw new IllegalArgumentException("'" + value + "' is negative");
          }
          yield d;
        }
        case BOOLEAN -> {
          if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException("'" + value + "' must be true or false");
          }
          yield Boolean.valueOf(value);
        }
        case INTEGER -> Integer.valueOf(value);
        case SCOPE -> {
          if (!type.keywords().contains(value)) {
            throw new IllegalArgumentException("'" + value + "' must be one of " + String.join(", ", type.keywords()));
          }
          yield value;
        }
      };
    } catch (IllegalArgumentException e) {
      throw new CheckstyleException("informer-guard: " + ruleId + " option '" + key + "': " + e.getMessage(), e);
    }
  }

  @Override
  protected void processFiltered(File file, FileText fileText) throws CheckstyleException {
    if (group == null) {
      throw new CheckstyleException(getClass().getSimpleName() + " was not configured");
    }
    String text = fileText.getFullText().toString();
    FileOutcome outcome = group.analyze(file.toPath(), text);
    SortedSet<Violation> violations = new TreeSet<>();
    String key = getMessageKey();
    for (Finding f : outcome.findings()) {
      if (!f.ruleId().equals(ruleId)) {
        continue;
      }
      SeverityLevel level = ignored ? SeverityLevel.IGNORE
          : SeverityLevel.getInstance(capped(f.severity()).id());
      violations.add(new Violation(f.line(), column(fileText, f.line(), f.column()), getMessageBundle(), key,
          new Object[] {f.message()}, level, getId(), getClass(), getCustomMessages().get(key)));
    }
    // A file the engine could not analyze would otherwise pass in silence: one check of the run
    // says so, at the error's line, as a warning (never above the module's severity), so that
    // the build fails on it only where warnings fail it, as an unparsable file does not change
    // the CLI's exit status. A check set to ignore leaves it to the others.
    List<AnalysisError> errors = ignored ? List.of()
        : run.unreportedErrors(file.toPath(), text, outcome);
    for (AnalysisError e : errors) {
      violations.add(new Violation(Math.max(e.line(), 1), 0, getMessageBundle(), ANALYSIS_ERROR_KEY,
          new Object[] {e.message()}, SeverityLevel.getInstance(capped(Severity.WARNING).id()), getId(), getClass(),
          null));
    }
    addViolations(violations);
  }

  /** The message key of a file the engine could not analyze (same for every check). */
  static final String ANALYSIS_ERROR_KEY = "informer.guard.not.analyzed";

  /** The finding's severity, never above the module's: Checkstyle gives a module one severity. */
  private Severity capped(Severity engine) {
    return engine.atLeast(policySeverity) ? policySeverity : engine;
  }

  /**
   * Checkstyle's 1-based column for the engine's 1-based character column: tabs before it are
   * expanded to the Checker's {@code tabWidth}, as for every Checkstyle check.
   */
  private int column(FileText text, int line, int engineColumn) {
    if (line < 1 || line > text.size()) {
      return engineColumn;
    }
    String s = text.get(line - 1);
    int upTo = Math.min(Math.max(engineColumn - 1, 0), s.length());
    int tab = Math.max(getTabWidth(), 1);
    int len = 0;
    for (int i = 0; i < upTo; i++) {
      len = s.charAt(i) == '\t' ? (len / tab + 1) * tab : len + 1;
    }
    return len + 1;
  }

  @Override
  public void destroy() {
    SharedAnalysis.release(runOwner);
    super.destroy();
  }

  /** The engine group this check reads from (for tests of the sharing). */
  final SharedAnalysis.Group group() {
    return group;
  }
}
