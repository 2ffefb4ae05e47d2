package io.github.informerguard.checkstyle;

import io.github.informerguard.analyzer.engine.RuleRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Run by the build before the integration tests: writes the configuration the ITs use, which is
 * the shipped {@code informer-guard-checks.xml} minus the modules of rules this analyzer build
 * does not have yet (none once all seven rules are in), and {@code missing-rules.txt} listing
 * those, so the ITs can also check that the shipped file itself names them in a clear error.
 */
public final class ItConfiguration {

  /** A rule's module element; rule modules have no child modules, so the first end tag closes it. */
  private static final Pattern MODULE = Pattern.compile("(?s)\\s*<module name=\"("
      + String.join("|", CheckstyleHarness.DESIGN_RULE_IDS) + ")\"\\s*(/>|>.*?</module>)");

  private ItConfiguration() {}

  public static void main(String[] args) throws IOException {
    Path shipped = Path.of(args[0]);
    Path outDir = Files.createDirectories(Path.of(args[1]));
    String xml = Files.readString(shipped);
    RuleRegistry registry = RuleRegistry.builtIn();
    List<String> missing = new ArrayList<>();
    StringBuilder out = new StringBuilder();
    Matcher m = MODULE.matcher(xml);
    int last = 0;
    while (m.find()) {
      String name = m.group(1);
      if (registry.find(name).isEmpty()) {
        out.append(xml, last, m.start());
        last = m.end();
        missing.add(name);
      }
    }
    out.append(xml.substring(last));
    Files.writeString(outDir.resolve("informer-guard-checks.xml"), out.toString());
    Files.writeString(outDir.resolve("missing-rules.txt"), String.join("\n", missing) + (missing.isEmpty() ? "" : "\n"));
    System.out.println("[informer-guard] IT configuration " + outDir.resolve("informer-guard-checks.xml")
        + (missing.isEmpty() ? ": the shipped configuration, all rules present"
            : ": the shipped configuration without " + missing + " (not in this analyzer build yet)"));
  }
}
