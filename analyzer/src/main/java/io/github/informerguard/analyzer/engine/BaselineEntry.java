package io.github.informerguard.analyzer.engine;

import java.util.Comparator;

/**
 * One accepted finding in a baseline file.
 *
 * @param file the file relative to the baseline's folder, with {@code /} (for people; matching
 *     uses only the fingerprint)
 */
public record BaselineEntry(String ruleId, String file, String fingerprint, String message) {

  /** File, rule, fingerprint: independent of lines, so that a rewritten baseline diffs cleanly. */
  public static final Comparator<BaselineEntry> ORDER = Comparator.comparing(BaselineEntry::file)
      .thenComparing(BaselineEntry::ruleId)
      .thenComparing(BaselineEntry::fingerprint)
      .thenComparing(BaselineEntry::message);
}
