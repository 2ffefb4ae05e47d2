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
 * (optionally followed by options such as {@code severity=x} or {@code col=n}) must be reported, in
 * lenient mode as in precise mode.
 */
record Markers(List<Mark> marks) {

  private static final Pattern MARK =
      Pattern.compile("//\\s*violation:\\s*([A-Za-z]+)((?:\\s+[a-z-]+(?:=[a-z0-9]+)?)*)\\s*$");

  record Mark(String ruleId, String file, int line) {
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
          out.add(new Mark(m.group(1), CheckstyleHarness.relative(base, f.getPath()), i + 1));
        }
      }
    }
    return new Markers(out);
  }
}
