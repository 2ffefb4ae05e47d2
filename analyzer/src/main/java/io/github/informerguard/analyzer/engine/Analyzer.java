package io.github.informerguard.analyzer.engine;

import io.github.informerguard.analyzer.resolve.SourceMethods;
import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.Position;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Problem;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import io.github.informerguard.analyzer.api.AnalysisMode;
import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.Rule;
import io.github.informerguard.analyzer.api.RuleSettings;
import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.resolve.CompiledConstants;
import io.github.informerguard.analyzer.resolve.Diagnostics;
import io.github.informerguard.analyzer.resolve.JarIndex;
import io.github.informerguard.analyzer.resolve.LenientTypeFacts;
import io.github.informerguard.analyzer.resolve.PreciseTypeFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
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


  private final RuleRegistry registry;
  private final JarIndex jars;

  public Analyzer(RuleRegistry registry) {
    this(registry, JarIndex.inMemory());
  }

  /** With {@code jars} telling which classpath jar has which packages (a front end may keep it across runs). */
  public Analyzer(RuleRegistry registry, JarIndex jars) {
    this.registry = registry;
    this.jars = jars;
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
    MemoryReserve reserve = new MemoryReserve();
    List<Rule> rules = enabledRules(request);
    Set<Path> known = new HashSet<>();
    indexOnly.forEach(p -> known.add(p.toAbsolutePath().normalize()));
    DisplayPaths shown = new DisplayPaths(request.workingDirectory());
    boolean skipTests = !request.policy().reportTestSources();
    int threads = Math.max(1, request.threads() > 0 ? request.threads() : Runtime.getRuntime().availableProcessors());
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "informer-guard-analyzer");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Path> paths = new SourceDiscovery(request.workingDirectory()).discover(request.inputs(), request.policy(), threads);
      List<AnalysisError> errors = new ArrayList<>();
      // Read and prefilter in parallel. Texts are not held between the phases: each file that a
      // rule looks at is read again by its worker, so the heap holds only the files being analyzed.
      List<Future<Object>> screened = new ArrayList<>(paths.size());
      Prefilter prefilter = Prefilter.of(rules);
      Prefilter none = Prefilter.of(List.of());
      for (Path p : paths) {
        // A test file that is skipped, or a file whose findings the caller already has (the
        // plugin's cache), is indexed by path like any file that no rule looks at.
        boolean skipped = skipTests && TestCode.underTestRoot(shown.show(p)) || known.contains(p.toAbsolutePath().normalize());
        Prefilter forFile = skipped ? none : prefilter;
        screened.add(pool.submit(() -> screen(p, forFile, reserve)));
      }
      SourceIndex index = new SourceIndex(List.of());
      List<Candidate> candidates = new ArrayList<>();
      for (int i = 0; i < paths.size(); i++) {
        Object s = outcomeOf(screened.get(i), paths.get(i), reserve);
        if (s instanceof Candidate c) {
          index.addByPath(c.path(), c.primaryTypeName(), c.sourceRoot());
          if (!c.rules().isEmpty()) {
            candidates.add(c);
          }
        } else {
          errors.add((AnalysisError) s);
        }
      }
      screened = null;

      AnalysisMode mode = request.classpath().isPresent() ? AnalysisMode.PRECISE : AnalysisMode.LENIENT;
      // Opening the classpath for constants and types is the costly part of setting up; skip it
      // when nothing is left to parse.
      Worker.Factory workers = candidates.isEmpty() ? () -> {
        throw new IllegalStateException("no file to analyze");
      } : mode == AnalysisMode.PRECISE
          ? Worker.precise(request.classpath().get(), index, jars)
          : Worker.lenient(index);
      ThreadLocal<Worker> local = ThreadLocal.withInitial(workers::create);
      List<Future<Object>> outcomes = new ArrayList<>(candidates.size());
      for (Candidate c : candidates) {
        outcomes.add(pool.submit(() -> analyzeCandidate(local.get(), c, request.policy(), reserve)));
      }
      List<Finding> findings = new ArrayList<>();
      Map<Path, Set<Path>> dependsOn = new HashMap<>();
      int parsed = 0;
      for (int i = 0; i < candidates.size(); i++) {
        Object o = outcomeOf(outcomes.get(i), candidates.get(i).path(), reserve);
        if (o instanceof FileOutcome outcome) {
          if (!outcome.dependsOn().isEmpty()) {
            dependsOn.put(candidates.get(i).path(), outcome.dependsOn());
          }
          findings.addAll(outcome.findings());
          errors.addAll(outcome.errors());
          parsed += outcome.parsed() ? 1 : 0;
        } else {
          errors.add((AnalysisError) o);
        }
        outcomes.set(i, null);
      }
      long millis = (System.nanoTime() - start) / 1_000_000;
      return new AnalysisResult(mode, rules.stream().map(Rule::descriptor).toList(), findings, errors,
          new AnalysisStats(paths.size(), parsed, millis), dependsOn);
    } finally {
      pool.shutdownNow();
    }
  }

  /** What the first pass keeps of a file: enough to index it and to read it again. */
  private record Candidate(Path path, String primaryTypeName, Optional<Path> sourceRoot, List<Rule> rules) {}

  private static Object screen(Path p, Prefilter prefilter, MemoryReserve reserve) {
    try {
      Object read = SourceReader.read(p);
      if (read instanceof SourceFile f) {
        List<Rule> applicable = PREFILTER ? prefilter.applicable(f.text()) : prefilter.rules();
        return new Candidate(p, f.primaryTypeName(), f.sourceRoot(), applicable);
      }
      return read;
    } catch (OutOfMemoryError e) {
      reserve.release();
      return outOfMemory(p, "read");
    }
  }

  private static Object analyzeCandidate(Worker worker, Candidate c, Policy policy, MemoryReserve reserve) {
    try {
      Object read = SourceReader.read(c.path());
      if (!(read instanceof SourceFile f)) {
        return new FileOutcome(List.of(), List.of((AnalysisError) read), false);
      }
      return worker.analyze(f, c.rules(), policy);
    } catch (OutOfMemoryError e) {
      reserve.release();
      return outOfMemory(c.path(), "analyze");
    }
  }

  /**
   * A task's result, or an error naming its file when the task died of an {@link Error} (most
   * often out of memory, which can strike any allocation of any thread): the run goes on and the
   * report still lists everything else.
   */
  private static Object outcomeOf(Future<Object> task, Path file, MemoryReserve reserve) {
    try {
      return task.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("analysis interrupted", e);
    } catch (ExecutionException e) {
      if (Diagnostics.enabled()) {
        e.getCause().printStackTrace();
      }
      if (e.getCause() instanceof OutOfMemoryError) {
        reserve.release();
        return outOfMemory(file, "analyze");
      }
      if (e.getCause() instanceof Error err) {
        return new AnalysisError(file, 0, "analysis failed on this file: " + err + "; skipped");
      }
      throw new IllegalStateException("analysis failed: " + e.getCause(), e.getCause());
    }
  }

  static AnalysisError outOfMemory(Path file, String what) {
    long kb = 0;
    try {
      kb = Files.size(file) / 1024;
    } catch (IOException | RuntimeException ignored) {
      // The size only makes the message more useful.
    }
    return new AnalysisError(file, 0, "not enough memory to " + what + " this file (" + kb
        + " KB of source, max heap " + Runtime.getRuntime().maxMemory() / (1024 * 1024)
        + " MB); skipped. Give the JVM more heap, e.g. java -Xmx1g -jar informer-guard.jar");
  }

  /**
   * Heap set aside at the start of a run and let go at the first {@link OutOfMemoryError}, so
   * that the thread collecting the results still has room to finish and write the report.
   */
  static final class MemoryReserve {
    private volatile byte[] reserve =
        new byte[(int) Math.min(8L << 20, Runtime.getRuntime().maxMemory() / 16)];

    void release() {
      reserve = null;
    }
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
   * judged here (there is no working directory to judge paths from; see the overload that takes
   * one); a policy that skips test code still skips JUnit, TestNG and AssertJ users. Thread-safe;
   * the source index of each root is built once and reused.
   */
  public FileOutcome analyzeText(Path file, String text, Policy policy) {
    return analyzeText(file, text, policy, Optional.empty());
  }

  /**
   * As {@link #analyzeText(Path, String, Policy)}, and when the policy skips test code, a file
   * under a test source root as seen from {@code workingDirectory} (the CLI's rule: {@code src/test/},
   * {@code src/it/}, {@code src/testFixtures/} below it) gets no findings, so a front end that
   * runs where the CLI would run skips what the CLI skips. The file is still indexed.
   */
  public FileOutcome analyzeText(Path file, String text, Policy policy, Path workingDirectory) {
    return analyzeText(file, text, policy, Optional.of(workingDirectory));
  }

  private FileOutcome analyzeText(Path file, String text, Policy policy, Optional<Path> workingDirectory) {
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
    if (!policy.reportTestSources() && workingDirectory.isPresent()
        && TestCode.underTestRoot(new DisplayPaths(workingDirectory.get()).show(source.path()))) {
      return FileOutcome.skipped();
    }
    List<Rule> applicable = singleFilePrefilters.computeIfAbsent(rules, Prefilter::of).applicable(text);
    if (applicable.isEmpty()) {
      return FileOutcome.skipped();
    }
    return singleFileWorkers.computeIfAbsent(Thread.currentThread().getId() + "@" + root,
        k -> Worker.lenient(index).create()).analyze(source, applicable, policy);
  }

  private final Map<Path, SourceIndex> singleFileIndexes = new ConcurrentHashMap<>();
  private final Map<String, Worker> singleFileWorkers = new ConcurrentHashMap<>();
  private final Map<List<Rule>, Prefilter> singleFilePrefilters = new ConcurrentHashMap<>();

  /** One thread's parser and type facts. */
  static final class Worker {

    interface Factory {
      Worker create();
    }

    private final JavaParser parser;
    private final TypeFacts types;
    private final SourceIndex index;
    /** Held while rules run, when the workers share a symbol solver; null when they do not. */
    private final Object resolution;

    private Worker(ParserConfiguration config, TypeFacts types, SourceIndex index, Object resolution) {
      this.parser = new JavaParser(config);
      this.types = types;
      this.index = index;
      this.resolution = resolution;
    }

    static Factory lenient(SourceIndex index) {
      TypeFacts facts = new LenientTypeFacts(index);
      return () -> new Worker(Parsers.lenientConfiguration(), facts, index, null);
    }

    static final boolean SOLVER_PER_THREAD = Boolean.getBoolean("informerguard.solverPerThread");

    /**
     * Precise set-ups (classpath opened, symbol solver built) in this JVM: the contract that nothing
     * is set up when no file is left to parse is observed by tests through it, not by timing.
     */
    static final AtomicInteger PRECISE_SETUPS = new AtomicInteger();

    static Factory precise(List<Path> classpath, SourceIndex index, JarIndex jars) {
      PRECISE_SETUPS.incrementAndGet();
      CompiledConstants constants = new CompiledConstants(classpath.stream().map(Path::toString).toList(), jars);
      TypeFacts facts = new PreciseTypeFacts(constants, index);
      List<Path> roots = index.roots();
      if (SOLVER_PER_THREAD) {
        return () -> new Worker(Parsers.preciseConfiguration(classpath, roots, jars), facts, index, null);
      }
      ParserConfiguration shared = Parsers.preciseConfiguration(classpath, roots, jars);
      Object resolution = new Object();
      return () -> new Worker(shared, facts, index, resolution);
    }

    /**
     * Source files above this size are parsed one at a time: JavaParser needs about 50 bytes of
     * heap per source character while parsing (tokens and tree), so a 3 MB generated API class
     * takes 150 MB. Relative to the heap so that a small heap serializes smaller files too.
     */
    private static final long LARGE_FILE_CHARS = Math.min(1_000_000, Runtime.getRuntime().maxMemory() / 400);
    private static final java.util.concurrent.Semaphore LARGE_FILES = new java.util.concurrent.Semaphore(1);

    FileOutcome analyze(SourceFile file, List<Rule> rules, Policy policy) {
      boolean large = file.text().length() > LARGE_FILE_CHARS;
      try {
        if (large) {
          LARGE_FILES.acquireUninterruptibly();
        }
        return analyzeParsed(file, rules, policy);
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
      if (resolution == null) {
        return runRules(file, unit, rules, policy);
      }
      synchronized (resolution) {
        return runRules(file, unit, rules, policy);
      }
    }

    private FileOutcome runRules(SourceFile file, CompilationUnit unit, List<Rule> rules, Policy policy) {
      unit.setStorage(file.path());
      index.offer(file, unit);
      // One walk of the file serves every rule (and the test-code check).
      Set<Class<? extends Node>> kinds = new LinkedHashSet<>(TestCode.NODES_TO_VISIT);
      kinds.addAll(SourceMethods.NODES_TO_VISIT);
      rules.forEach(r -> kinds.addAll(r.nodesToVisit()));
      FileNodes.index(unit, kinds);
      try {
        if (!policy.reportTestSources() && TestCode.usesTestFramework(unit)) {
          return new FileOutcome(List.of(), List.of(), true);
        }
        List<Finding> findings = new ArrayList<>();
        List<AnalysisError> errors = new ArrayList<>();
        DependencyRecorder recorder = new DependencyRecorder(types, unit);
        TypeFacts facts = new MemoizedTypeFacts(recorder);
        for (Rule rule : rules) {
          RuleSettings settings = policy.settingsFor(rule.descriptor());
          try {
            rule.check(new FileContext(unit, file.path(), facts, rule.descriptor(), settings, findings));
          } catch (RuntimeException | StackOverflowError e) {
            errors.add(new AnalysisError(file.path(), 0, "rule " + rule.descriptor().id() + " failed on this file: " + e));
          }
        }
        return new FileOutcome(findings, errors, true, recorder.files());
      } finally {
        // The tree may stay in the source index's cache; the lists would keep every node reachable twice.
        FileNodes.release(unit);
      }
    }
  }
}
