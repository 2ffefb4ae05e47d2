package io.github.informerguard.analyzer.report;

import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.report.json.JsonReport;
import io.github.informerguard.analyzer.report.sarif.SarifReport;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;

/** Renders an {@link AnalysisResult}; paths are shown relative to the working directory. */
public interface Reporter {

  void write(AnalysisResult result, Writer out) throws IOException;

  static Reporter of(ReportFormat format, Path workingDirectory) {
    return switch (format) {
      case TEXT -> new TextReport(workingDirectory);
      case JSON -> new JsonReport(workingDirectory);
      case SARIF -> new SarifReport(workingDirectory);
    };
  }
}
