package io.github.informerguard.maven;

import io.github.informerguard.analyzer.api.AnalysisMode;
import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.engine.AnalysisError;
import io.github.informerguard.analyzer.engine.AnalysisRequest;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.engine.AnalysisStats;
import io.github.informerguard.analyzer.engine.Analyzer;
import io.github.informerguard.analyzer.engine.Baseline;
import io.github.informerguard.analyzer.engine.RuleRegistry;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.policy.PolicyException;
import io.github.informerguard.analyzer.policy.PolicyLoader;
import io.github.informerguard.analyzer.resolve.JarIndex;
import io.github.informerguard.analyzer.report.ReportFormat;
import io.github.informerguard.analyzer.report.Reporter;
import io.github.informerguard.analyzer.report.RepositoryRoot;
import io.github.informerguard.analyzer.report.TextReport;
import io.github.informerguard.analyzer.report.sarif.SarifLog;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;

/**
 * Analyzes the module's Java sources for Kubernetes informer and watch misuse, logs each finding
 * javac-style, writes {@code informer-guard.json} and {@code informer-guard.sarif} to
 * {@code outputDirectory}, and fails the build when findings at or above {@code failOn} exceed
 * {@code maxAllowedViolations}.
 *
 * <p>The sources are the compile source roots (plus the test source roots with
 * {@code includeTests}), analyzed in precise mode against the module's compile (or test)
 * classpath, so a constant defined in a dependency or a sibling module folds to its value. Runs
 * after {@code package} by default, so the classes of the module itself are on that classpath.
 * Modules with {@code pom} packaging or without any existing source root are skipped.
 */
@Mojo(
    name = "check",
    defaultPhase = LifecyclePhase.VERIFY,
    requiresDependencyResolution = ResolutionScope.TEST,
    threadSafe = true)
public class CheckMojo extends AbstractMojo {

  static final String JSON_REPORT = "informer-guard.json";

  /** Workers of the start goal's analysis; {@code 0} is one per core, as the check's own. For measuring. */
  private static final int EARLY_THREADS = Integer.getInteger("informerguard.earlyThreads", 1);
  static final String SARIF_REPORT = "informer-guard.sarif";

  /** The module being built. */
  @Parameter(defaultValue = "${project}", readonly = true, required = true)
  private MavenProject project;

  /** Skips the analysis entirely; nothing is analyzed and no report is written. */
  @Parameter(property = "informer-guard.skip", defaultValue = "false")
  private boolean skip;

  /**
   * Whether findings at or above {@code failOn}, when there are more of them than
   * {@code maxAllowedViolations}, fail the build. When false they are still logged and written to
   * the reports, and the build goes on.
   */
  @Parameter(property = "informer-guard.failOnViolation", defaultValue = "true")
  private boolean failOnViolation;

  /**
   * The lowest finding severity that counts towards failing the build: {@code info},
   * {@code warning} or {@code error}. Findings below it are logged and reported but never fail
   * the build. A rule's severity comes from its default or from the policy file.
   */
  @Parameter(property = "informer-guard.failOn", defaultValue = "warning")
  private String failOn;

  /**
   * How many findings at or above {@code failOn} are tolerated before the build fails; the
   * build fails only when their number exceeds this value.
   */
  @Parameter(property = "informer-guard.maxAllowedViolations", defaultValue = "0")
  private int maxAllowedViolations;

  /**
   * Whether to log each finding, javac-style, at its severity's level
   * ({@code [WARNING] /abs/path/Foo.java:[12,9] RuleId: message}), so that IDEs and CI annotate
   * the line. When false, only the per-rule summary and the verdict are logged; the reports
   * still hold every finding.
   */
  @Parameter(property = "informer-guard.printFailingErrors", defaultValue = "true")
  private boolean printFailingErrors;

  /**
   * The policy file (YAML or JSON) with per-rule settings and exclusion globs, for example
   * <code>rules: { ShortResyncPeriod: { severity: error, minimumPeriod: 5m } }</code>. When not set,
   * <code>${project.basedir}/informer-guard.yaml</code> is used if it exists, else the rules' defaults.
   * A file that is set but missing, or that has an unknown key or a bad value, fails the build
   * with a message naming the file and the key. In a multi-module build, point every module at
   * one file with <code>${maven.multiModuleProjectDirectory}/informer-guard.yaml</code>.
   */
  @Parameter(property = "informer-guard.configFile")
  private File configFile;

  /** The folder that receives {@code informer-guard.json} and {@code informer-guard.sarif}. */
  @Parameter(property = "informer-guard.outputDirectory", defaultValue = "${project.build.directory}/informer-guard")
  private File outputDirectory;

  /**
   * Also analyzes the test source roots, resolving against the test classpath instead of the
   * compile classpath.
   */
  @Parameter(property = "informer-guard.includeTests", defaultValue = "false")
  private boolean includeTests;

  /**
   * Ant-style patterns, relative to each source root, of the files to analyze (comma-separated
   * in the user property). Only {@code .java} files are ever analyzed.
   */
  @Parameter(property = "informer-guard.includes", defaultValue = "**/*.java")
  private List<String> includes;

  /**
   * Ant-style patterns, relative to each source root, of files not to analyze, such as
   * {@code **}{@code /generated/**} (comma-separated in the user property). Excluded files are
   * never read. The policy file's {@code exclude} globs apply as well.
   */
  @Parameter(property = "informer-guard.excludes")
  private List<String> excludes;

  /**
   * Leaves out source roots under {@code ${project.build.directory}/generated-sources} and
   * {@code generated-test-sources} (code from annotation processors, OpenAPI or CRD generators),
   * which the project cannot fix by editing.
   */
  @Parameter(property = "informer-guard.excludeGeneratedSources", defaultValue = "true")
  private boolean excludeGeneratedSources;

  /**
   * Reuses the results of earlier builds, kept in {@code outputDirectory/cache.json} (and, after
   * a build that analyzed every file, as a snapshot in {@code cacheDirectory}), for every file
   * whose text, the classpath, the policy file, the analyzer and the files it took declarations
   * from are unchanged. {@code false} analyzes every file every time and drops the snapshot.
   */
  @Parameter(property = "informer-guard.cache", defaultValue = "true")
  private boolean cache;

  /**
   * Where {@code cache} keeps, per module, the results of the last build that analyzed every
   * file of the module, and a copy of the reports written from them: one file per module (named
   * after its artifactId and a digest of its folder), at most 500 modules (the least recently
   * used are dropped). Outside {@code target}, so that a {@code mvn clean} build of sources
   * and classes that are all as they were then reuses those results and restores the reports
   * instead of analyzing again. Set it to <code>${project.build.directory}/informer-guard</code> to have
   * {@code mvn clean} discard it.
   */
  @Parameter(property = "informer-guard.cacheDirectory",
      defaultValue = "${settings.localRepository}/.cache/informer-guard/results")
  private File cacheDirectory;

  /**
   * A baseline written by the CLI's {@code --write-baseline} (or by this goal with
   * {@code writeBaseline}): findings whose fingerprint it holds are not reported, and entries
   * that match nothing any more are listed as stale. When not set,
   * <code>${project.basedir}/informer-guard-baseline.json</code> is used if it exists. A file that
   * is set but missing fails the build.
   */
  @Parameter(property = "informer-guard.baselineFile")
  private File baselineFile;

  /**
   * Writes the module's current findings to {@code baselineFile} (default
   * <code>${project.basedir}/informer-guard-baseline.json</code>) instead of reporting them:
   * the way to adopt the rules on a code base with existing findings.
   */
  @Parameter(property = "informer-guard.writeBaseline", defaultValue = "false")
  private boolean writeBaseline;

  /**
   * The repository root that SARIF paths are relative to (GitHub code scanning resolves them
   * from there). Default: the nearest folder above the module that holds {@code .git}, else the
   * folder Maven was started in.
   */
  @Parameter(property = "informer-guard.sourceRoot")
  private File sourceRoot;

  /**
   * Keeps, per classpath jar (by path, size and time), the list of its packages in
   * {@code classpathIndexDirectory}, so that later builds, clean ones included, open only the jars
   * a name is looked up in instead of all of them. {@code false} reads the lists from the jars in
   * every build (the results are the same either way).
   */
  @Parameter(property = "informer-guard.classpathIndex", defaultValue = "true")
  private boolean classpathIndex;

  /**
   * Where {@code classpathIndex} keeps its lists: one small file per jar, written atomically, at
   * most 2,000 (the oldest are dropped). Outside {@code target} so that {@code mvn clean} keeps it;
   * shared safely by concurrent builds.
   */
  @Parameter(property = "informer-guard.classpathIndexDirectory",
      defaultValue = "${settings.localRepository}/.cache/informer-guard/jar-index")
  private File classpathIndexDirectory;

  /** The build, for the execution root and the other modules of the reactor. */
  @Parameter(defaultValue = "${session}", readonly = true, required = true)
  private MavenSession session;

  /** Cached jars in the local repository are identified by size and time instead of content. */
  @Parameter(defaultValue = "${settings.localRepository}", readonly = true)
  private File localRepository;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    Log log = getLog();
    PhaseTimes times = new PhaseTimes();
    if (skip) {
      log.info("Skipping informer-guard: informer-guard.skip is true");
      return;
    }
    if ("pom".equals(project.getPackaging())) {
      log.info("Skipping informer-guard: pom packaging has no sources to analyze");
      return;
    }
    List<Path> roots = existingSourceRoots();
    if (roots.isEmpty()) {
      log.info("Skipping informer-guard: no source root exists (" + String.join(", ", declaredSourceRoots()) + ")");
      return;
    }
    Severity threshold = failOnSeverity();
    if (maxAllowedViolations < 0) {
      throw new MojoExecutionException("maxAllowedViolations must be 0 or more, not " + maxAllowedViolations);
    }

    Optional<Path> policyFile = policyFile();
    Policy loaded = loadPolicy(policyFile);
    Policy policy = includeTests ? loaded.withTestSourcesReported() : loaded;
    Path basedir = project.getBasedir().toPath().toAbsolutePath().normalize();
    List<Path> files;
    try {
      files = new SourceSelection(includes, excludes, policy).select(roots);
    } catch (IOException e) {
      throw new MojoExecutionException("informer-guard cannot list the source files: " + e.getMessage(), e);
    }
    times.lap("policy and sources");

    AnalysisResult result;
    try {
      result = analyze(policy, policyFile, files, basedir, times);
    } catch (UncheckedIOException | IllegalStateException e) {
      throw new MojoExecutionException("informer-guard analysis failed: " + e.getMessage(), e);
    }

    result = baseline(result, basedir);
    logResult(result);
    times.lap("baseline and log");
    List<Path> reports = writeReports(result, policy, basedir);
    times.lap("reports");
    writeReactorSarif();
    times.lap("reactor SARIF");
    if (PhaseTimes.ENABLED) {
      log.info(times.line());
    }
    log.info("informer-guard reports: " + String.join(", ", reports.stream().map(p -> display(basedir, p)).toList())
        + (reportsKept ? " (unchanged since the last build, kept)"
            : reportsRestored ? " (unchanged since the last build, restored from the cache)" : ""));
    decide(Verdict.of(result.findings(), threshold, maxAllowedViolations), reports.get(reports.size() - 1), basedir);
  }

  /** Analyzes the files whose cached results cannot be reused, and merges in the others. */
  private AnalysisResult analyze(Policy policy, Optional<Path> policyFile, List<Path> files, Path basedir,
      PhaseTimes times) throws MojoExecutionException {
    List<Path> classpath = classpath();
    times.lap("classpath");
    AnalysisRequest request = new AnalysisRequest(files, Optional.of(classpath), policy, Optional.empty(), basedir, 0);
    if (!cache) {
      // nor is an earlier snapshot restored after this build (the way to start afresh)
      store().forget();
      AnalysisResult all = analyzer().analyze(request);
      times.lap("analysis");
      return all;
    }
    long start = System.nanoTime();
    EarlyAnalysis.Taken taken;
    try {
      taken = EarlyAnalysis.take(build(), earlyKey());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MojoExecutionException("informer-guard was interrupted waiting for its background analysis", e);
    }
    long waited = (System.nanoTime() - start) / 1_000_000;
    times.lap("wait for the start goal");
    Path cacheFile = cacheFile();
    ResultCache stored;
    String key;
    try {
      key = RunKey.of(policyFile, includeTests, classpath, ownOutputs(), localRepository.toPath());
    } catch (IOException e) {
      throw new MojoExecutionException("informer-guard cannot read the classpath for its cache: " + e.getMessage(), e);
    }
    times.lap("cache key");
    // An outcome made under another key (the policy file or the classpath changed in between) is
    // of no use; otherwise the cache it loaded is the one on disk (only this goal writes it).
    Optional<EarlyAnalysis.Outcome> early = taken.outcome().filter(o -> o.key().equals(key));
    String missed = taken.outcome().isPresent() && early.isEmpty()
        ? "the classpath or the policy file changed after it read them" : taken.why();
    FileHashes hashes = new FileHashes();
    stored = early.map(EarlyAnalysis.Outcome::stored).orElseGet(() -> ResultCache.load(cacheFile, key));
    if (early.isEmpty() && stored.isEmpty()) {
      // after mvn clean: the module's snapshot, if it is what a full analysis would give now
      Optional<ResultCache> snapshot = snapshotKey(key)
          .flatMap(k -> ResultCache.fromSnapshot(cacheFile, key, store().snapshotFile(), k, files, hashes));
      if (snapshot.isPresent()) {
        stored = snapshot.get();
        store().touch();
      }
    }
    times.lap("cache load");
    Map<Path, ResultCache.Entry> entries = new TreeMap<>();
    for (Path f : files) {
      stored.reusable(f, hashes).ifPresent(e -> entries.put(f, e));
    }
    int reused = entries.size();
    boolean unchanged = reused == files.size() && stored.holds(entries);
    Map<Path, ResultCache.Entry> background = early.map(o -> usable(o, files, entries, hashes)).orElse(Map.of());
    entries.putAll(background);
    List<Finding> findings = new ArrayList<>();
    List<AnalysisError> errors = new ArrayList<>();
    entries.values().forEach(e -> {
      findings.addAll(e.findings());
      errors.addAll(e.errors());
    });
    times.lap("cache check");
    int parsed = 0;
    // With every result from the cache the rules are described only if the reports are rewritten.
    List<RuleDescriptor> rules = List.of();
    rulesDeferred = true;
    if (!background.isEmpty()) {
      rules = early.get().rules();
      rulesDeferred = false;
      parsed = early.get().parsed();
    }
    if (entries.size() < files.size()) {
      AnalysisResult fresh = analyzer().analyze(request, Set.copyOf(entries.keySet()));
      rules = fresh.rules();
      rulesDeferred = false;
      parsed += fresh.stats().filesParsed();
      findings.addAll(fresh.findings());
      errors.addAll(fresh.errors());
      entries.putAll(entriesOf(fresh, files, entries.keySet(), hashes));
    }
    times.lap("analysis");
    resultIdentity = Optional.of(stored.identity(entries));
    resultUnchanged = unchanged;
    if (!unchanged || stored.fromSnapshot()) {
      try {
        stored.write(entries);
      } catch (IOException e) {
        getLog().warn("informer-guard cannot write its cache " + cacheFile + ": " + e.getMessage());
      }
    }
    // One analysis of every file, in this goal, without an error: the results are those of a
    // fresh analysis, so they may stand in for one after mvn clean. Per-file reuse may keep a
    // result whose file depends on another file's types, and the start goal runs before the
    // sources are generated and compiled: neither makes a snapshot.
    snapshotWritten = false;
    boolean full = early.isEmpty() && reused == 0 && !files.isEmpty() && entries.size() == files.size()
        && entries.values().stream().allMatch(e -> e.errors().isEmpty());
    Optional<String> snapshotKey = full ? snapshotKey(key) : Optional.empty();
    if (snapshotKey.isPresent()) {
      try {
        ResultCache.writeSnapshot(store().snapshotFile(), snapshotKey.get(), entries);
        store().prune(ResultStore.MAX_MODULES);
        snapshotWritten = true;
      } catch (IOException e) {
        getLog().warn("informer-guard cannot write its results to " + cacheDirectory + ": " + e.getMessage());
      }
    }
    times.lap("cache write");
    String note = "";
    if (early.isPresent() && !early.get().analyzed().isEmpty()) {
      note = background.isEmpty()
          ? "; the start goal's results were out of date (a file changed after it read it), so analyzed again"
          : "; " + background.size() + " analyzed in the background by the start goal (waited " + waited + " ms for it)";
    } else if (!missed.isEmpty() && !missed.equals(EarlyAnalysis.Taken.NONE)) {
      note = "; not by the start goal: " + missed;
    }
    getLog().info("informer-guard: " + ConsoleReport.files(files.size() - reused) + " analyzed, "
        + ConsoleReport.files(reused) + " unchanged since the last build" + note);
    long millis = (System.nanoTime() - start) / 1_000_000 + (background.isEmpty() ? 0 : early.get().millis());
    return new AnalysisResult(AnalysisMode.PRECISE, rules, findings, errors, new AnalysisStats(files.size(), parsed, millis));
  }

  /**
   * The start goal's results, if every one of them is for a file of {@code files} that the cache
   * did not supply and still holds (the file and those it depended on unchanged since the start
   * goal read them: a formatter may have rewritten one in between); else none of them, so that
   * each file is analyzed once and the files-parsed count stays exact. Files the start goal did
   * not see (generated later in the build) are left to the caller.
   */
  private static Map<Path, ResultCache.Entry> usable(EarlyAnalysis.Outcome early, List<Path> files,
      Map<Path, ResultCache.Entry> cached, FileHashes hashes) {
    Set<Path> wanted = new HashSet<>(files);
    wanted.removeAll(cached.keySet());
    boolean all = early.analyzed().entrySet().stream()
        .allMatch(e -> wanted.contains(e.getKey()) && ResultCache.current(e.getValue(), e.getKey(), hashes));
    return all ? early.analyzed() : Map.of();
  }

  /** The cache entries of the files of {@code files} not in {@code known}, from {@code fresh}, which analyzed them. */
  private static Map<Path, ResultCache.Entry> entriesOf(AnalysisResult fresh, List<Path> files, Set<Path> known,
      FileHashes hashes) {
    Map<Path, List<Finding>> findingsOf = fresh.findings().stream().collect(Collectors.groupingBy(Finding::file));
    Map<Path, List<AnalysisError>> errorsOf = fresh.errors().stream().collect(Collectors.groupingBy(AnalysisError::file));
    Map<Path, ResultCache.Entry> out = new TreeMap<>();
    for (Path f : files) {
      if (!known.contains(f)) {
        Map<String, String> deps = new TreeMap<>();
        fresh.dependsOn().getOrDefault(f, Set.of()).forEach(d -> deps.put(d.toString(), hashes.of(d)));
        out.put(f, new ResultCache.Entry(hashes.of(f), deps, findingsOf.getOrDefault(f, List.of()),
            errorsOf.getOrDefault(f, List.of())));
      }
    }
    return out;
  }

  private Path cacheFile() {
    return outputDirectory.toPath().toAbsolutePath().normalize().resolve(ResultCache.FILE_NAME);
  }

  /**
   * The key of the module's snapshot: the run key and the module's compiled classes, which
   * answer for the sources the analysis reads beyond the selected files (generated and excluded
   * ones). Empty when the classes cannot be read: then no snapshot is written or restored.
   */
  private Optional<String> snapshotKey(String key) {
    try {
      return Optional.of(key + "\n" + RunKey.compiled(includeTests ? ownOutputs()
          : Set.of(Path.of(project.getBuild().getOutputDirectory()).toAbsolutePath().normalize())));
    } catch (IOException | UncheckedIOException e) {
      return Optional.empty();
    }
  }

  /** This module's place in {@code cacheDirectory}. */
  private ResultStore store() {
    File folder = cacheDirectory != null ? cacheDirectory : new File(outputDirectory, "snapshots");
    return ResultStore.of(folder.toPath(), project.getArtifactId(), earlyKey());
  }

  /**
   * This build, for {@link EarlyAnalysis}: its request, which every module shares; a {@code -T}
   * build gives each module a copy of the session.
   */
  private Object build() {
    return session.getRequest();
  }

  /** Which module's background analysis is whose: the module and the sources it covers. */
  private String earlyKey() {
    return project.getBasedir().toPath().toAbsolutePath().normalize() + (includeTests ? " with tests" : "");
  }

  /**
   * The start goal: begins this module's analysis on a background thread, to be taken by the
   * check goal of the same build (see {@link EarlyAnalysis}). Does nothing where the check would
   * not use it: the check skipped or not in the build, the cache off (the cache's per-file
   * hashes are what lets the check trust results made earlier in the build). A configuration
   * problem is left to the check goal to report, as without this goal.
   */
  void start(List<String> defaultPhases, String checkDefaultPhase, String prefix, String groupAndArtifact) {
    Log log = getLog();
    if (skip || "pom".equals(project.getPackaging()) || !cache) {
      log.debug("informer-guard start: nothing to do (skip, pom packaging or cache off)");
      return;
    }
    Set<String> checkPhases = new HashSet<>();
    project.getBuildPlugins().stream()
        .filter(p -> groupAndArtifact.equals(p.getGroupId() + ":" + p.getArtifactId()))
        .flatMap(p -> p.getExecutions().stream())
        .filter(e -> e.getGoals().contains("check"))
        .forEach(e -> checkPhases.add(e.getPhase() == null ? checkDefaultPhase : e.getPhase()));
    if (!EarlyAnalysis.checkRuns(session.getGoals(), defaultPhases, checkPhases, prefix, groupAndArtifact)) {
      log.info("informer-guard: not analyzing early, this build does not run the check goal");
      return;
    }
    List<Path> roots = existingSourceRoots();
    if (roots.isEmpty()) {
      return;
    }
    Optional<Path> policyFile;
    List<Path> classpath;
    try {
      policyFile = policyFile();
      classpath = classpath();
    } catch (MojoExecutionException e) {
      log.debug("informer-guard start: left to the check goal: " + e.getMessage());
      return;
    }
    // Everything the background reads of the project is taken here, on the build's thread.
    Set<Path> own = ownOutputs();
    Path basedir = project.getBasedir().toPath().toAbsolutePath().normalize();
    Path cacheFile = cacheFile();
    Path repository = localRepository.toPath();
    EarlyAnalysis.start(build(), earlyKey(), () -> {
      long begin = System.nanoTime();
      Policy loaded = loadPolicy(policyFile);
      Policy policy = includeTests ? loaded.withTestSourcesReported() : loaded;
      List<Path> files = new SourceSelection(includes, excludes, policy).select(roots);
      String key = RunKey.of(policyFile, includeTests, classpath, own, repository);
      ResultCache stored = ResultCache.load(cacheFile, key);
      FileHashes hashes = new FileHashes();
      // Hashed before they are analyzed: a file rewritten in between then no longer matches its
      // entry at the check, which analyzes it again, instead of matching findings of older text.
      files.forEach(hashes::of);
      Set<Path> cached = files.stream().filter(f -> stored.reusable(f, hashes).isPresent()).collect(Collectors.toSet());
      if (cached.size() == files.size()) {
        return new EarlyAnalysis.Outcome(key, stored, Map.of(), List.of(), 0, 0);
      }
      // One worker: the build's own thread (javac, then jar) keeps the other core.
      AnalysisRequest request = new AnalysisRequest(files, Optional.of(classpath), policy, Optional.empty(), basedir,
          EARLY_THREADS);
      AnalysisResult fresh = analyzer().analyze(request, cached);
      return new EarlyAnalysis.Outcome(key, stored, entriesOf(fresh, files, cached, hashes), fresh.rules(),
          fresh.stats().filesParsed(), (System.nanoTime() - begin) / 1_000_000);
    });
    log.info("informer-guard: analysis started in the background; the check goal reports it");
  }

  /** Created when first needed: loading the rule classes is most of a kept module's check. */
  private Analyzer analyzer;

  /** Whether the result's rules were left out (every result came from the cache); see {@link #writeReports}. */
  private boolean rulesDeferred;

  private Analyzer analyzer() {
    if (analyzer == null) {
      analyzer = new Analyzer(RuleRegistry.builtIn(),
          classpathIndex && classpathIndexDirectory != null ? JarIndex.stored(classpathIndexDirectory.toPath()) : JarIndex.inMemory());
    }
    return analyzer;
  }

  /** What the module's results are made from (see {@link ResultCache#identity}); empty without the cache. */
  private Optional<String> resultIdentity = Optional.empty();

  /** Whether every file's result came from the cache, which held exactly these files. */
  private boolean resultUnchanged;

  /** Whether the reports of an earlier build were kept (see {@link #writeReports}). */
  private boolean reportsKept;

  /** Whether the reports were put back from the copy beside the cache (see {@link #writeReports}). */
  private boolean reportsRestored;

  /** Whether this build's results were kept in {@code cacheDirectory} (every file analyzed). */
  private boolean snapshotWritten;

  private static final String DEFAULT_BASELINE = "informer-guard-baseline.json";

  /** Writes the baseline ({@code writeBaseline}) or applies it, when there is one. */
  private AnalysisResult baseline(AnalysisResult result, Path basedir) throws MojoExecutionException {
    Path file = baselinePath(basedir);
    try {
      if (writeBaseline) {
        Baseline.write(file, result);
        getLog().info("informer-guard: wrote " + TextReport.count(result.findings().size(), "finding", "findings") + " to the baseline " + display(basedir, file));
        return new AnalysisResult(result.mode(), result.rules(), List.of(), result.errors(), result.stats());
      }
      if (!Files.isRegularFile(file)) {
        if (baselineFile != null) {
          throw new MojoExecutionException("informer-guard baseline file not found: " + file
              + " (set by baselineFile / informer-guard.baselineFile; write one with -Dinformer-guard.writeBaseline)");
        }
        return result;
      }
      AnalysisResult applied = Baseline.read(file).apply(result);
      applied.stats().baseline().ifPresent(b -> {
        getLog().info("informer-guard baseline " + display(basedir, file) + ": " + b.baselined() + " of "
            + TextReport.count(result.findings().size(), "finding", "findings") + " left out, "
            + TextReport.count(b.stale().size(), "stale entry", "stale entries"));
        b.stale().forEach(e -> getLog().warn("informer-guard baseline entry matches nothing any more (fixed or changed): "
            + e.ruleId() + " " + e.file() + ": " + e.message()));
      });
      return applied;
    } catch (IOException e) {
      throw new MojoExecutionException("informer-guard baseline: " + e.getMessage(), e);
    }
  }

  /** The folder SARIF paths are relative to: {@code sourceRoot}, else the repository of the module. */
  private Path repositoryRoot() {
    if (sourceRoot != null) {
      return sourceRoot.toPath().toAbsolutePath().normalize();
    }
    return RepositoryRoot.findOr(List.of(project.getBasedir().toPath()), executionRoot());
  }

  private Path executionRoot() {
    return Path.of(session.getExecutionRootDirectory()).toAbsolutePath().normalize();
  }

  /** The module's SARIF run: its path in the repository (or its artifactId at the root) as automation id. */
  private String automationId(Path repositoryRoot) {
    Path basedir = project.getBasedir().toPath().toAbsolutePath().normalize();
    String path = basedir.startsWith(repositoryRoot) ? repositoryRoot.relativize(basedir).toString() : "";
    return SarifLog.automationId(path.isEmpty() ? project.getArtifactId() : path);
  }

  /** In a multi-module build, the reactor's SARIF at the execution root, with this module's run added. */
  private void writeReactorSarif() throws MojoExecutionException {
    List<MavenProject> projects = session.getProjects();
    if (projects == null || projects.size() < 2) {
      return;
    }
    Path target = ReactorSarif.location(executionRoot());
    List<Path> logs = projects.stream()
        .map(p -> Path.of(p.getBuild().getDirectory()).toAbsolutePath().normalize().resolve("informer-guard").resolve(SARIF_REPORT))
        .toList();
    try {
      // Module logs older than this build are from modules it did not analyze; with no start
      // time known, every module log present is taken.
      long start = session.getRequest().getStartTime() == null ? 0L : session.getRequest().getStartTime().getTime();
      int runs = ReactorSarif.write(target, repositoryRoot(), logs, start);
      getLog().debug("informer-guard: reactor SARIF " + target
          + (runs == ReactorSarif.KEPT ? " kept: no module log changed" : " holds " + runs + " runs"));
    } catch (IOException | RuntimeException e) {
      throw new MojoExecutionException("informer-guard cannot write the reactor SARIF " + target + ": " + e.getMessage(), e);
    }
  }

  /** The module's own class folders: compiled from the sources the cache tracks one by one. */
  private Set<Path> ownOutputs() {
    Set<Path> out = new HashSet<>();
    out.add(Path.of(project.getBuild().getOutputDirectory()).toAbsolutePath().normalize());
    out.add(Path.of(project.getBuild().getTestOutputDirectory()).toAbsolutePath().normalize());
    return out;
  }

  private void logResult(AnalysisResult result) {
    Log log = getLog();
    // A file the analyzer cannot read or parse is worth a warning, not a failure: javac decides
    // whether the build can compile it.
    for (AnalysisError e : result.errors()) {
      log.warn(ConsoleReport.error(e));
    }
    if (printFailingErrors) {
      for (Finding f : result.findings()) {
        String line = ConsoleReport.finding(f);
        switch (f.severity()) {
          case ERROR -> log.error(line);
          case WARNING -> log.warn(line);
          default -> log.info(line);
        }
      }
    }
    ConsoleReport.perRule(result.findings()).forEach(log::info);
    log.info(ConsoleReport.summary(result));
  }

  private void decide(Verdict verdict, Path report, Path basedir) throws MojoFailureException {
    if (!verdict.exceeded()) {
      if (verdict.failing() > 0) {
        getLog().info("informer-guard: " + verdict.describe());
      }
      return;
    }
    if (!failOnViolation) {
      getLog().warn("informer-guard: " + verdict.describe() + "; the build goes on because failOnViolation is false");
      return;
    }
    throw new MojoFailureException("informer-guard found " + verdict.describe() + ". See the log above or "
        + display(basedir, report) + "; set informer-guard.failOn, maxAllowedViolations or the policy file to change the threshold.");
  }

  private Severity failOnSeverity() throws MojoExecutionException {
    try {
      return Severity.parse(failOn == null ? "" : failOn);
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException("Invalid failOn (informer-guard.failOn): " + e.getMessage());
    }
  }

  /** The policy file in effect: {@code configFile}, else {@code informer-guard.yaml} in the module, if present. */
  private Optional<Path> policyFile() throws MojoExecutionException {
    if (configFile != null) {
      Path file = configFile.toPath().toAbsolutePath().normalize();
      if (!Files.isRegularFile(file)) {
        throw new MojoExecutionException("informer-guard policy file not found: " + file
            + " (set by configFile / informer-guard.configFile)");
      }
      return Optional.of(file);
    }
    Path candidate = project.getBasedir().toPath().toAbsolutePath().resolve(PolicyLoader.DEFAULT_FILE_NAME);
    return Files.isRegularFile(candidate) ? Optional.of(candidate) : Optional.empty();
  }

  private Policy loadPolicy(Optional<Path> file) throws MojoExecutionException {
    try {
      if (file.isPresent()) {
        getLog().debug("informer-guard policy: " + file.get());
        return new PolicyLoader(analyzer().registry().descriptors()).load(file.get());
      }
      return Policy.defaults();
    } catch (PolicyException e) {
      throw new MojoExecutionException("Invalid informer-guard policy: " + e.getMessage(), e);
    }
  }

  private List<String> declaredSourceRoots() {
    Set<String> roots = new LinkedHashSet<>(project.getCompileSourceRoots());
    if (includeTests) {
      roots.addAll(project.getTestCompileSourceRoots());
    }
    return new ArrayList<>(roots);
  }

  private List<Path> existingSourceRoots() {
    Path target = Path.of(project.getBuild().getDirectory()).toAbsolutePath().normalize();
    List<Path> generated = List.of(target.resolve("generated-sources"), target.resolve("generated-test-sources"));
    return declaredSourceRoots().stream()
        .map(Path::of)
        .filter(Files::isDirectory)
        .map(p -> p.toAbsolutePath().normalize())
        .filter(p -> !excludeGeneratedSources || generated.stream().noneMatch(p::startsWith))
        .distinct()
        .toList();
  }

  private List<Path> classpath() throws MojoExecutionException {
    try {
      List<String> elements = includeTests ? project.getTestClasspathElements() : project.getCompileClasspathElements();
      return elements.stream().map(Path::of).filter(Files::exists).distinct().toList();
    } catch (DependencyResolutionRequiredException e) {
      throw new MojoExecutionException("informer-guard needs the resolved classpath: " + e.getMessage(), e);
    }
  }

  /**
   * Writes the JSON and SARIF reports, or keeps those of the previous build when they were made
   * from the same inputs (see {@link ReportInputs}): then they are only touched, so that the
   * reactor SARIF counts them as written in this build.
   */
  private List<Path> writeReports(AnalysisResult result, Policy policy, Path basedir) throws MojoExecutionException {
    Path dir = outputDirectory.toPath().toAbsolutePath().normalize();
    Path root = repositoryRoot();
    List<Path> reports = List.of(dir.resolve(JSON_REPORT), dir.resolve(SARIF_REPORT));
    try {
      Optional<String> inputs = resultIdentity.map(id -> ReportInputs.of(id, baselineIdentity(basedir), writeBaseline,
          basedir, root, automationId(root)));
      if (resultUnchanged && inputs.isPresent() && ReportInputs.kept(dir, inputs.get(), reports)) {
        reportsKept = true;
        return reports;
      }
      // after mvn clean: the copy kept beside the cache is what this build would write
      if (resultUnchanged && inputs.isPresent() && store().restore(dir, inputs.get(), reports)) {
        reportsRestored = true;
        return reports;
      }
      if (rulesDeferred) {
        List<RuleDescriptor> rules = analyzer().registry().descriptors().stream().filter(d -> policy.settingsFor(d).enabled()).toList();
        result = new AnalysisResult(result.mode(), rules, result.findings(), result.errors(), result.stats(), result.dependsOn());
      }
      Files.createDirectories(dir);
      ReportInputs.forget(dir);
      for (Path file : reports) {
        ReportFormat format = file.getFileName().toString().equals(JSON_REPORT) ? ReportFormat.JSON : ReportFormat.SARIF;
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
          Reporter.of(format, basedir, root, automationId(root)).write(result, out);
        }
      }
      if (inputs.isPresent()) {
        ReportInputs.record(dir, inputs.get());
        if (snapshotWritten) {
          keepCopy(inputs.get(), reports);
        }
      }
    } catch (IOException e) {
      throw new MojoExecutionException("informer-guard cannot write its reports to " + dir + ": " + e.getMessage(), e);
    }
    return reports;
  }

  /** A copy of the reports beside the cache, for a build after {@code mvn clean}; a failure only costs that. */
  private void keepCopy(String inputs, List<Path> reports) {
    try {
      store().keep(inputs, reports);
    } catch (IOException e) {
      getLog().warn("informer-guard cannot keep a copy of its reports in " + cacheDirectory + ": " + e.getMessage());
    }
  }

  /** {@code baselineFile}, else the default file in the module (which may not exist). */
  private Path baselinePath(Path basedir) {
    return (baselineFile != null ? baselineFile.toPath() : basedir.resolve(DEFAULT_BASELINE)).toAbsolutePath().normalize();
  }

  /** The baseline file in effect, by content (it decides which findings the reports hold). */
  private String baselineIdentity(Path basedir) {
    Path file = baselinePath(basedir);
    return Files.isRegularFile(file) ? file + " " + FileHashes.compute(file) : "none";
  }

  private static String display(Path basedir, Path file) {
    return file.startsWith(basedir) ? basedir.relativize(file).toString().replace(File.separatorChar, '/') : file.toString();
  }
}
