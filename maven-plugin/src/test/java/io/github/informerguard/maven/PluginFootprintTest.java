package io.github.informerguard.maven;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.engine.Analyzer;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What every build that runs the plugin pays before any file is analyzed: the jars Maven resolves
 * into the plugin's realm, and the call sites the JVM links on first use (see the parent POM's
 * compiler arguments and this module's dependency exclusions).
 */
class PluginFootprintTest {

  /** The plugin descriptor the build generated, which lists the realm's runtime dependencies. */
  private static String descriptor() throws IOException {
    try (InputStream in = CheckMojo.class.getResourceAsStream("/META-INF/maven/plugin.xml")) {
      assertThat(in).as("generated plugin descriptor").isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static List<String> dependencies(String descriptor) {
    String deps = descriptor.substring(descriptor.lastIndexOf("<dependencies>"));
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("<artifactId>([^<]+)</artifactId>").matcher(deps);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  @Test
  void theRealmHoldsTheAnalyzerAndItsLibrariesButNoAnnotationOnlyJars() throws IOException {
    List<String> deps = dependencies(descriptor());
    assertThat(deps).contains("informer-guard-analyzer", "javaparser-core", "javaparser-symbol-solver-core",
        "javassist", "jackson-core", "guava");
    assertThat(deps).doesNotContain("picocli", "checker-qual", "error_prone_annotations", "j2objc-annotations",
        "jspecify", "listenablefuture");
  }

  /** Class files of the module that holds {@code anchor}: its jar's entries or its class folder's files. */
  private static List<byte[]> classFiles(Class<?> anchor) throws IOException, URISyntaxException {
    Path where = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<byte[]> out = new ArrayList<>();
    if (Files.isDirectory(where)) {
      try (Stream<Path> files = Files.walk(where)) {
        for (Path p : files.filter(f -> f.toString().endsWith(".class")).toList()) {
          out.add(Files.readAllBytes(p));
        }
      }
      return out;
    }
    try (JarFile jar = new JarFile(where.toFile())) {
      for (JarEntry e : jar.stream().filter(e -> e.getName().endsWith(".class")).toList()) {
        try (InputStream in = jar.getInputStream(e)) {
          out.add(in.readAllBytes());
        }
      }
    }
    return out;
  }

  @Test
  void stringConcatenationIsCompiledInlineInThePluginAndTheAnalyzer() throws Exception {
    for (Class<?> anchor : List.of(CheckMojo.class, Analyzer.class)) {
      List<byte[]> classes = classFiles(anchor);
      assertThat(classes).as("class files beside " + anchor.getName()).hasSizeGreaterThan(10);
      long linkedOnFirstUse = classes.stream()
          .filter(bytes -> new String(bytes, StandardCharsets.ISO_8859_1).contains("makeConcatWithConstants"))
          .count();
      assertThat(linkedOnFirstUse).as("classes beside " + anchor.getName() + " using invokedynamic string concatenation")
          .isZero();
    }
  }
}
