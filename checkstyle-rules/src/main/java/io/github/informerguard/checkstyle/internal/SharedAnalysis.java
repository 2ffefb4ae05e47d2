package io.github.informerguard.checkstyle.internal;

import io.github.informerguard.analyzer.api.Rule;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.api.RuleSettings;
import io.github.informerguard.analyzer.engine.AnalysisError;
import io.github.informerguard.analyzer.engine.Analyzer;
import io.github.informerguard.analyzer.engine.FileOutcome;
import io.github.informerguard.analyzer.engine.RuleRegistry;
import io.github.informerguard.analyzer.policy.Policy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;

/**
 * The engine result shared by the informer-guard checks of one Checkstyle run, so that a file
 * is parsed once, not once per check.
 *
 * <p>A run is identified by an owner object that every module of one {@code Checker} receives:
 * Checkstyle hands its module factory to each child module through the context (the same way
 * {@code TreeWalker} gets it). Checks of a run are put into groups; a group holds at most one
 * setting per rule and one test-code setting, so checks of the same rule with different
 * properties land in different groups and get their own engine run. Each group analyzes a file once for all of its rules,
 * with every other rule disabled, and keeps the last few results keyed by path and exact text.
 */
public final class SharedAnalysis {

  /** How many files' results a group keeps; Checker runs all checks on one file before the next. */
  private static final int CACHED_FILES = 4;

  private static final Map<Object, SharedAnalysis> RUNS = Collections.synchronizedMap(new WeakHashMap<>());

  private final Analyzer analyzer = new Analyzer(Registry.RULES);
  private final List<Group> groups = new ArrayList<>();
  /**
   * The text of each file whose analysis errors a check of this run has reported: every check
   * (and every group) sees the same errors, and the user is told about a file once.
   */
  private final Map<Path, String> errorsReported = new HashMap<>();

  private SharedAnalysis() {}

  /**
   * The errors of {@code outcome} (the file could not be analyzed: it does not parse, cannot be
   * read, a rule failed on it), the first time a check of this run asks for this file and text;
   * an empty list afterwards, so that one check reports them and the others stay silent.
   */
  public synchronized List<AnalysisError> unreportedErrors(Path file, String text, FileOutcome outcome) {
    if (outcome.errors().isEmpty()) {
      return List.of();
    }
    Path key = file.toAbsolutePath().normalize();
    if (text.equals(errorsReported.get(key))) {
      return List.of();
    }
    errorsReported.put(key, text);
    return outcome.errors();
  }

  /** The rules of this analyzer build. */
  public static RuleRegistry registry() {
    return Registry.RULES;
  }

  /** The run that {@code owner} (the Checker's module factory, or the check itself) identifies. */
  public static SharedAnalysis of(Object owner) {
    synchronized (RUNS) {
      return RUNS.computeIfAbsent(owner, k -> new SharedAnalysis());
    }
  }

  /** Forgets the run of {@code owner} and its cached results; later calls start afresh. */
  public static void release(Object owner) {
    RUNS.remove(owner);
  }

  /**
   * Adds one check's rule settings to a group of this run and returns that group; the group's
   * policy reports test code when {@code reportTestSources}, else skips it as the CLI does.
   */
  public synchronized Group join(RuleDescriptor rule, RuleSettings settings, boolean reportTestSources) {
    for (Group g : groups) {
      if (g.reportTestSources == reportTestSources && g.accepts(rule.id(), settings)) {
        g.add(rule.id(), settings);
        return g;
      }
    }
    Group g = new Group(analyzer, reportTestSources);
    g.add(rule.id(), settings);
    groups.add(g);
    return g;
  }

  /** The rules one engine run evaluates, and its recent results. */
  public static final class Group {

    private final Analyzer analyzer;
    private final Map<String, RuleSettings> settings = new LinkedHashMap<>();
    private final Map<Path, Cached> recent = new LinkedHashMap<>(8, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<Path, Cached> eldest) {
        return size() > CACHED_FILES;
      }
    };
    private final boolean reportTestSources;
    /**
     * Test roots are judged from the JVM's working directory, where the CLI would be run: the
     * reactor or project folder under Maven, the project folder in an IDE.
     */
    private final Path workingDirectory = Path.of(System.getProperty("user.dir")).toAbsolutePath();
    private Policy policy;
    private int engineRuns;

    private Group(Analyzer analyzer, boolean reportTestSources) {
      this.analyzer = analyzer;
      this.reportTestSources = reportTestSources;
    }

    private synchronized boolean accepts(String ruleId, RuleSettings s) {
      RuleSettings present = settings.get(ruleId);
      return present == null || present.equals(s);
    }

    private synchronized void add(String ruleId, RuleSettings s) {
      settings.put(ruleId, s);
      policy = null;
      recent.clear();
    }

    /**
     * The engine's outcome for this file and text under this group's policy: the rules of the
     * group's checks, every other rule off. Computed once per path and text.
     */
    public synchronized FileOutcome analyze(Path file, String text) {
      Path key = file.toAbsolutePath().normalize();
      Cached hit = recent.get(key);
      if (hit != null && hit.text.equals(text)) {
        return hit.outcome;
      }
      FileOutcome outcome = analyzer.analyzeText(key, text, policy(), workingDirectory);
      engineRuns++;
      recent.put(key, new Cached(text, outcome));
      return outcome;
    }

    /** How many times this group ran the engine (for tests of the sharing). */
    public synchronized int engineRuns() {
      return engineRuns;
    }

    /** The rule ids whose checks share this group. */
    public synchronized List<String> ruleIds() {
      return List.copyOf(settings.keySet());
    }

    private Policy policy() {
      if (policy == null) {
        Map<String, RuleSettings> all = new HashMap<>();
        for (Rule r : Registry.RULES.rules()) {
          RuleDescriptor d = r.descriptor();
          all.put(d.id(), Optional.ofNullable(settings.get(d.id()))
              .orElse(new RuleSettings(false, d.defaultSeverity(), Map.of())));
        }
        // Checkstyle decides which files it is given (includeTestSourceDirectory, the IDE's
        // test-source switch); within them the checks skip test code as the CLI does, unless the
        // checks say testSources=report.
        policy = new Policy("<checkstyle configuration>", all, List.of(), reportTestSources);
      }
      return policy;
    }
  }

  private record Cached(String text, FileOutcome outcome) {}

  /** Loaded once per class loader: built-in rules plus service-registered ones. */
  private static final class Registry {
    static final RuleRegistry RULES = RuleRegistry.load(SharedAnalysis.class.getClassLoader());
  }
}
