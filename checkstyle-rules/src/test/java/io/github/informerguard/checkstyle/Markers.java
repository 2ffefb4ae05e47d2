package io.github.informerguard.checkstyle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The analyzer fixtures' inline expectations: a line ending in {@code // violation: RuleId}
 * (optionally followed by {@code severity=x} and {@code precise-only}) must be reported.
 */
record Markers(List<Mark> marks) {

  private static final Pattern MARK =
      Pattern.compile("//\\s*violation:\\s*([A-Za-z]+)((?:\\s+[a-z-]+(?:=[a-z0-9]+)?)*)\\s*$");

  record Mark(String ruleId, String file, int line, boolean preciseOnly) {
    String key() {
      return ruleId + " " + file + ":" + line;
    }
  }

  static Markers read(Path base, List<java.io.File> files) {
    List<Mark> out = new ArrayList<>();
    for (java.io.File f : files) {
      List<String> lines;
      try {
        lines = Files.readAllLines(f.toPath());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      for (int i = 0; i < lines.size(); i++) {
        Matcher m = MARK.matcher(lines.get(i));
        if (m.find()) {
          out.add(new Mark(m.group(1), CheckstyleHarness.relative(base, f.getPath()), i + 1,
              m.group(2) != null && m.group(2).contains("precise-only")));
        }
      }
    }
    return new Markers(out);
  }
}
