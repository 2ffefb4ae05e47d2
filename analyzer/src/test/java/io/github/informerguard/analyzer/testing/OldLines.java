package io.github.informerguard.analyzer.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The old client lines' fixture projects under {@code src/test/old-lines/}: each is its own Maven
 * project because one classpath cannot hold two lines of the same client.
 */
public final class OldLines {

  private OldLines() {}

  /** The fixture project of {@code line} (fabric8-5.12, fabric8-6.13). */
  public static Path project(String line) {
    return Path.of("src", "test", "old-lines", line).toAbsolutePath();
  }

  /** The project's compile classpath, as Maven resolves it (mvn dependency:build-classpath). */
  public static List<Path> classpath(Path project, Path tmp) throws Exception {
    Path out = tmp.resolve("classpath.txt");
    String mavenHome = System.getProperty("informerguard.mavenHome");
    String mvn = mavenHome == null ? "mvn" : Path.of(mavenHome, "bin", "mvn").toString();
    List<String> cmd = new ArrayList<>(List.of(mvn, "-B", "-q", "-f", project.resolve("pom.xml").toString(),
        "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath",
        "-Dmdep.outputFile=" + out, "-Dmdep.includeScope=compile"));
    String repo = System.getProperty("informerguard.localRepository");
    if (repo != null) {
      cmd.add("-Dmaven.repo.local=" + repo);
    }
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    byte[] log = p.getInputStream().readAllBytes();
    assertThat(p.waitFor(10, TimeUnit.MINUTES)).isTrue();
    assertThat(p.exitValue()).as("mvn dependency:build-classpath on %s:%n%s", project,
        new String(log, StandardCharsets.UTF_8)).isZero();
    return Arrays.stream(Files.readString(out).trim().split(File.pathSeparator)).map(Path::of).toList();
  }
}
