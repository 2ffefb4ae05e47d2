package io.github.informerguard.analyzer.report;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.engine.AnalysisError;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;

/** javac-style lines, {@code path:line:col: warning: [RuleId] message}, then a summary. */
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
    out.write(String.format("informer-guard: %d finding%s, %d file error%s; %d files scanned, %d parsed, %s mode, %d ms%n",
        result.findings().size(), result.findings().size() == 1 ? "" : "s",
        result.errors().size(), result.errors().size() == 1 ? "" : "s",
        result.stats().filesScanned(), result.stats().filesParsed(), result.mode().id(), result.stats().millis()));
    out.flush();
  }

  public static String line(Finding f, DisplayPaths paths) {
    return paths.show(f.file()) + ":" + f.line() + ":" + f.column() + ": " + f.severity().id() + ": ["
        + f.ruleId() + "] " + f.message();
  }
}
