package io.github.informerguard.analyzer.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Optional;

/**
 * The folder that SARIF paths are relative to: GitHub code scanning resolves a result's
 * {@code artifactLocation.uri} from the repository root, so a path relative to a module or to the
 * shell's folder points at a file that does not exist there.
 */
public final class RepositoryRoot {

  private RepositoryRoot() {}

  /**
   * The nearest folder at or above the common ancestor of {@code analyzed} that holds
   * {@code .git} (a folder, or a file in a worktree or submodule); empty when there is none.
   */
  public static Optional<Path> find(Collection<Path> analyzed) {
    Path common = null;
    for (Path p : analyzed) {
      Path abs = p.toAbsolutePath().normalize();
      Path dir = Files.isDirectory(abs) ? abs : abs.getParent();
      common = common == null ? dir : commonAncestor(common, dir);
    }
    for (Path dir = common; dir != null; dir = dir.getParent()) {
      if (Files.exists(dir.resolve(".git"))) {
        return Optional.of(dir);
      }
    }
    return Optional.empty();
  }

  /** {@link #find}, else {@code fallback} (the working directory, or a module's folder). */
  public static Path findOr(Collection<Path> analyzed, Path fallback) {
    return find(analyzed).orElse(fallback.toAbsolutePath().normalize());
  }

  private static Path commonAncestor(Path a, Path b) {
    Path p = a;
    while (p != null && !b.startsWith(p)) {
      p = p.getParent();
    }
    return p;
  }
}
