package io.github.informerguard.analyzer.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A fixture folder ({@code src/test/resources/fixtures/<RuleId>/}) of real Java files with
 * inline expectations: a line ending in {@code // violation: RuleId} must be reported for that
 * rule and no unmarked line may be. Options after the id:
 * {@code severity=info} expects that severity; {@code col=12} expects that column (where the
 * offending name is: the called method of a multi-line chain). Both modes must report exactly
 * the marked lines (there is no lenient-only miss: lenient mode types through the generated API
 * model).
 */
public record Fixture(Path directory, List<Path> files) {

  private static final Pattern MARK =
      Pattern.compile("//\\s*violation:\\s*([A-Za-z]+)((?:\\s+[a-z-]+(?:=[a-z0-9]+)?)*)\\s*$");

  /** One expected finding. */
  public record Expected(String file, int line, String ruleId, String severity, Integer column) {}

  public static Fixture of(String ruleId) {
    URL url = Fixture.class.getClassLoader().getResource("fixtures/" + ruleId);
    if (url == null) {
      throw new IllegalArgumentException("no fixture folder fixtures/" + ruleId + " on the test classpath");
    }
    try {
      Path dir = Path.of(url.toURI());
      try (Stream<Path> s = Files.walk(dir)) {
        return new Fixture(dir, s.filter(p -> p.toString().endsWith(".java")).sorted().toList());
      }
    } catch (URISyntaxException | IOException e) {
      throw new IllegalStateException(e);
    }
  }

  public List<Expected> expectations() {
    List<Expected> out = new ArrayList<>();
    for (Path f : files) {
      List<String> lines;
      try {
        lines = Files.readAllLines(f);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      for (int i = 0; i < lines.size(); i++) {
        Matcher m = MARK.matcher(lines.get(i));
        if (m.find()) {
          String opts = m.group(2) == null ? "" : m.group(2);
          String severity = null;
          Integer column = null;
          for (String o : opts.trim().split("\\s+")) {
            if (o.startsWith("severity=")) {
              severity = o.substring("severity=".length());
            } else if (o.startsWith("col=")) {
              column = Integer.valueOf(o.substring("col=".length()));
            }
          }
          out.add(new Expected(directory.relativize(f).toString().replace('\\', '/'), i + 1, m.group(1),
              severity, column));
        }
      }
    }
    return out;
  }
}
