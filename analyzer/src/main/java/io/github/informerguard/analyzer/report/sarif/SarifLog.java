package io.github.informerguard.analyzer.report.sarif;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.informerguard.analyzer.Version;
import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.engine.AnalysisError;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.report.json.JsonOutput;
import java.io.File;
import java.io.IOException;
import java.io.Writer;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A SARIF 2.1.0 log of one or more runs, ready for GitHub code scanning as is: paths relative to
 * the repository root, {@code partialFingerprints}, full rule metadata and one
 * {@code automationDetails.id} per run.
 *
 * <p>This is the API the Maven plugin uses for the reactor-wide log: each module's analysis is
 * one run with its own automation id ({@link #automationId}), because code scanning rejects an
 * upload in which two runs of the same tool share a category. A module whose result is not in
 * memory (analyzed by another thread, or reused from a cache) is added from the log it wrote,
 * with {@link #addRunsOf}.
 *
 * <pre>{@code
 * SarifLog log = new SarifLog(RepositoryRoot.findOr(List.of(executionRoot), executionRoot));
 * log.addRun(SarifLog.automationId("operator-module"), result);   // or log.addRunsOf(moduleSarif)
 * log.write(executionRoot.resolve("target/informer-guard/informer-guard.sarif"));
 * }</pre>
 *
 * Not thread-safe: build a log on one thread.
 */
public final class SarifLog {

  /** The key of the finding's fingerprint in {@code partialFingerprints}. */
  public static final String FINGERPRINT_KEY = "informerGuard/v1";

  /** The CLI's automation id: category {@code informer-guard}, no run instance. */
  public static final String DEFAULT_AUTOMATION_ID = "informer-guard/";

  static final String SRCROOT = "%SRCROOT%";
  private static final String INFO_URI = "https://github.com/informerguard/informer-guard";
  private static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

  private final Path repositoryRoot;
  private final List<JsonNode> runs = new ArrayList<>();

  /** @param repositoryRoot the folder artifact URIs are relative to (see {@code RepositoryRoot}) */
  public SarifLog(Path repositoryRoot) {
    this.repositoryRoot = repositoryRoot.toAbsolutePath().normalize();
  }

  /**
   * The automation id of one analysis, {@code informer-guard/<analysis>/}: code scanning takes
   * everything before the last {@code /} as the run's category, so each analysis (a module's
   * path in the repository, say) gets its own category.
   */
  public static String automationId(String analysis) {
    String clean = analysis.replace('\\', '/').replaceAll("^/+|/+$", "");
    return clean.isEmpty() ? DEFAULT_AUTOMATION_ID : DEFAULT_AUTOMATION_ID + clean + "/";
  }

  public Path repositoryRoot() {
    return repositoryRoot;
  }

  /** Adds one run for {@code result}. */
  public SarifLog addRun(String automationId, AnalysisResult result) {
    runs.add(run(automationId, result));
    return this;
  }

  /** Adds the runs of a SARIF log written before, such as a module's {@code informer-guard.sarif}. */
  public SarifLog addRunsOf(Path sarifFile) throws IOException {
    // Data binding only here, to read a log back (the reactor log of a multi-module build).
    JsonNode log = new ObjectMapper().readTree(sarifFile.toFile());
    JsonNode previous = log.path("runs");
    if (!previous.isArray()) {
      throw new IOException(sarifFile + " is not a SARIF log: no runs");
    }
    previous.forEach(runs::add);
    return this;
  }

  /** The automation ids of the runs added so far, in order. */
  public List<String> automationIds() {
    return runs.stream().map(r -> r.path("automationDetails").path("id").asText()).toList();
  }

  public ObjectNode toJson() {
    Set<String> ids = new HashSet<>();
    for (String id : automationIds()) {
      if (!ids.add(id)) {
        throw new IllegalStateException("two runs share the automation id '" + id
            + "'; code scanning rejects such a log: give each analysis its own SarifLog.automationId(...)");
      }
    }
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.put("$schema", SCHEMA);
    root.put("version", "2.1.0");
    ArrayNode array = root.putArray("runs");
    runs.forEach(array::add);
    return root;
  }

  public void write(Writer out) throws IOException {
    JsonNode json = toJson();
    JsonOutput.write(out, json);
  }

  /** Writes the log to {@code file}, creating its folder. */
  public void write(Path file) throws IOException {
    if (file.getParent() != null) {
      Files.createDirectories(file.getParent());
    }
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      write(out);
    }
  }

  private ObjectNode run(String automationId, AnalysisResult result) {
    ObjectNode run = JsonNodeFactory.instance.objectNode();
    ObjectNode driver = run.putObject("tool").putObject("driver");
    driver.put("name", "informer-guard");
    driver.put("version", Version.VERSION);
    driver.put("semanticVersion", Version.VERSION.replace("-SNAPSHOT", ""));
    driver.put("informationUri", INFO_URI);
    ArrayNode rules = driver.putArray("rules");
    Map<String, Integer> ruleIndex = new HashMap<>();
    for (RuleDescriptor d : result.rules()) {
      ruleIndex.put(d.id(), ruleIndex.size());
      RuleMetadata.write(rules.addObject(), d, result.mode());
    }
    run.putObject("automationDetails").put("id", automationId);
    String rootUri = repositoryRoot.toUri().toString();
    run.putObject("originalUriBaseIds").putObject(SRCROOT).put("uri", rootUri.endsWith("/") ? rootUri : rootUri + "/");

    ObjectNode invocation = run.putArray("invocations").addObject();
    invocation.put("executionSuccessful", true);
    ArrayNode notifications = invocation.putArray("toolExecutionNotifications");
    for (AnalysisError e : result.errors()) {
      ObjectNode n = notifications.addObject();
      n.put("level", "error");
      n.putObject("message").put("text", shown(e.file()) + ": " + e.message());
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
      r.put("level", SarifLevels.level(f.severity()));
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
      if (!f.fingerprint().isEmpty()) {
        r.putObject("partialFingerprints").put(FINGERPRINT_KEY, f.fingerprint());
      }
    }
    return run;
  }

  private String shown(Path file) {
    Path abs = file.toAbsolutePath().normalize();
    return abs.startsWith(repositoryRoot) ? slashed(repositoryRoot.relativize(abs)) : abs.toString();
  }

  private void artifact(ObjectNode physical, Path file) {
    ObjectNode location = physical.putObject("artifactLocation");
    Path abs = file.toAbsolutePath().normalize();
    if (abs.startsWith(repositoryRoot)) {
      location.put("uri", relativeUri(slashed(repositoryRoot.relativize(abs))));
      location.put("uriBaseId", SRCROOT);
    } else {
      location.put("uri", abs.toUri().toString());
    }
  }

  private static String slashed(Path relative) {
    return relative.toString().replace(File.separatorChar, '/');
  }

  private static String relativeUri(String slashed) {
    try {
      return new URI(null, null, slashed, null).getRawPath();
    } catch (URISyntaxException e) {
      return slashed;
    }
  }
}
