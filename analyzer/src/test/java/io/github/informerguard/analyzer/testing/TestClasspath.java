package io.github.informerguard.analyzer.testing;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** The test classpath (fabric8, client-java, JOSDK jars), as Surefire gives it to the forked JVM. */
public final class TestClasspath {

  private TestClasspath() {}

  public static List<Path> entries() {
    String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    return Arrays.stream(cp.split(File.pathSeparator))
        .filter(s -> !s.isBlank())
        .map(Path::of)
        .filter(Files::exists)
        .toList();
  }

  public static String asString() {
    return String.join(File.pathSeparator, entries().stream().map(Path::toString).toList());
  }
}
