package io.github.informerguard.analyzer.report.sarif;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.informerguard.analyzer.api.AnalysisMode;
import io.github.informerguard.analyzer.api.OptionType;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.api.Severity;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A rule's {@code reportingDescriptor}, generated from its descriptor alone (STYLE.md: one rule,
 * one place), with what GitHub code scanning shows and sorts by: {@code fullDescription},
 * {@code help.text} and {@code help.markdown}, {@code properties.tags}, {@code precision},
 * {@code problem.severity}.
 */
final class RuleMetadata {

  private RuleMetadata() {}

  static void write(ObjectNode r, RuleDescriptor d, AnalysisMode mode) {
    r.put("id", d.id());
    r.put("name", d.id());
    r.putObject("shortDescription").put("text", d.summary());
    r.putObject("fullDescription").put("text", fullDescription(d));
    r.put("helpUri", d.helpUri());
    ObjectNode help = r.putObject("help");
    help.put("text", helpText(d));
    help.put("markdown", helpMarkdown(d));
    r.putObject("defaultConfiguration").put("level", SarifLevels.level(d.defaultSeverity()));
    ObjectNode props = r.putObject("properties");
    props.putArray("tags").add("kubernetes").add("reliability").add(d.family().label());
    // Precise mode resolves every receiver through the symbol solver; lenient mode reads imports
    // and simple names and stays silent when unsure, so it misses more but is not less exact.
    props.put("precision", mode == AnalysisMode.PRECISE ? "high" : "medium");
    props.put("problem.severity", problemSeverity(d.defaultSeverity()));
  }

  private static String fullDescription(RuleDescriptor d) {
    return d.summary() + ". Family: " + d.family().label() + "; severity: " + d.severities()
        + "; since " + d.since() + ".";
  }

  private static String helpText(RuleDescriptor d) {
    StringBuilder sb = new StringBuilder(d.summary()).append(".\n\n");
    Map<String, OptionType> options = new TreeMap<>(d.options());
    if (!options.isEmpty()) {
      sb.append("Policy options (informer-guard.yaml, rules.").append(d.id()).append("): enabled, severity");
      options.forEach((k, v) -> sb.append(", ").append(k).append(" (").append(optionType(v)).append(')'));
      sb.append(".\n\n");
    }
    sb.append("Suppress with @SuppressWarnings(\"informer-guard:").append(d.id())
        .append("\") on the enclosing declaration.\n\n");
    sb.append("Why it hurts in production, and the fix: ").append(d.helpUri());
    return sb.toString();
  }

  private static String helpMarkdown(RuleDescriptor d) {
    StringBuilder sb = new StringBuilder("**").append(d.id()).append("** (").append(d.family().label())
        .append("): ").append(d.summary()).append(".\n\n");
    Map<String, OptionType> options = new TreeMap<>(d.options());
    sb.append("| Policy option | Type |\n|---|---|\n| `enabled` | boolean |\n| `severity` | info, warning, error |\n");
    options.forEach((k, v) -> sb.append("| `").append(k).append("` | ").append(optionType(v)).append(" |\n"));
    sb.append("\nSuppress with `@SuppressWarnings(\"informer-guard:").append(d.id())
        .append("\")` on the enclosing declaration.\n\n");
    sb.append("Why it hurts in production, compliant and noncompliant examples, and the fix: [")
        .append(d.id()).append("](").append(d.helpUri()).append(")");
    return sb.toString();
  }

  private static String optionType(OptionType t) {
    return switch (t) {
      case DURATION -> "duration, e.g. 5m";
      default -> t.name().toLowerCase(Locale.ROOT);
    };
  }

  /** GitHub's values for non-security alerts: error, warning, recommendation. */
  private static String problemSeverity(Severity s) {
    return switch (s) {
      case ERROR -> "error";
      case WARNING -> "warning";
      case INFO -> "recommendation";
    };
  }
}
