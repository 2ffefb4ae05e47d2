package io.github.informerguard.analyzer.report;

import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.report.json.JsonReport;
import io.github.informerguard.analyzer.report.sarif.SarifLog;
import io.github.informerguard.analyzer.report.sarif.SarifReport;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;

/** Renders an {@link AnalysisResult}. */
public interface Reporter {

  void write(AnalysisResult result, Writer out) throws IOException;

  /**
   * Text and JSON show paths relative to {@code workingDirectory}; SARIF's are relative to the
   * repository that holds it (found from {@code .git}, else the working directory itself).
   */
  static Reporter of(ReportFormat format, Path workingDirectory) {
    return of(format, workingDirectory, RepositoryRoot.findOr(List.of(workingDirectory), workingDirectory),
        SarifLog.DEFAULT_AUTOMATION_ID);
  }

  /** As {@link #of(ReportFormat, Path)}, with SARIF's repository root and automation id given. */
  static Reporter of(ReportFormat format, Path workingDirectory, Path repositoryRoot, String automationId) {
    return switch (format) {
      case TEXT -> new TextReport(workingDirectory);
      // The format packages do not implement this interface, so that they need nothing from this package.
      case JSON -> new JsonReport(workingDirectory)::write;
      case SARIF -> new SarifReport(repositoryRoot, automationId)::write;
    };
  }
}
