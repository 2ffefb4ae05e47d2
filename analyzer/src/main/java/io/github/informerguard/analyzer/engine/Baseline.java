package io.github.informerguard.analyzer.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.informerguard.analyzer.Version;
import io.github.informerguard.analyzer.api.Finding;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The findings a team has accepted, to adopt the rules on existing code: only findings whose
 * fingerprint is not in the baseline are reported. Fingerprints leave lines out, so code added
 * above a baselined finding, or the finding moved within its member, stays baselined. Used by
 * the CLI's {@code --baseline}/{@code --write-baseline} and the Maven plugin's
 * {@code baselineFile}:
 *
 * <pre>{@code
 * AnalysisResult reported = Baseline.read(file).apply(result);     // check
 * Baseline.write(file, result);                                     // accept what is there now
 * }</pre>
 */
public final class Baseline {

  private final Path file;
  private final List<BaselineEntry> entries;

  private Baseline(Path file, List<BaselineEntry> entries) {
    this.file = file;
    this.entries = List.copyOf(entries);
  }

  public List<BaselineEntry> entries() {
    return entries;
  }

  /** Reads a baseline written by {@link #write}; a file that is not one fails with its name. */
  public static Baseline read(Path file) throws IOException {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(file.toFile());
    } catch (IOException e) {
      throw new IOException("baseline " + file + " is not JSON: " + e.getMessage(), e);
    }
    JsonNode findings = root == null ? null : root.get("findings");
    if (findings == null || !findings.isArray()) {
      throw new IOException("baseline " + file + " has no \"findings\" array; write one with --write-baseline");
    }
    List<BaselineEntry> entries = new ArrayList<>();
    for (JsonNode f : findings) {
      String fingerprint = f.path("fingerprint").asText("");
      if (fingerprint.isEmpty()) {
        throw new IOException("baseline " + file + ": entry without a fingerprint: " + f);
      }
      entries.add(new BaselineEntry(f.path("ruleId").asText(""), f.path("file").asText(""), fingerprint,
          f.path("message").asText("")));
    }
    return new Baseline(file, entries);
  }

  /**
   * The result without the baselined findings; its stats say how many were left out and which
   * entries matched nothing. Each entry accepts one finding.
   */
  public AnalysisResult apply(AnalysisResult result) {
    Map<String, Integer> remaining = new HashMap<>();
    entries.forEach(e -> remaining.merge(e.fingerprint(), 1, Integer::sum));
    List<Finding> kept = new ArrayList<>();
    int baselined = 0;
    for (Finding f : result.findings()) {
      Integer left = remaining.get(f.fingerprint());
      if (left != null && left > 0) {
        remaining.put(f.fingerprint(), left - 1);
        baselined++;
      } else {
        kept.add(f);
      }
    }
    // A file the run could not analyze (it does not parse, could not be read, ran out of memory)
    // produced no findings, so its entries say nothing about whether they were fixed: not stale.
    Path folder = file.toAbsolutePath().normalize().getParent();
    Set<String> notAnalyzed = result.errors().stream().map(e -> relative(folder, e.file())).collect(Collectors.toSet());
    List<BaselineEntry> stale = new ArrayList<>();
    for (BaselineEntry e : entries.stream().sorted(BaselineEntry.ORDER).toList()) {
      int left = remaining.getOrDefault(e.fingerprint(), 0);
      if (left > 0 && !notAnalyzed.contains(e.file())) {
        remaining.put(e.fingerprint(), left - 1);
        stale.add(e);
      }
    }
    return new AnalysisResult(result.mode(), result.rules(), kept, result.errors(),
        result.stats().withBaseline(new BaselineStats(file, baselined, stale)));
  }

  /** Writes every finding of {@code result} to {@code file}, sorted so reruns give the same bytes. */
  public static void write(Path file, AnalysisResult result) throws IOException {
    Path abs = file.toAbsolutePath().normalize();
    Path folder = abs.getParent();
    List<BaselineEntry> entries = result.findings().stream()
        .map(f -> new BaselineEntry(f.ruleId(), relative(folder, f.file()), f.fingerprint(), f.message()))
        .sorted(BaselineEntry.ORDER)
        .toList();
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode();
    ObjectNode tool = root.putObject("tool");
    tool.put("name", "informer-guard");
    tool.put("version", Version.VERSION);
    ArrayNode array = root.putArray("findings");
    for (BaselineEntry e : entries) {
      ObjectNode n = array.addObject();
      n.put("ruleId", e.ruleId());
      n.put("file", e.file());
      n.put("fingerprint", e.fingerprint());
      n.put("message", e.message());
    }
    if (folder != null) {
      Files.createDirectories(folder);
    }
    Files.writeString(abs, mapper.writeValueAsString(root) + "\n", StandardCharsets.UTF_8);
  }

  private static String relative(Path folder, Path file) {
    Path abs = file.toAbsolutePath().normalize();
    Path shown = folder != null && abs.startsWith(folder) ? folder.relativize(abs) : abs;
    return shown.toString().replace(File.separatorChar, '/');
  }
}
