package io.github.informerguard.analyzer.report;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.engine.AnalysisError;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.engine.AnalysisStats;
import io.github.informerguard.analyzer.engine.DisplayPaths;
import io.github.informerguard.analyzer.engine.BaselineEntry;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;

/**
 * javac-style lines, {@code path:line:col: warning: [RuleId] message (see <rule page>)}, then a
 * summary. The page's address is on every finding's own line, as Error Prone prints its link per
 * diagnostic, so a line copied out of a CI log still says where the explanation and the fix are.
 */
public final class TextReport implements Reporter {

  private final DisplayPaths paths;

  public TextReport(Path workingDirectory) {
    this.paths = new DisplayPaths(workingDirectory);
  }

  @Override
  public void write(AnalysisResult result, Writer out) throws IOException {
    for (Finding f : result.findings()) {
      out.write(line(f, paths));
      out.write(System.lineSeparator());
    }
    for (AnalysisError e : result.errors()) {
      out.write(paths.show(e.file()) + (e.line() > 0 ? ":" + e.line() : "") + ": error: " + e.message());
      out.write(System.lineSeparator());
    }
    if (result.stats().baseline().isPresent()) {
      Path baseline = result.stats().baseline().get().file();
      for (BaselineEntry e : result.stats().baseline().get().stale()) {
        out.write(paths.show(baseline) + ": stale baseline entry (no such finding any more): " + e.file() + ": ["
            + e.ruleId() + "] " + e.message() + " (" + e.fingerprint() + ")");
        out.write(System.lineSeparator());
      }
    }
    out.write(summary(result));
    out.write(System.lineSeparator());
    out.flush();
  }

  /** One line: counts, files, mode, time; the CLI also prints it on standard error with {@code --output}. */
  public static String summary(AnalysisResult result) {
    AnalysisStats stats = result.stats();
    String baseline = stats.baseline().map(b -> "; " + b.baselined() + " baselined, "
        + count(b.stale().size(), "stale baseline entry", "stale baseline entries")).orElse("");
    return "informer-guard: " + count(result.findings().size(), "finding", "findings") + ", "
        + count(result.errors().size(), "file error", "file errors") + baseline + "; "
        + count(stats.filesScanned(), "file", "files") + " scanned, " + stats.filesParsed() + " parsed, "
        + result.mode().id() + " mode, " + stats.millis() + " ms";
  }

  /** {@code 1 finding}, {@code 3 findings}: the one pluralisation every front end's summary uses. */
  public static String count(int n, String one, String many) {
    return n + " " + (n == 1 ? one : many);
  }

  public static String line(Finding f, DisplayPaths paths) {
    return paths.show(f.file()) + ":" + f.line() + ":" + f.column() + ": " + f.severity().id() + ": ["
        + f.ruleId() + "] " + f.message() + seeAlso(f);
  }

  /** {@code  (see https://.../docs/rules/RuleId.md)}, the suffix both the CLI and the Maven log put on a finding. */
  public static String seeAlso(Finding f) {
    return " (see " + RuleDescriptor.helpUri(f.ruleId()) + ")";
  }
}
