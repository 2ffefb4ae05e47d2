package io.github.informerguard.analyzer.api;

import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Everything that is known about a rule without running it. The CLI's {@code --list-rules},
 * the SARIF {@code rules[]}, the Checkstyle metadata and the docs index are generated from it.
 *
 * @param id stable rule id, used in reports, suppressions, policy files and Checkstyle names
 * @param summary one line: what the rule flags
 * @param defaultSeverity severity unless the policy overrides it
 * @param family the bug family
 * @param since the version that introduced the rule
 * @param triggerWords words of which at least one must occur in a file's text for the rule to
 *     possibly report on it; the prefilter skips files that contain none of any enabled rule's
 * @param options the rule's own policy options (besides {@code enabled} and {@code severity})
 *     and their value types; any other key in the policy is rejected
 * @param otherSeverities severities the rule reports besides its default, each with when it does
 *     (shown by {@code --list-rules} and in the SARIF help, so nobody is surprised by an error
 *     from a rule listed as a warning)
 */
public record RuleDescriptor(
    String id,
    String summary,
    Severity defaultSeverity,
    Family family,
    String since,
    Set<String> triggerWords,
    Map<String, OptionType> options,
    Map<Severity, String> otherSeverities) {

  /** Where the rule pages live; {@code helpUri} in SARIF and links in messages point here. */
  public static final String DOCS_BASE =
      "https://github.com/informerguard/informer-guard/blob/main/docs/rules/";

  public RuleDescriptor {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(summary, "summary");
    Objects.requireNonNull(defaultSeverity, "defaultSeverity");
    Objects.requireNonNull(family, "family");
    Objects.requireNonNull(since, "since");
    triggerWords = Set.copyOf(triggerWords);
    options = Map.copyOf(options);
    otherSeverities = Map.copyOf(otherSeverities);
    if (!id.matches("[A-Z][A-Za-z0-9]+")) {
      throw new IllegalArgumentException("rule id must be UpperCamelCase: " + id);
    }
    if (triggerWords.isEmpty()) {
      throw new IllegalArgumentException(id + ": at least one trigger word is needed");
    }
  }

  public RuleDescriptor(String id, String summary, Severity defaultSeverity, Family family, String since,
      Set<String> triggerWords, Map<String, OptionType> options) {
    this(id, summary, defaultSeverity, family, since, triggerWords, options, Map.of());
  }

  /** The severities the rule reports with the default policy, e.g. {@code warning; error inside callbacks}. */
  public String severities() {
    StringBuilder sb = new StringBuilder(defaultSeverity.id());
    otherSeverities.entrySet().stream().sorted(Map.Entry.comparingByKey())
        .forEach(e -> sb.append("; ").append(e.getKey().id()).append(' ').append(e.getValue()));
    return sb.toString();
  }

  public String helpUri() {
    return helpUri(id);
  }

  /** The page of rule {@code id}, for front ends that hold only a finding's rule id. */
  public static String helpUri(String id) {
    return DOCS_BASE + id + ".md";
  }
}
