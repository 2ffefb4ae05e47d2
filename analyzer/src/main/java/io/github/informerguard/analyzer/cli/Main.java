package io.github.informerguard.analyzer.cli;

import io.github.informerguard.analyzer.Version;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.engine.AnalysisRequest;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.engine.Baseline;
import io.github.informerguard.analyzer.engine.Analyzer;
import io.github.informerguard.analyzer.engine.MemoryReserve;
import io.github.informerguard.analyzer.engine.RuleRegistry;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.policy.PolicyException;
import io.github.informerguard.analyzer.policy.PolicyLoader;
import io.github.informerguard.analyzer.report.ReportFormat;
import io.github.informerguard.analyzer.report.RepositoryRoot;
import io.github.informerguard.analyzer.report.Reporter;
import io.github.informerguard.analyzer.report.TextReport;
import io.github.informerguard.analyzer.report.sarif.SarifLog;
import java.io.File;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The command line front end: {@code java -jar informer-guard.jar [options] PATH...}. */
@Command(
    name = "informer-guard",
    mixinStandardHelpOptions = true,
    versionProvider = Main.VersionProvider.class,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Finds Kubernetes informer and watch misuse in Java operator code (fabric8, client-java, Java Operator SDK): short resync periods, informers and watches that are never stopped, swallowed interrupts, unbounded waits, stateful index functions and raw watches that ignore HTTP 410 Gone.",
      "",
      "Without --classpath types come from imports and simple names (lenient mode). With the project's classpath (jars and class folders) receivers are resolved by the symbol solver (precise mode), which is more exact."
    },
    footerHeading = "%nExamples:%n")
public final class Main implements Callable<Integer> {

  @Parameters(paramLabel = "PATH", arity = "0..*",
      description = "Java files or directories (directories are searched recursively for Java files).")
  List<Path> paths = new ArrayList<>();

  @Option(names = "--format", paramLabel = "text|json|sarif", defaultValue = "text",
      description = "Report format (default: ${DEFAULT-VALUE}).")
  String format;

  @Option(names = "--output", paramLabel = "FILE", description = "Write the report to FILE instead of standard output.")
  Path output;

  @Option(names = "--classpath", paramLabel = "CP",
      description = "Jars and class folders, separated by the platform path separator (: on Linux and macOS, ; on Windows); 'dir/*' adds every jar in dir. Enables precise mode.")
  String classpath;

  @Option(names = "--config", paramLabel = "FILE",
      description = PolicyLoader.DEFAULT_FILE_NAME + " in the working directory, when present, is used without this option. Policy file, YAML or JSON.")
  Path config;

  @Option(names = "--rules", paramLabel = "Id1,Id2", split = ",", description = "Run only these rules.")
  List<String> rules;

  @Option(names = "--fail-on", paramLabel = "info|warning|error|never", defaultValue = "warning",
      description = "Exit with 1 when a finding has at least this severity (default: ${DEFAULT-VALUE}).")
  String failOn;

  @Option(names = "--baseline", paramLabel = "FILE",
      description = "Report only findings whose fingerprint is not in FILE (written by --write-baseline); entries that match nothing are listed as stale.")
  Path baseline;

  @Option(names = "--write-baseline", paramLabel = "FILE",
      description = "Write every current finding to FILE as the accepted baseline, to adopt the rules on existing code.")
  Path writeBaseline;

  @Option(names = "--source-root", paramLabel = "DIR",
      description = "Folder that SARIF paths are relative to. Default: the repository root (the nearest folder above the analyzed files holding a .git entry), else the working directory.")
  Path sourceRoot;

  @Option(names = "--include-tests",
      description = "Report findings in test code too (test roots and JUnit, TestNG or AssertJ users), as testSources: report.")
  boolean includeTests;

  @Option(names = "--list-rules", description = "List the rules and exit.")
  boolean listRules;

  private final Path workingDirectory;
  private final PrintWriter out;
  private final PrintWriter err;
  /** Let go when this thread runs out of memory, so that it can still write the report or the error. */
  private final MemoryReserve reserve = MemoryReserve.forThisHeap();
  /** What this thread is doing, for the message when it runs out of memory ("not enough memory to ..."). */
  private String doing = "start";

  Main(Path workingDirectory, PrintWriter out, PrintWriter err) {
    this.workingDirectory = workingDirectory;
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) {
    System.exit(run(args, Path.of("").toAbsolutePath(),
        new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true),
        new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true)));
  }

  /** Runs the CLI and returns its exit status; used by tests and by {@link #main}. */
  public static int run(String[] args, Path workingDirectory, PrintWriter out, PrintWriter err) {
    Main main;
    try {
      main = new Main(workingDirectory, out, err);
    } catch (OutOfMemoryError e) {
      return outOfMemory(err, "start");
    }
    try {
      return run(main, args);
    } catch (OutOfMemoryError | NoClassDefFoundError e) {
      // Picocli passes errors on. Whatever ran out (loading the rules, picocli's model, the
      // policy, the report), the user gets one line and the status of a failed run, not a trace.
      main.reserve.release();
      if (!MemoryReserve.isLackOfMemory(e)) {
        throw e;
      }
      return outOfMemory(err, main.doing);
    }
  }

  private static int outOfMemory(PrintWriter err, String doing) {
    err.println("informer-guard: not enough memory to " + doing + " (max heap " + MemoryReserve.maxHeapMb() + " MB); "
        + MemoryReserve.ADVICE);
    err.flush();
    return 2;
  }

  private static int run(Main main, String[] args) {
    PrintWriter out = main.out;
    PrintWriter err = main.err;
    CommandLine cl = new CommandLine(main);
    cl.setOut(out);
    cl.setErr(err);
    // Commands and addresses are never broken across lines, whatever the width (HelpFooter).
    cl.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER,
        help -> HelpFooter.render(help.commandSpec().usageMessage().width()));
    cl.setParameterExceptionHandler((ex, arguments) -> {
      String hint = ex instanceof CommandLine.UnmatchedArgumentException u && !u.getSuggestions().isEmpty()
          ? " (did you mean " + String.join(" or ", u.getSuggestions()) + "?)" : "";
      err.println("informer-guard: " + ex.getMessage() + hint);
      err.println(HINT);
      err.flush();
      return 2;
    });
    cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      err.println("informer-guard: " + ex.getMessage());
      err.flush();
      return 2;
    });
    int code = cl.execute(args);
    out.flush();
    err.flush();
    return code;
  }

  @Override
  public Integer call() {
    RuleRegistry registry = RuleRegistry.builtIn();
    if (listRules) {
      for (RuleDescriptor d : registry.descriptors()) {
        out.printf("%-24s %-16s %s%n", d.id(), d.family().label(), d.summary());
        out.printf("%-24s %-16s severity: %s%n", "", "", d.severities());
      }
      return 0;
    }
    if (paths.isEmpty()) {
      return usage("no PATH given; name the source files or directories to analyze, e.g. src/main/java");
    }
    ReportFormat reportFormat;
    Optional<Severity> failLevel;
    try {
      reportFormat = ReportFormat.parse(format);
      failLevel = failOn.equalsIgnoreCase("never") ? Optional.empty() : Optional.of(Severity.parse(failOn));
    } catch (IllegalArgumentException e) {
      return usage(e.getMessage());
    }
    Optional<Set<String>> only = Optional.empty();
    if (rules != null) {
      Set<String> ids = new LinkedHashSet<>();
      for (String id : rules) {
        String t = id.trim();
        if (registry.find(t).isEmpty()) {
          return usage("unknown rule '" + t + "' in --rules; run --list-rules to see them");
        }
        ids.add(t);
      }
      only = Optional.of(ids);
    }
    Policy policy;
    doing = "read the policy file";
    try {
      PolicyLoader loader = new PolicyLoader(registry.descriptors());
      if (config != null) {
        Path c = workingDirectory.resolve(config);
        if (!Files.isRegularFile(c)) {
          err.println("informer-guard: policy file not found: " + config);
          return 2;
        }
        policy = loader.load(c);
      } else {
        policy = loader.loadFromDirectory(workingDirectory);
      }
    } catch (PolicyException e) {
      err.println("informer-guard: " + e.getMessage());
      return 2;
    }
    if (includeTests) {
      policy = policy.withTestSourcesReported();
    }
    Optional<List<Path>> cp;
    try {
      cp = classpath == null ? Optional.empty() : Optional.of(parseClasspath(classpath));
    } catch (IOException | IllegalArgumentException e) {
      err.println("informer-guard: bad --classpath: " + e.getMessage());
      return 2;
    }
    List<Path> inputs = paths.stream().map(workingDirectory::resolve).toList();
    for (Path p : paths) {
      Optional<String> problem = withoutJavaFiles(p, workingDirectory.resolve(p));
      if (problem.isPresent()) {
        err.println("informer-guard: " + problem.get());
        return 2;
      }
    }
    if (sourceRoot != null && !Files.isDirectory(workingDirectory.resolve(sourceRoot))) {
      return usage("--source-root " + sourceRoot + " is not a directory");
    }
    AnalysisResult result;
    doing = "analyze the files";
    try {
      result = new Analyzer(registry).analyze(new AnalysisRequest(inputs, cp, policy, only, workingDirectory, 0));
      ClassSharing.analyzed(result.stats().filesParsed());
    } catch (UncheckedIOException e) {
      err.println("informer-guard: " + e.getCause().getMessage());
      return 2;
    }
    long skipped = result.skippedForLackOfMemory();
    try {
      if (writeBaseline != null && skipped > 0) {
        // A baseline without the skipped files' findings would make them new findings in the next full run.
        err.println("informer-guard: baseline not written to " + writeBaseline + ": the run is incomplete");
      } else if (writeBaseline != null) {
        doing = "write the baseline";
        Baseline.write(workingDirectory.resolve(writeBaseline), result);
      }
      if (baseline != null) {
        Path b = workingDirectory.resolve(baseline);
        if (!Files.isRegularFile(b)) {
          err.println("informer-guard: baseline file not found: " + baseline);
          return 2;
        }
        result = Baseline.read(b).apply(result);
      }
    } catch (IOException e) {
      err.println("informer-guard: " + e.getMessage());
      return 2;
    }
    Path repositoryRoot = sourceRoot != null
        ? workingDirectory.resolve(sourceRoot).toAbsolutePath().normalize()
        : RepositoryRoot.findOr(inputs, workingDirectory);
    Reporter reporter = Reporter.of(reportFormat, workingDirectory, repositoryRoot, SarifLog.DEFAULT_AUTOMATION_ID);
    doing = "write the report";
    try {
      if (output != null) {
        Path target = workingDirectory.resolve(output);
        if (target.getParent() != null) {
          Files.createDirectories(target.getParent());
        }
        writeReportFile(reporter, result, target);
        // The report went to a file: say on the terminal what is in it, and where.
        err.println(TextReport.summary(result) + "; report: " + output);
      } else {
        reporter.write(result, out);
      }
    } catch (IOException e) {
      err.println("informer-guard: cannot write report: " + e.getMessage());
      return 2;
    }
    if (skipped > 0) {
      // DESIGN.md's status 2 (an error): the files above were not analyzed, so "no findings" would not be true.
      err.println("informer-guard: incomplete: " + skipped + " of "
          + TextReport.count(result.stats().filesScanned(), "file", "files") + " not analyzed for lack of memory (max heap " + MemoryReserve.maxHeapMb()
          + " MB); " + MemoryReserve.ADVICE);
      return 2;
    }
    return failLevel.map(result::hasFindingsAtOrAbove).orElse(false) ? 1 : 0;
  }

  /**
   * Writes the report file; when this thread runs out of memory on the way, lets go of its reserve
   * and writes the file again from the start, so that a report file is whole or not there at all.
   */
  private void writeReportFile(Reporter reporter, AnalysisResult result, Path target) throws IOException {
    for (int attempt = 1; ; attempt++) {
      try (Writer w = Files.newBufferedWriter(target, StandardCharsets.UTF_8)) {
        reporter.write(result, w);
        return;
      } catch (OutOfMemoryError e) {
        reserve.release();
        if (attempt == 2) {
          Files.deleteIfExists(target);
          throw e;
        }
      }
    }
  }

  private static final String HINT = "Try 'java -jar informer-guard.jar --help' for the options.";

  private int usage(String message) {
    err.println("informer-guard: " + message);
    err.println(HINT);
    return 2;
  }

  /** An input that exists but holds no Java file is a mistake (a wrong folder), not a clean result. */
  private Optional<String> withoutJavaFiles(Path shown, Path input) {
    if (!Files.exists(input)) {
      // As the user wrote it, not the absolute path discovery would name.
      return Optional.of(shown + ": no such file or directory");
    }
    if (Files.isRegularFile(input)) {
      return input.getFileName().toString().endsWith(".java") ? Optional.empty()
          : Optional.of(shown + " is not a .java file");
    }
    if (!Files.isDirectory(input)) {
      return Optional.of(shown + " is neither a file nor a directory");
    }
    // A PATH that is a link to a folder is followed, as discovery lists it (Files.walk would stop at the
    // link itself); links below it are not, as discovery does not follow them either.
    try (Stream<Path> files = Files.walk(Files.isSymbolicLink(input) ? input.toRealPath() : input)) {
      return files.anyMatch(p -> p.toString().endsWith(".java") && Files.isRegularFile(p)) ? Optional.empty()
          : Optional.of(shown + " holds no .java file; name a source folder such as src/main/java");
    } catch (IOException | UncheckedIOException e) {
      return Optional.empty();
    }
  }

  private List<Path> parseClasspath(String cp) throws IOException {
    List<Path> out = new ArrayList<>();
    for (String entry : cp.split(File.pathSeparator)) {
      if (entry.isBlank()) {
        continue;
      }
      if (entry.endsWith("*")) {
        String folder = entry.substring(0, entry.length() - 1);
        Path dir = workingDirectory.resolve(folder);
        if (!Files.isDirectory(dir)) {
          throw new IllegalArgumentException("not a directory: " + (folder.isEmpty() ? "." : folder) + " (in " + entry + ")");
        }
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(dir, "*.jar")) {
          for (Path jar : jars) {
            out.add(readableJar(jar, folder + jar.getFileName()));
          }
        }
        continue;
      }
      Path p = workingDirectory.resolve(entry);
      if (!Files.exists(p)) {
        throw new IllegalArgumentException("no such jar or folder: " + entry);
      }
      out.add(Files.isDirectory(p) ? p : readableJar(p, entry));
    }
    return out;
  }

  /**
   * A jar the symbol solver would open later: a corrupt or truncated one (a failed download) is
   * named now, rather than leaving every type in it unresolved and its findings silently missing.
   */
  private static Path readableJar(Path jar, String shown) {
    try (JarFile opened = new JarFile(jar.toFile())) {
      return jar;
    } catch (IOException e) {
      throw new IllegalArgumentException(shown + " is not a readable jar: " + e.getMessage());
    }
  }

  /** Prints the analyzer's version. */
  public static final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"informer-guard " + Version.VERSION};
    }
  }
}
