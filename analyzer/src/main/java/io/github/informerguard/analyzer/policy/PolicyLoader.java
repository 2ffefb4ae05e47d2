package io.github.informerguard.analyzer.policy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.github.informerguard.analyzer.api.OptionType;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.api.RuleSettings;
import io.github.informerguard.analyzer.api.Severity;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.FileSystems;
import java.util.regex.PatternSyntaxException;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Reads {@code informer-guard.yaml} (YAML or JSON). Fails fast: an unknown key, an unknown rule
 * id or a bad value raises a {@link PolicyException} naming the file and the key path.
 */
public final class PolicyLoader {

  public static final String DEFAULT_FILE_NAME = "informer-guard.yaml";

  private final Map<String, RuleDescriptor> rules = new LinkedHashMap<>();

  public PolicyLoader(Collection<RuleDescriptor> known) {
    known.forEach(d -> rules.put(d.id(), d));
  }

  /** Loads {@code file}; it must exist. */
  public Policy load(Path file) {
    String text;
    try {
      text = Files.readString(file);
    } catch (MalformedInputException e) {
      throw new PolicyException("cannot read policy file " + file + ": it is not UTF-8 text");
    } catch (IOException e) {
      throw new PolicyException("cannot read policy file " + file + ": " + e.getMessage(), e);
    }
    return parse(text, file.toString());
  }

  /** The policy in {@code directory}/informer-guard.yaml if present, else the defaults. */
  public Policy loadFromDirectory(Path directory) {
    Path candidate = directory.resolve(DEFAULT_FILE_NAME);
    return Files.isRegularFile(candidate) ? load(candidate) : Policy.defaults();
  }

  public Policy parse(String text, String source) {
    JsonNode root;
    try {
      // A key given twice is a mistake (which one did the author mean?), not "the last one wins".
      root = new ObjectMapper(YAMLFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build())
          .readTree(text);
    } catch (JsonProcessingException e) {
      // Without the cause: Maven prints every cause's message after ours, and SnakeYAML's spans five lines.
      throw new PolicyException(source + syntaxError(e));
    }
    if (root == null || root.isMissingNode() || root.isNull()) {
      return new Policy(source, Map.of(), List.of());
    }
    if (!root.isObject()) {
      throw new PolicyException(source + ": the policy must be a mapping with keys 'rules', 'exclude' and 'testSources'");
    }
    Map<String, RuleSettings> settings = new HashMap<>();
    List<String> exclude = new ArrayList<>();
    boolean reportTests = false;
    for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      switch (e.getKey()) {
        case "rules" -> settings.putAll(readRules(e.getValue(), source));
        case "exclude" -> exclude.addAll(readStrings(e.getValue(), source, "exclude"));
        case "testSources" -> reportTests = readTestSources(e.getValue(), source);
        default -> throw new PolicyException(
            source + ": unknown key '" + e.getKey() + "'; expected 'rules', 'exclude' or 'testSources'");
      }
    }
    return new Policy(source, settings, exclude, reportTests);
  }

  /**
   * {@code :line:col: not valid YAML: <problem>} on one line, at the problem's own place: SnakeYAML's
   * message spans several lines (context, snippet, caret), and the position Jackson reports is
   * where the enclosing construct began.
   */
  private static String syntaxError(JsonProcessingException e) {
    if (e.getCause() instanceof MarkedYAMLException y && y.getProblemMark() != null) {
      Mark at = y.getProblemMark();
      String context = y.getContext() == null ? "" : " (" + oneLine(y.getContext())
          + (y.getContextMark() == null ? "" : " at line " + (y.getContextMark().getLine() + 1)) + ")";
      return ":" + (at.getLine() + 1) + ":" + (at.getColumn() + 1) + ": not valid YAML: " + oneLine(y.getProblem()) + context;
    }
    String where = e.getLocation() == null || e.getLocation().getLineNr() < 1 ? ""
        : ":" + e.getLocation().getLineNr() + ":" + e.getLocation().getColumnNr();
    return where + ": not valid YAML or JSON: " + oneLine(e.getOriginalMessage());
  }

  private static String oneLine(String text) {
    return String.valueOf(text).strip().replaceAll("\\s*\\R\\s*", " ");
  }

  private Map<String, RuleSettings> readRules(JsonNode node, String source) {
    if (!node.isObject()) {
      throw new PolicyException(source + ": 'rules' must be a mapping from rule id to settings");
    }
    Map<String, RuleSettings> out = new HashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      RuleDescriptor d = rules.get(e.getKey());
      if (d == null) {
        throw new PolicyException(source + ": unknown rule 'rules." + e.getKey() + "'; known rules: "
            + String.join(", ", new TreeSet<>(rules.keySet())));
      }
      out.put(d.id(), readRule(d, e.getValue(), source));
    }
    return out;
  }

  private RuleSettings readRule(RuleDescriptor d, JsonNode node, String source) {
    String prefix = "rules." + d.id();
    if (node.isNull()) {
      return RuleSettings.defaults(d);
    }
    if (!node.isObject()) {
      throw new PolicyException(source + ": '" + prefix + "' must be a mapping, e.g. { severity: error }");
    }
    boolean enabled = true;
    Severity severity = d.defaultSeverity();
    Map<String, Object> options = new HashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String key = prefix + "." + e.getKey();
      JsonNode v = e.getValue();
      switch (e.getKey()) {
        case "enabled" -> {
          if (!v.isBoolean()) {
            throw new PolicyException(source + ": '" + key + "' must be true or false, not " + v);
          }
          enabled = v.booleanValue();
        }
        case "severity" -> {
          try {
            severity = Severity.parse(v.asText());
          } catch (IllegalArgumentException ex) {
            throw new PolicyException(source + ": '" + key + "': " + ex.getMessage());
          }
        }
        default -> {
          OptionType type = d.options().get(e.getKey());
          if (type == null) {
            List<String> allowed = new ArrayList<>(List.of("enabled", "severity"));
            allowed.addAll(new TreeSet<>(d.options().keySet()));
            throw new PolicyException(source + ": unknown key '" + key + "'; " + d.id()
                + " accepts " + String.join(", ", allowed));
          }
          options.put(e.getKey(), readOption(type, v, source, key));
        }
      }
    }
    return new RuleSettings(enabled, severity, options);
  }

  private static Object readOption(OptionType type, JsonNode v, String source, String key) {
    switch (type) {
      case DURATION -> {
        if (!v.isTextual()) {
          throw new PolicyException(source + ": '" + key + "' must be a duration with a unit such as 5m or 30s, not " + v);
        }
        try {
          Duration d = Durations.parse(v.asText());
          if (d.isNegative()) {
            throw new IllegalArgumentException("'" + v.asText() + "' is negative");
          }
          return d;
        } catch (IllegalArgumentException ex) {
          throw new PolicyException(source + ": '" + key + "': " + ex.getMessage());
        }
      }
      case SCOPE -> {
        if (!v.isTextual() || !type.keywords().contains(v.asText())) {
          throw new PolicyException(source + ": '" + key + "' must be one of " + String.join(", ", type.keywords())
              + ", not " + v);
        }
        return v.asText();
      }
      case BOOLEAN -> {
        if (!v.isBoolean()) {
          throw new PolicyException(source + ": '" + key + "' must be true or false, not " + v);
        }
        return v.booleanValue();
      }
      default -> {
        if (!v.canConvertToInt() || !v.isIntegralNumber()) {
          throw new PolicyException(source + ": '" + key + "' must be an integer, not " + v);
        }
        return v.intValue();
      }
    }
  }

  private static boolean readTestSources(JsonNode v, String source) {
    if (v.isTextual() && v.asText().equals("report")) {
      return true;
    }
    if (v.isTextual() && v.asText().equals("skip")) {
      return false;
    }
    throw new PolicyException(source + ": 'testSources' must be skip or report, not " + v);
  }

  private static List<String> readStrings(JsonNode node, String source, String key) {
    if (!node.isArray()) {
      throw new PolicyException(source + ": '" + key + "' must be a list of globs, e.g. [\"**/generated/**\"]");
    }
    List<String> out = new ArrayList<>();
    for (JsonNode n : node) {
      if (!n.isTextual()) {
        throw new PolicyException(source + ": '" + key + "' entries must be strings, not " + n);
      }
      try {
        FileSystems.getDefault().getPathMatcher("glob:" + n.asText());
      } catch (IllegalArgumentException e) {
        String reason = e instanceof PatternSyntaxException p ? p.getDescription() + " at index " + p.getIndex() : e.getMessage();
        throw new PolicyException(source + ": '" + key + "' entry " + n + " is not a valid glob: " + reason);
      }
      out.add(n.asText());
    }
    return out;
  }

  /** Settings applied on top of a policy by a front end (Checkstyle properties, CLI --rules). */
  public static Optional<Duration> durationOption(String raw) {
    return raw == null ? Optional.empty() : Optional.of(Durations.parse(raw));
  }
}
