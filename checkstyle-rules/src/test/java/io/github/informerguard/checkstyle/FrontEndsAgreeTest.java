package io.github.informerguard.checkstyle;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.informerguard.analyzer.cli.Main;
import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 10 item 5: every rule fixture gets the same findings (rule, file, line, column) from the
 * CLI on the whole tree, the CLI on each file alone, and the Checkstyle checks in the real
 * Checker, all without a classpath (lenient mode, as in an IDE). The Maven plugin's view (precise
 * mode, a real Maven build) is compared with the CLI by the maven-plugin IT
 * {@code front-ends-agree}.
 */
class FrontEndsAgreeTest {

  static List<String> ruleIds() {
    return CheckstyleHarness.DESIGN_RULE_IDS;
  }

  @ParameterizedTest
  @MethodSource("ruleIds")
  void cliOnTheTreeCliOnEachFileAndCheckstyleReportTheSame(String ruleId) throws Exception {
    Path dir = CheckstyleHarness.fixturesRoot().resolve(ruleId);
    List<File> files = CheckstyleHarness.javaFiles(dir);

    Set<String> tree = cli(dir, List.of(dir.toString()));
    assertThat(tree).as("the fixture of %s has findings", ruleId).isNotEmpty();

    Set<String> oneByOne = new TreeSet<>();
    for (File f : files) {
      oneByOne.addAll(cli(dir, List.of(f.getPath())));
    }

    CheckstyleHarness.Run run = CheckstyleHarness.run(CheckstyleHarness.shippedForThisBuild(), dir, files);
    assertThat(run.exceptions()).isEmpty();
    Set<String> checkstyle = run.reported().stream()
        .map(r -> r.ruleId() + " " + r.file() + ":" + r.line() + ":" + r.column())
        .collect(Collectors.toCollection(TreeSet::new));

    assertThat(oneByOne).as("CLI on each file alone = CLI on the tree").isEqualTo(tree);
    assertThat(checkstyle).as("Checkstyle checks = CLI on the tree").isEqualTo(tree);
  }

  /** The CLI's JSON findings as "RuleId file:line:column", file relative to {@code dir}. */
  private static Set<String> cli(Path dir, List<String> paths) throws Exception {
    // The checks report the test code Checkstyle hands them (docs/front-ends.md); the fixtures
    // include JUnit and AssertJ users, so the CLI is asked to report test code as well.
    List<String> args = new ArrayList<>(List.of("--format", "json", "--fail-on", "never", "--include-tests"));
    args.addAll(paths);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args.toArray(String[]::new), dir, new PrintWriter(out, true), new PrintWriter(err, true));
    assertThat(code).as("CLI exit status; stderr: %s", err).isZero();
    JsonNode json = new ObjectMapper().readTree(out.toString());
    Set<String> found = new TreeSet<>();
    for (JsonNode f : json.get("findings")) {
      found.add(f.get("ruleId").asText() + " " + f.get("file").asText() + ":" + f.get("line").asInt() + ":"
          + f.get("column").asInt());
    }
    return found;
  }
}
