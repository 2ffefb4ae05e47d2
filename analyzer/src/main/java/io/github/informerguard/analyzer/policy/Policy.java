package io.github.informerguard.analyzer.policy;

import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.api.RuleSettings;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The effective policy: per-rule settings and exclusion globs. Rules that the policy does not
 * mention run with their descriptor's defaults.
 *
 * @param source where the policy came from, for messages ({@code <defaults>} when none)
 * @param reportTestSources policy {@code testSources: report} (CLI {@code --include-tests}, the
 *     plugin's {@code includeTests}): findings in test code are reported; by default they are not
 */
public record Policy(String source, Map<String, RuleSettings> rules, List<String> exclude, boolean reportTestSources) {

  public Policy {
    rules = Map.copyOf(rules);
    exclude = List.copyOf(exclude);
  }

  /** A policy that skips test code ({@code testSources: skip}, the default). */
  public Policy(String source, Map<String, RuleSettings> rules, List<String> exclude) {
    this(source, rules, exclude, false);
  }

  public static Policy defaults() {
    return new Policy("<defaults>", Map.of(), List.of());
  }

  public RuleSettings settingsFor(RuleDescriptor descriptor) {
    return Optional.ofNullable(rules.get(descriptor.id())).orElse(RuleSettings.defaults(descriptor));
  }

  /** Whether {@code relativePath} (with '/' separators) matches an exclude glob. */
  public boolean excludes(String relativePath) {
    Path path = Path.of(relativePath);
    for (String glob : exclude) {
      if (matcher(glob).matches(path)) {
        return true;
      }
      // "**/generated/**" should also match a path that starts with "generated/".
      if (glob.startsWith("**/") && matcher(glob.substring(3)).matches(path)) {
        return true;
      }
    }
    return false;
  }

  /** Globs are compiled once: discovery asks about every file of the tree. */
  private static final Map<String, PathMatcher> MATCHERS = new ConcurrentHashMap<>();

  private static PathMatcher matcher(String glob) {
    return MATCHERS.computeIfAbsent(glob, g -> FileSystems.getDefault().getPathMatcher("glob:" + g));
  }

  public Policy withExclusions(List<String> more) {
    var all = new java.util.ArrayList<>(exclude);
    all.addAll(more);
    return new Policy(source, rules, all, reportTestSources);
  }

  /** This policy with {@code testSources: report} (a front end's include-tests switch). */
  public Policy withTestSourcesReported() {
    return new Policy(source, rules, exclude, true);
  }
}
