package io.github.informerguard.analyzer.engine;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * JavaParser's first problem on one short line: its first line, without the "Parse error."
 * prefix and without the list of every token the grammar would have accepted (often forty of
 * them), which says nothing to a reader; a short list ({@code expected ";"}) is kept.
 */
final class ParseMessages {

  private static final Pattern EXPECTED = Pattern.compile(",\\s*expected one of\\s+(.*)$");
  private static final int MAX_EXPECTED = 3;

  private ParseMessages() {}

  static String shorten(String message) {
    int nl = message.indexOf('\n');
    String line = (nl < 0 ? message : message.substring(0, nl)).trim();
    if (line.startsWith("Parse error. ")) {
      line = line.substring("Parse error. ".length());
      line = line.isEmpty() ? line : Character.toLowerCase(line.charAt(0)) + line.substring(1);
    }
    Matcher m = EXPECTED.matcher(line);
    if (m.find() && m.group(1).trim().split("\\s+").length > MAX_EXPECTED) {
      line = line.substring(0, m.start());
    }
    return line;
  }
}
