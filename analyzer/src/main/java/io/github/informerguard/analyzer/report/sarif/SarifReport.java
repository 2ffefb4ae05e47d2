package io.github.informerguard.analyzer.report.sarif;

import io.github.informerguard.analyzer.engine.AnalysisResult;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;

/** The {@code --format sarif} report: a {@link SarifLog} with one run. */
public final class SarifReport {

  private final Path repositoryRoot;
  private final String automationId;

  /**
   * @param repositoryRoot the folder artifact URIs are relative to
   * @param automationId the run's {@code automationDetails.id}
   */
  public SarifReport(Path repositoryRoot, String automationId) {
    this.repositoryRoot = repositoryRoot;
    this.automationId = automationId;
  }

  /** URIs relative to {@code repositoryRoot}, with the CLI's automation id. */
  public SarifReport(Path repositoryRoot) {
    this(repositoryRoot, SarifLog.DEFAULT_AUTOMATION_ID);
  }

  public void write(AnalysisResult result, Writer out) throws IOException {
    new SarifLog(repositoryRoot).addRun(automationId, result).write(out);
  }
}
