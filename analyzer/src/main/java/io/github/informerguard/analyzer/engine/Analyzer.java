package io.github.informerguard.analyzer.engine;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.Position;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Problem;
import com.github.javaparser.ast.CompilationUnit;
import io.github.informerguard.analyzer.api.AnalysisMode;
import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.Rule;
import io.github.informerguard.analyzer.api.RuleSettings;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.report.DisplayPaths;
import io.github.informerguard.analyzer.resolve.CompiledConstants;
import io.github.informerguard.analyzer.resolve.Diagnostics;
import io.github.informerguard.analyzer.resolve.LenientTypeFacts;
import io.github.informerguard.analyzer.resolve.PreciseTypeFacts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The rule engine: discover, prefilter, parse, resolve, run rules, collect findings. Every
 * front end (CLI, Maven plugin, Checkstyle checks) calls this and only renders the result.
 */
public final class Analyzer {

  /**
   * {@code -Dinformerguard.prefilter=false} parses every file; only for measuring what the
   * prefilter saves (the findings are the same either way).
   */
  private static final boolean PREFILTER = !"false".equals(System.getProperty("informerguard.prefilter"));

  /** Files to parse that justify one more precise worker (and one more index of the classpath). */
  private static final int FILES_PER_PRECISE_WORKER = 24;

  private final RuleRegistry registry;

  public Analyzer(RuleRegistry registry) {
    this.registry = registry;
  }

  public Analyzer() {
    this(RuleRegistry.builtIn());
  }

  public RuleRegistry registry() {
    return registry;
  }

  /** Analyzes every file of the request, in parallel, and returns sorted results. */
  public AnalysisResult analyze(AnalysisRequest request) {
    return analyze(request, Set.of());
  }

  /**
   * Analyzes the files of the request except {@code indexOnly}: those are known to the
   * cross-file lookups exactly as in a full run (a constant declared in one of them is still
   * found) but are not analyzed, for a front end that holds their results from an earlier run.
   * Nothing is set up for the analysis (no symbol solver) when no file is left to parse.
   */
  public AnalysisResult analyze(AnalysisRequest request, Set<Path> indexOnly) {
    long start = System.nanoTime();
    SourceDiscovery discovery = new SourceDiscovery(request.workingDirectory());
    List<Path> paths = discovery.discover(request.inputs(), request.policy());
    List<Rule> rules = enabledRules(request);
    Set<Path> known = new HashSet<>();
    indexOnly.forEach(p -> known.add(p.toAbsolutePath().normalize()));

    // Read each file once: the prefilter decides whether it is parsed; the texts of files that
    // are not parsed are dropped and the index keeps only their paths for cross-file lookups.
    List<SourceFile> files = new ArrayList<>();
    List<List<Rule>> applicableRules = new ArrayList<>();
    List<AnalysisError> errors = new ArrayList<>();
    SourceIndex index = new SourceIndex(List.of());
    DisplayPaths shown = new DisplayPaths(request.workingDirectory());
    boolean skipTests = !request.policy().reportTestSources();
    for (Path p : paths) {
      Object read = SourceReader.read(p);
      if (read instanceof SourceFile f) {
        // A skipped test file stays in the index by path, like any file that no rule looks at; so
        // does a file whose findings the caller already has (the plugin's cache).
        boolean skipped = skipTests && TestCode.underTestRoot(shown.show(p));
        List<Rule> applicable = skipped || known.contains(f.path().toAbsolutePath().normalize()) ? List.of()
            : PREFILTER ? Prefilter.applicable(rules, f.text()) : rules;
        if (applicable.isEmpty()) {
          index.addByPath(f);
        } else {
          index.add(f);
          files.add(f);
          applicableRules.add(applicable);
        }
      } else {
        errors.add((AnalysisError) read);
      }
    }
    AnalysisMode mode = request.classpath().isPresent() ? AnalysisMode.PRECISE : AnalysisMode.LENIENT;
    // Opening the classpath for constants and types is the costly part of setting up; skip it
    // when nothing is left to parse.
    Worker.Factory workers = files.isEmpty() ? () -> {
      throw new IllegalStateException("no file to analyze");
    } : mode == AnalysisMode.PRECISE
        ? Worker.precise(request.classpath().get(), index)
        : Worker.lenient(index);

    List<Finding> findings = new ArrayList<>();
    Map<Path, Set<Path>> dependsOn = new HashMap<>();
    AtomicInteger parsed = new AtomicInteger();
    int threads = request.threads() > 0 ? request.threads() : Runtime.getRuntime().availableProcessors();
    if (mode == AnalysisMode.PRECISE && request.threads() <= 0) {
      // Each precise worker indexes every classpath jar for its own symbol solver (about as
      // long as resolving a few dozen files), so a second thread only pays off on many files.
      threads = Math.min(threads, Math.max(1, files.size() / FILES_PER_PRECISE_WORKER));
    }
    ThreadLocal<Worker> local = ThreadLocal.withInitial(workers::create);
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, files.size())), r -> {
      Thread t = new Thread(r, "informer-guard-analyzer");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<FileOutcome>> outcomes = new ArrayList<>(files.size());
      for (int i = 0; i < files.size(); i++) {
        SourceFile f = files.get(i);
        List<Rule> applicable = applicableRules.get(i);
        outcomes.add(pool.submit(() -> local.get().analyze(f, applicable, request.policy())));
      }
      for (int i = 0; i < outcomes.size(); i++) {
        FileOutcome outcome = outcomes.get(i).get();
        if (!outcome.dependsOn().isEmpty()) {
          dependsOn.put(files.get(i).path(), outcome.dependsOn());
        }
        findings.addAll(outcome.findings());
        errors.addAll(outcome.errors());
        if (outcome.parsed()) {
          parsed.incrementAndGet();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("analysis interrupted", e);
    } catch (ExecutionException e) {
      if (Diagnostics.enabled()) {
        e.getCause().printStackTrace();
      }
      throw new IllegalStateException("analysis failed: " + e.getCause(), e.getCause());
    } finally {
      pool.shutdownNow();
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    return new AnalysisResult(mode, rules.stream().map(Rule::descriptor).toList(), findings, errors,
        new AnalysisStats(paths.size(), parsed.get(), millis), dependsOn);
  }

  private List<Rule> enabledRules(AnalysisRequest request) {
    List<Rule> out = new ArrayList<>();
    for (Rule r : registry.rules()) {
      if (!request.policy().settingsFor(r.descriptor()).enabled()) {
        continue;
      }
      if (request.onlyRules().isPresent() && !request.onlyRules().get().contains(r.descriptor().id())) {
        continue;
      }
      out.add(r);
    }
    return out;
  }

  /**
   * Analyzes one file's text in lenient mode, for front ends that see one file at a time (the
   * Checkstyle checks). Types declared beside the file under its source root are still found,
   * so a file gets the same findings as from the CLI without a classpath. Test roots are not
   * judged here (the front end chooses its files and there is no working directory to judge paths
   * from); a policy that skips test code still skips JUnit, TestNG and AssertJ users. Thread-safe; the
   * source index of each root is built once and reused.
   */
  public FileOutcome analyzeText(Path file, String text, Policy policy) {
    SourceFile source = new SourceFile(file.toAbsolutePath().normalize(), text);
    List<Rule> rules = new ArrayList<>();
    for (Rule r : registry.rules()) {
      if (policy.settingsFor(r.descriptor()).enabled()) {
        rules.add(r);
      }
    }
    Path root = source.sourceRoot().orElse(source.path().getParent());
    SourceIndex index = singleFileIndexes.computeIfAbsent(root, r -> new SourceIndex(List.of()));
    // Even a file no rule looks at may hold constants that other files use: index it first.
    index.add(source);
    List<Rule> applicable = Prefilter.applicable(rules, text);
    if (applicable.isEmpty()) {
      return FileOutcome.skipped();
    }
    return singleFileWorkers.computeIfAbsent(Thread.currentThread().getId() + "@" + root,
        k -> Worker.lenient(index).create()).analyze(source, applicable, policy);
  }

  private final Map<Path, SourceIndex> singleFileIndexes = new ConcurrentHashMap<>();
  private final Map<String, Worker> singleFileWorkers = new ConcurrentHashMap<>();

  /** One thread's parser and type facts. */
  static final class Worker {

    interface Factory {
      Worker create();
    }

    private final JavaParser parser;
    private final TypeFacts types;
    private final SourceIndex index;

    private Worker(ParserConfiguration config, TypeFacts types, SourceIndex index) {
      this.parser = new JavaParser(config);
      this.types = types;
      this.index = index;
    }

    static Factory lenient(SourceIndex index) {
      TypeFacts facts = new LenientTypeFacts(index);
      return () -> new Worker(Parsers.lenientConfiguration(), facts, index);
    }

    static Factory precise(List<Path> classpath, SourceIndex index) {
      CompiledConstants constants = new CompiledConstants(classpath.stream().map(Path::toString).toList());
      TypeFacts facts = new PreciseTypeFacts(constants, index);
      List<Path> roots = index.roots();
      // The symbol solver's caches are not thread-safe: each worker thread gets its own.
      return () -> new Worker(Parsers.preciseConfiguration(classpath, roots), facts, index);
    }

    /** Source files above this size are parsed one at a time: each can need hundreds of MB of tree. */
    private static final int LARGE_FILE_CHARS = 1_000_000;
    private static final java.util.concurrent.Semaphore LARGE_FILES = new java.util.concurrent.Semaphore(1);

    FileOutcome analyze(SourceFile file, List<Rule> rules, Policy policy) {
      boolean large = file.text().length() > LARGE_FILE_CHARS;
      try {
        if (large) {
          LARGE_FILES.acquireUninterruptibly();
        }
        return analyzeParsed(file, rules, policy);
      } catch (OutOfMemoryError e) {
        // A huge generated file (a 3 MB API class) can need more heap to parse than the JVM has;
        // the tree is dropped with the failed parse, so report the file and go on with the rest.
        return new FileOutcome(List.of(), List.of(new AnalysisError(file.path(), 0,
            "not enough memory to analyze this file (" + file.text().length() / 1024
                + " KB of source); skipped. Give the JVM more heap, e.g. java -Xmx2g -jar informer-guard.jar")), false);
      } finally {
        if (large) {
          LARGE_FILES.release();
        }
      }
    }

    private FileOutcome analyzeParsed(SourceFile file, List<Rule> rules, Policy policy) {
      ParseResult<CompilationUnit> result;
      try {
        result = parser.parse(file.text());
      } catch (RuntimeException | StackOverflowError e) {
        return new FileOutcome(List.of(), List.of(new AnalysisError(file.path(), 0, "parser failed: " + e)), false);
      }
      if (!result.isSuccessful() || result.getResult().isEmpty()) {
        Problem first = result.getProblems().isEmpty() ? null : result.getProblems().get(0);
        Optional<Position> at = first == null ? Optional.empty() : first.getLocation()
            .flatMap(l -> l.getBegin().getRange()).map(r -> r.begin);
        int line = at.map(p -> p.line).orElse(0);
        String message = first == null ? "does not parse"
            : "does not parse: " + ParseMessages.shorten(first.getMessage()) + at.map(p -> " at column " + p.column).orElse("");
        return new FileOutcome(List.of(), List.of(new AnalysisError(file.path(), line, message)), false);
      }
      CompilationUnit unit = result.getResult().get();
      unit.setStorage(file.path());
      index.offer(file, unit);
      if (!policy.reportTestSources() && TestCode.usesTestFramework(unit)) {
        return new FileOutcome(List.of(), List.of(), true);
      }
      List<Finding> findings = new ArrayList<>();
      List<AnalysisError> errors = new ArrayList<>();
      DependencyRecorder recorder = new DependencyRecorder(types, unit);
      for (Rule rule : rules) {
        RuleSettings settings = policy.settingsFor(rule.descriptor());
        try {
          rule.check(new FileContext(unit, file.path(), recorder, rule.descriptor(), settings, findings));
        } catch (RuntimeException | StackOverflowError e) {
          errors.add(new AnalysisError(file.path(), 0, "rule " + rule.descriptor().id() + " failed on this file: " + e));
        }
      }
      return new FileOutcome(findings, errors, true, recorder.files());
    }
  }
}
