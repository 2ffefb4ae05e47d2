package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.testing.Fixture;
import io.github.informerguard.analyzer.testing.OldLines;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Operator code written against older client lines (fabric8 4.13, 5.12, 6.13), each its own small
 * Maven project under {@code src/test/old-lines/}: Maven resolves its classpath (one classpath
 * cannot hold two lines), javac compiles it with Lombok generating the accessors, and the
 * analyzer must report exactly the marked lines in precise mode (that classpath) and in
 * lenient mode (no classpath, the generated API model).
 */
class OldClientLinesTest {

  @ParameterizedTest
  @ValueSource(strings = {"fabric8-4.13", "fabric8-5.12", "fabric8-6.13", "josdk-3.0"})
  void oldLineFixtureHasTheSameFindingsInBothModes(String line, @TempDir Path tmp) throws Exception {
    Path project = OldLines.project(line);
    List<Path> classpath = OldLines.classpath(project, tmp);
    Path sources = project.resolve("src/main/java");
    List<Path> files;
    try (Stream<Path> s = Files.walk(sources)) {
      files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
    compile(files, classpath, tmp.resolve("classes"));

    Fixture fixture = new Fixture(sources, files);
    Set<String> expected = new TreeSet<>();
    fixture.expectations().forEach(e -> expected.add(e.ruleId() + " " + e.file() + ":" + e.line()));
    assertThat(expected).as("the %s fixture has markers", line).hasSizeGreaterThanOrEqualTo(4);

    Set<String> precise = analyze(sources, Optional.of(classpath));
    Set<String> lenient = analyze(sources, Optional.empty());
    assertThat(precise).as("precise findings on %s", line).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(lenient).as("lenient findings on %s", line).containsExactlyInAnyOrderElementsOf(expected);
  }

  private static Set<String> analyze(Path sources, Optional<List<Path>> classpath) {
    AnalysisResult result = new Analyzer().analyze(new AnalysisRequest(
        List.of(sources), classpath, Policy.defaults(), Optional.empty(), sources, 0));
    assertThat(result.errors()).as("no file or rule errors").isEmpty();
    Set<String> out = new TreeSet<>();
    for (Finding f : result.findings()) {
      out.add(f.ruleId() + " " + sources.relativize(f.file()).toString().replace('\\', '/') + ":" + f.line());
    }
    return out;
  }

  /** javac with annotation processing on: Lombok, found on the classpath, generates the accessors. */
  private static void compile(List<Path> files, List<Path> classpath, Path outDir) throws Exception {
    Files.createDirectories(outDir);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    List<String> args = new ArrayList<>(List.of("-nowarn", "-d", outDir.toString(), "-cp",
        String.join(File.pathSeparator, classpath.stream().map(Path::toString).toList())));
    files.forEach(f -> args.add(f.toString()));
    int rc = javac.run(null, log, log, args.toArray(String[]::new));
    assertThat(rc).as("the fixture compiles against its client line:%n%s", log).isZero();
  }
}
