package io.github.informerguard.analyzer.engine;

import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.report.DisplayPaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** Finds the {@code .java} files under the inputs, minus the policy's excludes, in a stable order. */
public final class SourceDiscovery {

  private final DisplayPaths paths;

  public SourceDiscovery(Path workingDirectory) {
    this.paths = new DisplayPaths(workingDirectory);
  }

  /** @throws java.nio.file.NoSuchFileException (wrapped) when an input does not exist */
  public List<Path> discover(List<Path> inputs, Policy policy) {
    TreeSet<Path> found = new TreeSet<>();
    for (Path input : inputs) {
      Path abs = input.toAbsolutePath().normalize();
      if (!Files.exists(abs)) {
        throw new UncheckedIOException(new java.nio.file.NoSuchFileException(input.toString(), null, "no such file or directory"));
      }
      if (Files.isRegularFile(abs)) {
        if (!excluded(abs, abs.getParent(), policy)) {
          found.add(abs);
        }
        continue;
      }
      try {
        Files.walkFileTree(abs, new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
            if (!dir.equals(abs) && isBuildOutputOrTooling(dir)) {
              return FileVisitResult.SKIP_SUBTREE;
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
            if (attrs.isRegularFile() && file.getFileName().toString().endsWith(".java")
                && !excluded(file, abs, policy)) {
              found.add(file.normalize());
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFileFailed(Path file, IOException exc) {
            return FileVisitResult.CONTINUE;
          }
        });
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return new ArrayList<>(found);
  }

  /**
   * Hidden folders ({@code .git}, {@code .idea}), {@code node_modules}, and build output: a
   * {@code target} folder beside a {@code pom.xml} or a {@code build} folder beside a Gradle build
   * file. A package named {@code build} or {@code target} (no build file beside it) is analyzed.
   */
  static boolean isBuildOutputOrTooling(Path dir) {
    String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
    if (name.startsWith(".") || name.equals("node_modules")) {
      return true;
    }
    Path parent = dir.getParent();
    if (parent == null) {
      return false;
    }
    if (name.equals("target")) {
      return Files.isRegularFile(parent.resolve("pom.xml"));
    }
    if (name.equals("build")) {
      return Files.isRegularFile(parent.resolve("build.gradle")) || Files.isRegularFile(parent.resolve("build.gradle.kts"));
    }
    return false;
  }

  private boolean excluded(Path file, Path root, Policy policy) {
    if (policy.exclude().isEmpty()) {
      return false;
    }
    return policy.excludes(paths.show(file)) || (root != null && file.startsWith(root)
        && policy.excludes(new DisplayPaths(root).show(file)));
  }
}
