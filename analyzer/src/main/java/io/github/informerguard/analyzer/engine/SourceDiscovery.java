package io.github.informerguard.analyzer.engine;

import io.github.informerguard.analyzer.policy.Policy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** Finds the {@code .java} files under the inputs, minus the policy's excludes, in a stable order. */
public final class SourceDiscovery {

  private final DisplayPaths paths;
  /** Folders under the inputs that could not be listed, with the reason: their files are missing from the run. */
  private final Map<Path, String> unlisted = new ConcurrentSkipListMap<>();

  private final Lister lister;

  public SourceDiscovery(Path workingDirectory) {
    this(workingDirectory, Files::newDirectoryStream);
  }

  /** With another way to list a folder: tests use it for the failures a root user never meets. */
  SourceDiscovery(Path workingDirectory, Lister lister) {
    this.paths = new DisplayPaths(workingDirectory);
    this.lister = lister;
  }

  /** Opens the listing of one folder, as {@link Files#newDirectoryStream(Path)} does. */
  interface Lister {
    DirectoryStream<Path> open(Path dir) throws IOException;
  }

  /** @throws java.nio.file.NoSuchFileException (wrapped) when an input does not exist */
  public List<Path> discover(List<Path> inputs, Policy policy) {
    return discover(inputs, policy, 1);
  }

  /**
   * As {@link #discover(List, Policy)}, listing folders on {@code threads} threads: on a large
   * tree the walk is thousands of directory reads and file stats, most of the serial start.
   */
  public List<Path> discover(List<Path> inputs, Policy policy, int threads) {
    Set<Path> found = new ConcurrentSkipListSet<>();
    unlisted.clear();
    ForkJoinPool pool = threads > 1 ? new ForkJoinPool(threads) : null;
    try {
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
        Folder root = new Folder(abs, abs, policy, found);
        if (pool == null) {
          root.compute();
        } else {
          pool.invoke(root);
        }
      }
    } finally {
      if (pool != null) {
        pool.shutdownNow();
      }
    }
    return new ArrayList<>(found);
  }

  /** Lists one folder: its Java files go into {@code found}, its subfolders are listed in parallel. */
  private final class Folder extends RecursiveAction {
    private final Path dir;
    private final Path root;
    private final Policy policy;
    private final Set<Path> found;

    Folder(Path dir, Path root, Policy policy, Set<Path> found) {
      this.dir = dir;
      this.root = root;
      this.policy = policy;
      this.found = found;
    }

    @Override
    protected void compute() {
      List<Folder> subfolders = new ArrayList<>();
      try (DirectoryStream<Path> entries = lister.open(dir)) {
        for (Path entry : entries) {
          BasicFileAttributes attrs;
          try {
            // Links are not followed, as Files.walkFileTree does not: no cycles, no files outside the input.
            attrs = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
          } catch (IOException e) {
            continue;
          }
          if (attrs.isDirectory()) {
            if (!isBuildOutputOrTooling(entry)) {
              subfolders.add(new Folder(entry, root, policy, found));
            }
          } else if (attrs.isRegularFile() && entry.getFileName().toString().endsWith(".java")
              && !excluded(entry, root, policy)) {
            found.add(entry.normalize());
          }
        }
      } catch (IOException | UncheckedIOException e) {
        // An unreadable folder is skipped, as an unreadable file is, and named (unlistedFolders) so
        // that the run says which files it could not see.
        IOException cause = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
        unlisted.put(dir.normalize(), reason(cause));
        return;
      }
      if (getPool() == null || subfolders.size() < 2) {
        subfolders.forEach(Folder::compute);
      } else {
        invokeAll(subfolders);
      }
    }
  }

  /**
   * The folders the last {@link #discover} could not list (permission denied, removed while being
   * listed), in path order, each with a short reason. Their Java files are not in the result.
   */
  public Map<Path, String> unlistedFolders() {
    return java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(unlisted));
  }

  private static String reason(IOException e) {
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "removed while being listed";
    }
    String m = e.getMessage();
    return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
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
