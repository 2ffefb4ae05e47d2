package io.github.informerguard.maven;

import io.github.informerguard.analyzer.policy.Policy;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The Java files a module hands to the analyzer: every {@code .java} file under its source roots
 * whose path relative to its root matches an include and neither an exclude nor one of the
 * policy's {@code exclude} globs. Selecting files here, before analysis, means an excluded file
 * is never read or parsed.
 */
final class SourceSelection {

  private final List<AntPattern> includes;
  private final List<AntPattern> excludes;
  private final Policy policy;

  SourceSelection(List<String> includes, List<String> excludes, Policy policy) {
    this.includes = compile(includes == null || includes.isEmpty() ? List.of("**/*.java") : includes);
    this.excludes = compile(excludes == null ? List.of() : excludes);
    this.policy = policy;
  }

  /** The selected files under the roots, sorted and without duplicates (roots may nest). */
  List<Path> select(List<Path> roots) throws IOException {
    TreeSet<Path> found = new TreeSet<>();
    for (Path root : roots) {
      Path base = root.toAbsolutePath().normalize();
      if (!Files.isDirectory(base)) {
        continue;
      }
      Files.walkFileTree(base, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
          // Version-control and IDE folders (.git, .idea) never hold the module's sources.
          Path name = dir.getFileName();
          return !dir.equals(base) && name != null && name.toString().startsWith(".")
              ? FileVisitResult.SKIP_SUBTREE
              : FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
          if (attrs.isRegularFile() && file.getFileName().toString().endsWith(".java")
              && selected(relative(base, file))) {
            found.add(file.normalize());
          }
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFileFailed(Path file, IOException exc) {
          return FileVisitResult.CONTINUE;
        }
      });
    }
    return new ArrayList<>(found);
  }

  boolean selected(String relativePath) {
    return includes.stream().anyMatch(p -> p.matches(relativePath))
        && excludes.stream().noneMatch(p -> p.matches(relativePath))
        && !policy.excludes(relativePath);
  }

  private static String relative(Path root, Path file) {
    return root.relativize(file).toString().replace(java.io.File.separatorChar, '/');
  }

  private static List<AntPattern> compile(List<String> patterns) {
    return patterns.stream().filter(p -> p != null && !p.isBlank()).map(AntPattern::compile).toList();
  }
}
