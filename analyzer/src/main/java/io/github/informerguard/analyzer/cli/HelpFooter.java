package io.github.informerguard.analyzer.cli;

import io.github.informerguard.analyzer.api.RuleDescriptor;
import java.util.List;

/**
 * The end of {@code --help}: example commands and the documentation address are printed whole,
 * so they can be copied from a terminal of any width; the prose between them is wrapped at the
 * usage width.
 */
final class HelpFooter {

  private static final String INDENT = "  ";

  /** Lines starting with {@link #INDENT} are commands and are never wrapped. */
  private static final List<String> LINES = List.of(
      "  java -jar informer-guard.jar src/main/java",
      "  java -jar informer-guard.jar --classpath \"$(cat cp.txt)\" --format sarif --output ig.sarif src/main/java",
      "Where cp.txt comes from:",
      "  mvn dependency:build-classpath -Dmdep.outputFile=cp.txt",
      "  java -jar informer-guard.jar --rules ShortResyncPeriod --fail-on error src",
      "Adopt on existing code: accept today's findings once, then report only new ones:",
      "  java -jar informer-guard.jar --write-baseline informer-guard-baseline.json src/main/java",
      "  java -jar informer-guard.jar --baseline informer-guard-baseline.json src/main/java",
      "",
      "Exit status: 0 no finding at or above --fail-on; 1 findings at or above it; 2 usage, config or I/O error."
          + " Files that do not parse are listed as errors and skipped; they do not change the exit status.",
      "",
      "Suppress a finding with @SuppressWarnings(\"informer-guard:RuleId\") on the enclosing declaration."
          + " Rule documentation:",
      "  " + RuleDescriptor.DOCS_BASE);

  private HelpFooter() {}

  static String render(int width) {
    StringBuilder out = new StringBuilder();
    for (String line : LINES) {
      if (line.startsWith(INDENT)) {
        out.append(line).append(System.lineSeparator());
      } else {
        wrap(line, width, out);
      }
    }
    return out.toString();
  }

  /** Greedy wrap at spaces; a word longer than the width stays whole on its own line. */
  private static void wrap(String prose, int width, StringBuilder out) {
    StringBuilder line = new StringBuilder();
    for (String word : prose.split(" ")) {
      if (line.length() > 0 && line.length() + 1 + word.length() > width) {
        out.append(line).append(System.lineSeparator());
        line.setLength(0);
      }
      if (line.length() > 0) {
        line.append(' ');
      }
      line.append(word);
    }
    out.append(line).append(System.lineSeparator());
  }
}
