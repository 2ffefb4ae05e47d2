package io.github.informerguard.analyzer.report.sarif;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.informerguard.analyzer.Version;
import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.engine.AnalysisError;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.report.DisplayPaths;
import io.github.informerguard.analyzer.report.JsonOutput;
import io.github.informerguard.analyzer.report.Reporter;
import java.io.IOException;
import java.io.Writer;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A SARIF 2.1.0 log with one run: every rule in {@code tool.driver.rules} (with helpUri), one
 * result per finding with a region, and unparsable files as tool execution notifications.
 */
public final class SarifReport implements Reporter {

  private static final String SRCROOT = "%SRCROOT%";
  private static final String INFO_URI = "https://github.com/informerguard/informer-guard";

  private final Path workingDirectory;
  private final DisplayPaths paths;

  public SarifReport(Path workingDirectory) {
    this.workingDirectory = workingDirectory.toAbsolutePath().normalize();
    this.paths = new DisplayPaths(workingDirectory);
  }

  @Override
  public void write(AnalysisResult result, Writer out) throws IOException {
    JsonOutput.write(out, mapper -> toJson(result, mapper));
  }

  public ObjectNode toJson(AnalysisResult result, ObjectMapper mapper) {
    ObjectNode root = mapper.createObjectNode();
    root.put("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
    root.put("version", "2.1.0");
    ObjectNode run = root.putArray("runs").addObject();

    ObjectNode driver = run.putObject("tool").putObject("driver");
    driver.put("name", "informer-guard");
    driver.put("version", Version.VERSION);
    driver.put("semanticVersion", Version.VERSION.replace("-SNAPSHOT", ""));
    driver.put("informationUri", INFO_URI);
    ArrayNode rules = driver.putArray("rules");
    Map<String, Integer> ruleIndex = new HashMap<>();
    List<RuleDescriptor> descriptors = result.rules();
    for (RuleDescriptor d : descriptors) {
      ruleIndex.put(d.id(), ruleIndex.size());
      ObjectNode r = rules.addObject();
      r.put("id", d.id());
      r.put("name", d.id());
      r.putObject("shortDescription").put("text", d.summary());
      r.put("helpUri", d.helpUri());
      r.putObject("help").put("text", d.summary() + " See " + d.helpUri());
      r.putObject("defaultConfiguration").put("level", level(d.defaultSeverity()));
      ObjectNode props = r.putObject("properties");
      props.putArray("tags").add("informer").add(d.family().label());
    }

    run.putObject("originalUriBaseIds").putObject(SRCROOT)
        .put("uri", workingDirectory.toUri().toString());

    ObjectNode invocation = run.putArray("invocations").addObject();
    invocation.put("executionSuccessful", true);
    ArrayNode notifications = invocation.putArray("toolExecutionNotifications");
    for (AnalysisError e : result.errors()) {
      ObjectNode n = notifications.addObject();
      n.put("level", "error");
      n.putObject("message").put("text", paths.show(e.file()) + ": " + e.message());
      ObjectNode physical = n.putArray("locations").addObject().putObject("physicalLocation");
      artifact(physical, e.file());
      if (e.line() > 0) {
        physical.putObject("region").put("startLine", e.line());
      }
    }

    ArrayNode results = run.putArray("results");
    for (Finding f : result.findings()) {
      ObjectNode r = results.addObject();
      r.put("ruleId", f.ruleId());
      Integer index = ruleIndex.get(f.ruleId());
      if (index != null) {
        r.put("ruleIndex", index);
      }
      r.put("level", level(f.severity()));
      r.putObject("message").put("text", f.fullText());
      ObjectNode physical = r.putArray("locations").addObject().putObject("physicalLocation");
      artifact(physical, f.file());
      ObjectNode region = physical.putObject("region");
      region.put("startLine", f.line());
      region.put("startColumn", f.column());
      if (f.endLine() >= f.line()) {
        region.put("endLine", f.endLine());
        // SARIF end columns are exclusive; JavaParser's are inclusive.
        region.put("endColumn", f.endLine() == f.line() ? Math.max(f.endColumn() + 1, f.column() + 1) : f.endColumn() + 1);
      }
    }
    return root;
  }

  private void artifact(ObjectNode physical, Path file) {
    ObjectNode location = physical.putObject("artifactLocation");
    Path abs = file.toAbsolutePath().normalize();
    if (abs.startsWith(workingDirectory)) {
      location.put("uri", relativeUri(paths.show(abs)));
      location.put("uriBaseId", SRCROOT);
    } else {
      location.put("uri", abs.toUri().toString());
    }
  }

  private static String relativeUri(String slashed) {
    try {
      return new URI(null, null, slashed, null).getRawPath();
    } catch (URISyntaxException e) {
      return slashed;
    }
  }

  static String level(Severity s) {
    return switch (s) {
      case ERROR -> "error";
      case WARNING -> "warning";
      case INFO -> "note";
    };
  }
}
