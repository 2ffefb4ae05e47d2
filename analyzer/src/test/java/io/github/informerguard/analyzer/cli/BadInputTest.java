package io.github.informerguard.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.github.informerguard.analyzer.testing.Sources;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The CLI on bad input, one case per row: an odd source file is named on one line with its line
 * where there is one, and the other files are still analyzed (status 1 for Op's findings); a bad
 * option value, policy or classpath entry stops the run with one line on standard error naming
 * it, and status 2 (DESIGN.md: usage, config or I/O error).
 */
class BadInputTest {

  @TempDir Path dir;

  /** Two resync findings, on lines 9 and 10, in every run that analyzes it. */
  private static final String OP = Sources.SHORT_RESYNC;

  private static final String OP_FINDINGS = "src/p/Op.java:9:19: warning: [ShortResyncPeriod]";

  @BeforeEach
  void sources() throws IOException {
    write("src/p/Op.java", OP.formatted("Op"));
  }

  interface Setup {
    void in(Path dir) throws IOException;
  }

  /** A source file that the run names (or analyzes as Java) while it still analyzes Op.java. */
  static Stream<Arguments> oddSources() {
    return Stream.of(
        Arguments.of("empty file", (Setup) d -> write(d, "src/p/Empty.java", ""),
            List.of("src/p/Empty.java: error: empty file, no Java source to analyze; skipped")),
        Arguments.of("binary file", (Setup) d -> Files.write(d.resolve("src/p/Bin.java"), new byte[] {'c', '\n', 'x', 0, 1}),
            List.of("src/p/Bin.java:2: error: binary file (NUL byte at offset 3), not Java source; skipped")),
        Arguments.of("does not parse", (Setup) d -> write(d, "src/p/Broken.java", "package p;\n\nclass Broken { void f() { x.inform  ( }\n"),
            List.of("src/p/Broken.java:3: error: does not parse: found \"}\" at column 37")),
        // A character no token starts with: JavaParser gives no location, only a sentence with it.
        Arguments.of("lexical error", (Setup) d -> write(d, "src/p/Lex.java", "package p;\n\nclass Lex { void f() { x.inform(h, 1 # 2); } }\n"),
            List.of("src/p/Lex.java:3: error: does not parse: no Java token starts with \"#\" (35) at column 38")),
        // A byte-order mark before "package": analyzed, lines and columns as without it.
        Arguments.of("UTF-8 byte-order mark", (Setup) d -> write(d, "src/p/Bom.java", "\uFEFF" + OP.formatted("Bom")),
            List.of("src/p/Bom.java:9:19: warning: [ShortResyncPeriod]", "src/p/Bom.java:10:19: warning: [ShortResyncPeriod]")),
        // Latin-1 identifiers and comments (not valid UTF-8): decoded as Latin-1, analyzed.
        Arguments.of("ISO-8859-1 source", (Setup) d -> Files.write(d.resolve("src/p/Gruesse.java"),
                OP.formatted("Gr\u00fc\u00dfe").replace("void start", "// Gr\u00fc\u00dfe\n  void start").getBytes(StandardCharsets.ISO_8859_1)),
            List.of("src/p/Gruesse.java:10:19: warning: [ShortResyncPeriod]", "src/p/Gruesse.java:11:19: warning: [ShortResyncPeriod]")),
        Arguments.of("carriage-return line ends", (Setup) d -> write(d, "src/p/Cr.java", OP.formatted("Cr").replace('\n', '\r')),
            List.of("src/p/Cr.java:9:19: warning: [ShortResyncPeriod]", "src/p/Cr.java:10:19: warning: [ShortResyncPeriod]")),
        // A folder is never read as a file; the sources in it are analyzed.
        Arguments.of("directory named X.java", (Setup) d -> write(d, "src/p/X.java/Inner.java", OP.formatted("Inner")),
            List.of("src/p/X.java/Inner.java:9:19: warning: [ShortResyncPeriod]")),
        // Links are not followed: the walk ends and nothing is analyzed twice.
        Arguments.of("symbolic link loop", (Setup) d -> Files.createSymbolicLink(d.resolve("src/p/loop"), d.resolve("src")),
            List.of("1 file scanned")),
        Arguments.of("module-info.java and package-info.java", (Setup) d -> {
          write(d, "src/module-info.java", "module op { requires io.fabric8.kubernetes.client.api; }\n");
          write(d, "src/p/package-info.java", "/** Operators. */\npackage p;\n");
        }, List.of("0 file errors; 3 files scanned")),
        Arguments.of("Java 21: records, sealed, pattern switch, text blocks, unnamed variable",
            (Setup) d -> write(d, "src/p/J21.java", java21()), List.of("src/p/J21.java:25:19: warning: [ShortResyncPeriod] resync period resolves to 10s", "0 file errors")));
  }

  /** Records, sealed types, pattern switch, a text block and {@code _}; shared with the Checkstyle module's test. */
  private static String java21() throws IOException {
    try (var in = BadInputTest.class.getResourceAsStream("/sources/J21.java")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("oddSources")
  void oddSourceFileIsNamedOrAnalyzedAndTheOthersStillAre(String name, Setup setup, List<String> expected) throws IOException {
    setup.in(dir);
    Result r = cli("--rules", "ShortResyncPeriod", "src");
    assertThat(r.status).as(r.err).isEqualTo(1);
    assertThat(r.out).contains(OP_FINDINGS);
    for (String line : expected) {
      assertThat(r.out).contains(line);
    }
    assertThat(r.err).isEmpty();
  }

  @Test
  void unreadableFileIsNamedAndTheOthersStillAnalyzed() throws IOException {
    Path locked = write(dir, "src/p/Locked.java", OP.formatted("Locked"));
    Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
    assumeFalse(Files.isReadable(locked), "permissions do not stop this user (root) from reading");
    Result r = cli("--rules", "ShortResyncPeriod", "src");
    assertThat(r.status).isEqualTo(1);
    assertThat(r.out).contains(OP_FINDINGS).contains("src/p/Locked.java: error: cannot read file: ");
  }

  /** What the run is given, and the one line it must answer with on standard error (a regular expression). */
  static Stream<Arguments> badRunInputs() {
    return Stream.of(
        Arguments.of("path that does not exist", "", List.of("src", "nothere"), "informer-guard: nothere: no such file or directory"),
        Arguments.of("policy: bad value", "rules: { ShortResyncPeriod: { minimumPeriod: 5x } }", List.of(),
            ".*bad\\.yaml: 'rules\\.ShortResyncPeriod\\.minimumPeriod': '5x' is not a duration; .*"),
        Arguments.of("policy: unknown key", "rules: { ShortResyncPeriod: { minimum: 5m } }", List.of(),
            ".*bad\\.yaml: unknown key 'rules\\.ShortResyncPeriod\\.minimum'; ShortResyncPeriod accepts .*"),
        Arguments.of("policy: wrong type", "rules: { ShortResyncPeriod: { enabled: 3 } }", List.of(),
            ".*bad\\.yaml: 'rules\\.ShortResyncPeriod\\.enabled' must be true or false, not 3"),
        // SnakeYAML's own message is five lines (context, snippet, caret); one line, at the problem.
        Arguments.of("policy: YAML syntax error", "rules:\n  ShortResyncPeriod: { minimumPeriod: 5m\n  bad: [\n", List.of(),
            ".*bad\\.yaml:3:6: not valid YAML: expected ',' or '}', but got : \\(while parsing a flow mapping at line 2\\)"),
        Arguments.of("policy: tab indentation", "rules:\n\tShortResyncPeriod: {}\n", List.of(),
            ".*bad\\.yaml:2:1: not valid YAML: found character '\\\\t\\(TAB\\)' that cannot start any token\\..*"),
        Arguments.of("policy: key given twice", "rules:\n  ShortResyncPeriod: { minimumPeriod: 5m }\n  ShortResyncPeriod: { minimumPeriod: 1m }\n",
            List.of(), ".*bad\\.yaml:3:\\d+: not valid YAML or JSON: Duplicate field 'ShortResyncPeriod'"),
        Arguments.of("policy: bad exclude glob", "exclude: [\"[a\"]", List.of(),
            ".*bad\\.yaml: 'exclude' entry \"\\[a\" is not a valid glob: .* at index 1"),
        Arguments.of("policy: not UTF-8", "\u00ff\u00fe", List.of(), "informer-guard: cannot read policy file .*bad\\.yaml: it is not UTF-8 text"),
        Arguments.of("classpath: entry that does not exist", "", List.of("--classpath", "nope.jar", "src"),
            "informer-guard: bad --classpath: no such jar or folder: nope\\.jar"),
        Arguments.of("classpath: corrupt jar", "", List.of("--classpath", "lib/corrupt.jar", "src"),
            "informer-guard: bad --classpath: lib/corrupt\\.jar is not a readable jar: zip END header not found"),
        Arguments.of("classpath: empty jar in a folder", "", List.of("--classpath", "empty/*", "src"),
            "informer-guard: bad --classpath: empty/empty\\.jar is not a readable jar: zip file is empty"),
        Arguments.of("classpath: folder of jars that does not exist", "", List.of("--classpath", "nodir/*", "src"),
            "informer-guard: bad --classpath: not a directory: nodir/ \\(in nodir/\\*\\)"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badRunInputs")
  void badRunInputIsOneLineNamingItAndStatusTwo(String name, String policy, List<String> args, String line) throws IOException {
    Files.write(dir.resolve("bad.yaml"), policy.getBytes(StandardCharsets.ISO_8859_1));
    write(dir, "lib/corrupt.jar", "not a zip\n");
    write(dir, "empty/empty.jar", "");
    List<String> command = new ArrayList<>(List.of("--rules", "ShortResyncPeriod"));
    command.addAll(args.isEmpty() ? List.of("--config", "bad.yaml", "src") : args);
    Result r = cli(command.toArray(String[]::new));
    assertThat(r.status).as(r.err).isEqualTo(2);
    assertThat(r.out).isEmpty();
    assertThat(r.err.lines()).as(r.err).singleElement().asString().matches(line);
  }

  private record Result(int status, String out, String err) {}

  private Result cli(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int status = Main.run(args, dir, new PrintWriter(out), new PrintWriter(err));
    return new Result(status, out.toString(), err.toString());
  }

  private Path write(String relative, String text) throws IOException {
    return write(dir, relative, text);
  }

  private static Path write(Path dir, String relative, String text) throws IOException {
    Path p = dir.resolve(relative);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
    return p;
  }
}
