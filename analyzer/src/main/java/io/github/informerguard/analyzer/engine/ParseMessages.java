package io.github.informerguard.analyzer.engine;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * JavaParser's first problem on one short line: its first line, without the "Parse error."
 * prefix and without the list of every token the grammar would have accepted (often forty of
 * them), which says nothing to a reader; a short list ({@code expected ";"}) is kept. A lexical
 * error (a character no token starts with) comes without a location, its position only in its
 * text: {@link #lexical} reads it from there.
 */
final class ParseMessages {

  private static final Pattern EXPECTED = Pattern.compile(",\\s*expected one of\\s+(.*)$");
  private static final int MAX_EXPECTED = 3;
  private static final Pattern LEXICAL =
      Pattern.compile("^Lexical error at line (\\d+), column (\\d+)\\.\\s+Encountered: (\\S+(?: \\(\\d+\\))?)");

  /** Where a lexical error is, and the short message for it. */
  record Lexical(int line, int column, String message) {}

  private ParseMessages() {}

  /** The position and short text of a lexical error message, or {@code null} for any other message. */
  static Lexical lexical(String message) {
    Matcher m = LEXICAL.matcher(message.trim());
    if (!m.find()) {
      return null;
    }
    return new Lexical(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
        "no Java token starts with " + m.group(3));
  }

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
