package io.github.informerguard.analyzer.engine;

import io.github.informerguard.analyzer.model.ApiModel;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.Position;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Problem;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.resolution.SymbolResolver;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

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
    MemoryReserve reserve = MemoryReserve.forThisHeap();
    List<Rule> rules = enabledRules(request);
    Set<Path> known = new HashSet<>();
    indexOnly.forEach(p -> known.add(p.toAbsolutePath().normalize()));
    DisplayPaths shown = new DisplayPaths(request.workingDirectory());
    boolean skipTests = !request.policy().reportTestSources();
    int threads = Math.max(1, request.threads() > 0 ? request.threads() : Runtime.getRuntime().availableProcessors());
    Progress run = new Progress();
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "informer-guard-analyzer");
      t.setDaemon(true);
      return t;
    });
    try {
      run.enter(Phase.DISCOVER);
      SourceDiscovery discovery = new SourceDiscovery(request.workingDirectory());
      run.paths = discovery.discover(request.inputs(), request.policy(), threads);
      run.errors.addAll(unlistedErrors(discovery.unlistedFolders()));
      // Read and prefilter in parallel. Texts are not held between the phases: each file that a
      // rule looks at is read again by its worker, so the heap holds only the files being analyzed.
      run.enter(Phase.SCREEN);
      List<Future<Object>> screened = new ArrayList<>(run.paths.size());
      // The same scan tells which of the words the source index keeps each file holds, so that
      // its questions about every file (which files call watch) need no second read.
      Prefilter prefilter = Prefilter.of(rules, FileFacts.WORDS);
      Prefilter none = Prefilter.of(List.of(), FileFacts.WORDS);
      for (Path p : run.paths) {
        // A test file that is skipped, or a file whose findings the caller already has (the
        // plugin's cache), is indexed by path like any file that no rule looks at.
        boolean skipped = skipTests && TestCode.underTestRoot(shown.show(p)) || known.contains(p.toAbsolutePath().normalize());
        Prefilter forFile = skipped ? none : prefilter;
        screened.add(pool.submit(() -> screen(p, forFile, reserve)));
      }
      SourceIndex index = new SourceIndex(List.of());
      for (; run.done < run.paths.size(); run.done++) {
        Object s = outcomeOf(screened.get(run.done), run.paths.get(run.done), reserve);
        screened.set(run.done, null);
        if (s instanceof Candidate c) {
          index.addByPath(c.path(), c.primaryTypeName(), c.sourceRoot(), c.facts());
          if (!c.rules().isEmpty()) {
            run.candidates.add(c);
          }
        } else {
          run.errors.add((AnalysisError) s);
        }
      }
      screened = null;

      run.mode = request.classpath().isPresent() ? AnalysisMode.PRECISE : AnalysisMode.LENIENT;
      // Parsing needs neither the classpath nor the symbol solver: the workers parse the
      // candidates while this thread sets those up (in a small module, as long as the parsing),
      // and each worker runs the rules once the set-up is there. A tree parsed so is the one the
      // set-up's parser would give: its configuration differs only by the symbol solver, which
      // the worker then attaches to the tree as that parser would have.
      CompletableFuture<Worker.Factory> setUp = new CompletableFuture<>();
      ThreadLocal<Worker> local = ThreadLocal.withInitial(() -> setUp.join().create());
      ThreadLocal<JavaParser> parsers = ThreadLocal.withInitial(() -> new JavaParser(Parsers.lenientConfiguration()));
      List<Future<Object>> outcomes = new ArrayList<>(run.candidates.size());
      for (Candidate c : run.candidates) {
        outcomes.add(pool.submit(() -> analyzeCandidate(parsers.get(), local::get, c, request.policy(), reserve)));
      }
      run.enter(Phase.SET_UP);
      try {
        // Opening the classpath for constants and types is the costly part of setting up; skip it
        // when nothing is left to parse.
        setUp.complete(run.candidates.isEmpty() ? () -> {
          throw new IllegalStateException("no file to analyze");
        } : run.mode == AnalysisMode.PRECISE
            ? Worker.precise(request.classpath().get(), index, jars)
            : Worker.lenient(index));
      } catch (RuntimeException | Error e) {
        setUp.completeExceptionally(e);
        throw e;
      }
      run.enter(Phase.ANALYZE);
      for (; run.done < run.candidates.size(); run.done++) {
        Path file = run.candidates.get(run.done).path();
        Object o = outcomeOf(outcomes.get(run.done), file, reserve);
        outcomes.set(run.done, null);
        if (o instanceof FileOutcome outcome) {
          if (!outcome.dependsOn().isEmpty()) {
            run.dependsOn.put(file, outcome.dependsOn());
          }
          run.findings.addAll(outcome.findings());
          run.errors.addAll(outcome.errors());
          run.parsed += outcome.parsed() ? 1 : 0;
        } else {
          run.errors.add((AnalysisError) o);
        }
      }
      run.enter(Phase.REPORT);
      return result(run, rules, start);
    } catch (OutOfMemoryError e) {
      // This thread ran out itself (the workers' failures arrive as their files' errors). Let go
      // of the reserve and of the work in flight, name every file that was not analyzed, and
      // still return what was: the front end writes its report from that.
      reserve.release();
      stop(pool);
      run.abandon(request.inputs());
      return result(run, rules, start);
    } finally {
      pool.shutdownNow();
    }
  }

  /** One error per folder that could not be listed: the files under it are missing from the run, and the report says so. */
  static List<AnalysisError> unlistedErrors(Map<Path, String> unlisted) {
    List<AnalysisError> out = new ArrayList<>();
    unlisted.forEach((dir, why) -> out.add(
        new AnalysisError(dir, 0, "cannot list folder (" + why + "): the Java files under it were not analyzed")));
    return out;
  }

  /** Stops the workers and waits a little for the running ones, which hold the heap the report needs. */
  private static void stop(ExecutorService pool) {
    pool.shutdownNow();
    try {
      pool.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private AnalysisResult result(Progress run, List<Rule> rules, long start) {
    long millis = (System.nanoTime() - start) / 1_000_000;
    return new AnalysisResult(run.mode, rules.stream().map(Rule::descriptor).toList(), run.findings, run.errors,
        new AnalysisStats(run.paths.size(), run.parsed, millis), run.dependsOn);
  }

  /** The main thread's steps, in order; each names what ran out of memory when the main thread does. */
  enum Phase {
    DISCOVER("listing the Java files"),
    SCREEN("reading the files"),
    SET_UP("setting up the analysis (the clients' API model, the classpath)"),
    ANALYZE("collecting the results"),
    REPORT("sorting the results");

    final String doing;

    Phase(String doing) {
      this.doing = doing;
    }
  }

  /**
   * Test seam: called by the main thread as it enters each phase, so that a test can make that
   * thread run out of memory exactly there. Never set outside tests.
   */
  static volatile java.util.function.Consumer<Phase> phaseListener = phase -> {};

  /** Test seam: called by a worker when it has parsed a candidate, before it runs the rules. Never set outside tests. */
  static volatile java.util.function.Consumer<Path> parseListener = file -> {};

  /** What the main thread has collected so far; all of it is kept when that thread runs out of memory. */
  private static final class Progress {
    Phase phase;
    List<Path> paths = List.of();
    /** Results of the current phase taken so far: paths while screening, candidates while analyzing. */
    int done;
    final List<Candidate> candidates = new ArrayList<>();
    final List<Finding> findings = new ArrayList<>();
    final List<AnalysisError> errors = new ArrayList<>();
    final Map<Path, Set<Path>> dependsOn = new HashMap<>();
    int parsed;
    AnalysisMode mode = AnalysisMode.LENIENT;

    void enter(Phase next) {
      phase = next;
      done = 0;
      phaseListener.accept(next);
    }

    /** Names every file (or, before they were listed, every input) whose result was not taken. */
    void abandon(List<Path> inputs) {
      String message = "not analyzed: the run ran out of memory while " + phase.doing + " (max heap "
          + MemoryReserve.maxHeapMb() + " MB); " + MemoryReserve.ADVICE;
      List<Path> left = switch (phase) {
        case DISCOVER -> inputs;
        // Nothing was analyzed yet: every file read so far and every file not read.
        case SCREEN -> concat(candidates.stream().map(Candidate::path).toList(), paths.subList(done, paths.size()));
        case SET_UP -> candidates.stream().map(Candidate::path).toList();
        case ANALYZE -> candidates.subList(done, candidates.size()).stream().map(Candidate::path).toList();
        case REPORT -> List.of();
      };
      candidates.clear();
      for (Path p : left) {
        errors.add(AnalysisError.outOfMemory(p, message));
      }
    }

    private static List<Path> concat(List<Path> a, List<Path> b) {
      List<Path> out = new ArrayList<>(a);
      out.addAll(b);
      return out;
    }
  }

  /** What the first pass keeps of a file: enough to index it and to read it again. */
  private record Candidate(Path path, String primaryTypeName, Optional<Path> sourceRoot, List<Rule> rules, FileFacts facts) {}

  private static Object screen(Path p, Prefilter prefilter, MemoryReserve reserve) {
    try {
      Object read = SourceReader.read(p);
      if (read instanceof SourceFile f) {
        Prefilter.Screen screen = prefilter.screen(f.text());
        List<Rule> applicable = PREFILTER ? screen.rules() : prefilter.rules();
        // The package is read once (a regular expression over the text) for both.
        Optional<String> pkg = f.packageName();
        String name = f.primaryTypeName(pkg);
        return new Candidate(p, name, f.sourceRoot(pkg), applicable, FileFacts.of(name, f.text(), screen.indexWords()));
      }
      return read;
    } catch (OutOfMemoryError e) {
      reserve.release();
      return outOfMemory(p, "read");
    }
  }

  /** Parses the candidate with {@code parser} (a worker's own), then runs its rules with the {@code worker} of this thread. */
  private static Object analyzeCandidate(JavaParser parser, Supplier<Worker> worker, Candidate c, Policy policy,
      MemoryReserve reserve) {
    try {
      Object read = SourceReader.read(c.path());
      if (!(read instanceof SourceFile f)) {
        return new FileOutcome(List.of(), List.of((AnalysisError) read), false);
      }
      return Worker.analyze(parser, f, c.rules(), policy, worker);
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
      // A class whose initializer ran out of memory in another file's task fails here for good.
      if (MemoryReserve.isLackOfMemory(e.getCause())) {
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
    return AnalysisError.outOfMemory(file, "not enough memory to " + what + " this file (" + kb
        + " KB of source, max heap " + MemoryReserve.maxHeapMb() + " MB); skipped: " + MemoryReserve.ADVICE);
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
    /** What the parser of {@code config} attaches to each tree it parses; empty in lenient mode. */
    private final Optional<SymbolResolver> resolver;
    private final TypeFacts types;
    private final SourceIndex index;
    /** Held while rules run, when the workers share a symbol solver; null when they do not. */
    private final Object resolution;

    private Worker(ParserConfiguration config, TypeFacts types, SourceIndex index, Object resolution) {
      this.parser = new JavaParser(config);
      this.resolver = config.getSymbolResolver();
      this.types = types;
      this.index = index;
      this.resolution = resolution;
    }

    static Factory lenient(SourceIndex index) {
      // Loaded here, on the thread that sets up the run, rather than by the first file that needs it:
      // a heap too small for the model then fails the set-up once, named as such, instead of
      // failing every file.
      ApiModel.get();
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
      return analyze(parser, file, rules, policy, () -> this);
    }

    /**
     * Parses {@code file} with {@code parser}, whose configuration must be this worker's without
     * its symbol solver, and runs the rules with {@code worker}, asked for only when the file parsed.
     */
    static FileOutcome analyze(JavaParser parser, SourceFile file, List<Rule> rules, Policy policy, Supplier<Worker> worker) {
      boolean large = file.text().length() > LARGE_FILE_CHARS;
      try {
        if (large) {
          LARGE_FILES.acquireUninterruptibly();
        }
        Object parsed = parse(parser, file);
        return parsed instanceof CompilationUnit unit ? worker.get().analyzeParsed(file, unit, rules, policy) : (FileOutcome) parsed;
      } finally {
        if (large) {
          LARGE_FILES.release();
        }
      }
    }

    /** The file's tree, or the outcome of a file that does not parse. */
    private static Object parse(JavaParser parser, SourceFile file) {
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
        ParseMessages.Lexical lexical = first == null || at.isPresent() ? null : ParseMessages.lexical(first.getMessage());
        String message = first == null ? "does not parse"
            : lexical != null ? "does not parse: " + lexical.message() + " at column " + lexical.column()
            : "does not parse: " + ParseMessages.shorten(first.getMessage()) + at.map(p -> " at column " + p.column).orElse("");
        line = lexical != null ? lexical.line() : line;
        return new FileOutcome(List.of(), List.of(new AnalysisError(file.path(), line, message)), false);
      }
      parseListener.accept(file.path());
      return result.getResult().get();
    }

    private FileOutcome analyzeParsed(SourceFile file, CompilationUnit unit, List<Rule> rules, Policy policy) {
      // As the parser of this worker's configuration does after a successful parse.
      resolver.ifPresent(r -> unit.setData(Node.SYMBOL_RESOLVER_KEY, r));
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
