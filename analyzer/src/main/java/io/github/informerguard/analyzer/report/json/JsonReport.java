package io.github.informerguard.analyzer.report.json;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.informerguard.analyzer.Version;
import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.engine.AnalysisError;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.engine.BaselineEntry;
import io.github.informerguard.analyzer.engine.DisplayPaths;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;

/** The JSON report of DESIGN.md: tool, mode, findings, errors, stats. */
public final class JsonReport {

  private final DisplayPaths paths;

  public JsonReport(Path workingDirectory) {
    this.paths = new DisplayPaths(workingDirectory);
  }

  public void write(AnalysisResult result, Writer out) throws IOException {
    JsonOutput.write(out, factory -> toJson(result, factory));
  }

  public ObjectNode toJson(AnalysisResult result, JsonNodeFactory factory) {
    ObjectNode root = factory.objectNode();
    ObjectNode tool = root.putObject("tool");
    tool.put("name", "informer-guard");
    tool.put("version", Version.VERSION);
    root.put("mode", result.mode().id());
    ArrayNode findings = root.putArray("findings");
    for (Finding f : result.findings()) {
      ObjectNode n = findings.addObject();
      n.put("ruleId", f.ruleId());
      n.put("severity", f.severity().id());
      n.put("file", paths.show(f.file()));
      n.put("line", f.line());
      n.put("column", f.column());
      n.put("message", f.message());
      n.put("detail", f.detail());
      n.put("fingerprint", f.fingerprint());
    }
    ArrayNode errors = root.putArray("errors");
    for (AnalysisError e : result.errors()) {
      ObjectNode n = errors.addObject();
      n.put("file", paths.show(e.file()));
      if (e.line() > 0) {
        n.put("line", e.line());
      } else {
        n.putNull("line");
      }
      n.put("message", e.message());
    }
    ObjectNode stats = root.putObject("stats");
    stats.put("filesScanned", result.stats().filesScanned());
    stats.put("filesParsed", result.stats().filesParsed());
    stats.put("millis", result.stats().millis());
    result.stats().baseline().ifPresent(b -> {
      stats.put("baselined", b.baselined());
      ArrayNode stale = stats.putArray("staleBaselineEntries");
      for (BaselineEntry e : b.stale()) {
        ObjectNode n = stale.addObject();
        n.put("ruleId", e.ruleId());
        n.put("file", e.file());
        n.put("fingerprint", e.fingerprint());
        n.put("message", e.message());
      }
    });
    return root;
  }
}
