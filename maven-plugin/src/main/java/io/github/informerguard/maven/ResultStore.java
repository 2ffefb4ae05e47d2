package io.github.informerguard.maven;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Where modules keep a snapshot of their results ({@link ResultCache}'s format) and a copy of the
 * reports written from them: one folder shared by every module and build (by default under the
 * local repository, so that {@code mvn clean} keeps it). A snapshot is written only by a build
 * that analyzed every file of the module, so it holds exactly what a fresh analysis of those
 * files gives; after {@code mvn clean} it stands in for one while every file, and every file
 * their results depended on, is unchanged. Each module has its own file, named after its
 * artifactId and a digest of its folder and source set, so that two checkouts never share one.
 *
 * <p>The copy of the reports lets such a build put back the reports it would write (same
 * {@link ReportInputs}) without describing the rules or writing JSON. The folder keeps at most
 * {@link #MAX_MODULES} modules; the least recently used are dropped.
 */
final class ResultStore {

  static final int MAX_MODULES = 500;

  private static final String CACHE_SUFFIX = ".json";
  private static final String REPORTS_SUFFIX = ".reports";

  private final Path folder;
  private final String stem;

  private ResultStore(Path folder, String stem) {
    this.folder = folder;
    this.stem = stem;
  }

  /** The store of the module {@code artifactId} whose sources {@code sources} names (its folder, and whether tests are in). */
  static ResultStore of(Path folder, String artifactId, String sources) {
    String safe = artifactId.replaceAll("[^A-Za-z0-9._-]", "_");
    return new ResultStore(folder.toAbsolutePath().normalize(), safe + "-" + FileHashes.digest(sources).substring(0, 16));
  }

  Path snapshotFile() {
    return folder.resolve(stem + CACHE_SUFFIX);
  }

  private Path reportsFolder() {
    return folder.resolve(stem + REPORTS_SUFFIX);
  }

  /**
   * Copies the stored reports into {@code dir} when they were written from {@code inputs}, every
   * one of {@code reports} is stored and each copy is what was kept (by SHA-256: a build keeping
   * its own copy at the same time cannot hand over a mixed pair). Records the inputs in
   * {@code dir}, as a build that wrote them does. False otherwise, also when the store cannot be
   * read (another build pruned it meanwhile): the caller then writes the reports.
   */
  boolean restore(Path dir, String inputs, List<Path> reports) {
    Path stored = reportsFolder();
    try {
      Path record = stored.resolve(ReportInputs.FILE_NAME);
      if (!Files.isRegularFile(record)) {
        return false;
      }
      List<String> lines = Files.readAllLines(record, StandardCharsets.UTF_8);
      if (lines.isEmpty() || !inputs.equals(lines.get(0).trim()) || !lines.subList(1, lines.size()).equals(digests(stored, reports))) {
        return false;
      }
      Files.createDirectories(dir);
      ReportInputs.forget(dir);
      for (Path report : reports) {
        // copied without its time: the restored report counts as written by this build (reactor SARIF)
        Files.copy(stored.resolve(report.getFileName()), report, StandardCopyOption.REPLACE_EXISTING);
      }
      if (!digests(dir, reports).equals(lines.subList(1, lines.size()))) {
        return false;
      }
      ReportInputs.record(dir, inputs);
      return true;
    } catch (IOException | UncheckedIOException e) {
      return false;
    }
  }

  /** Keeps a copy of {@code reports}, just written from {@code inputs}; the record, with each copy's digest, last. */
  void keep(String inputs, List<Path> reports) throws IOException {
    Path stored = reportsFolder();
    Files.createDirectories(stored);
    ReportInputs.forget(stored);
    for (Path report : reports) {
      Path tmp = Files.createTempFile(stored, report.getFileName().toString(), ".tmp");
      Files.copy(report, tmp, StandardCopyOption.REPLACE_EXISTING);
      Files.move(tmp, stored.resolve(report.getFileName()), StandardCopyOption.REPLACE_EXISTING);
    }
    List<String> lines = new java.util.ArrayList<>();
    lines.add(inputs);
    lines.addAll(digests(reports.get(0).getParent(), reports));
    Path tmp = Files.createTempFile(stored, ReportInputs.FILE_NAME, ".tmp");
    Files.write(tmp, lines, StandardCharsets.UTF_8);
    Files.move(tmp, stored.resolve(ReportInputs.FILE_NAME), StandardCopyOption.REPLACE_EXISTING);
  }

  /** One line per report: its name and the SHA-256 of its copy in {@code dir} ({@code missing} when absent). */
  private static List<String> digests(Path dir, List<Path> reports) {
    return reports.stream().map(r -> r.getFileName() + " " + FileHashes.compute(dir.resolve(r.getFileName()))).toList();
  }

  /** Drops this module's snapshot and report copies (a build with the cache off). */
  void forget() {
    try {
      Files.deleteIfExists(snapshotFile());
      deleteFolder(reportsFolder());
    } catch (IOException | UncheckedIOException e) {
      // nothing kept, or nothing to do about it
    }
  }

  /** Marks the snapshot as used now, so that pruning keeps a module that is only ever restored. */
  void touch() {
    try {
      Files.setLastModifiedTime(snapshotFile(), FileTime.fromMillis(System.currentTimeMillis()));
    } catch (IOException e) {
      // pruned meanwhile: the next full analysis writes it again
    }
  }

  /**
   * Drops the modules used least recently beyond the {@code keep} newest, this one excepted, with
   * their report copies; also report copies whose snapshot is gone and temporary files of killed
   * builds older than a day. Another build may delete files at the same time, which is harmless.
   */
  void prune(int keep) {
    long dayAgo = System.currentTimeMillis() - 24L * 60 * 60 * 1000;
    try (Stream<Path> files = Files.list(folder)) {
      List<Path> all = files.toList();
      List<Map.Entry<Path, FileTime>> caches = all.stream()
          .filter(p -> p.getFileName().toString().endsWith(CACHE_SUFFIX) && !p.equals(snapshotFile()))
          .map(p -> Map.entry(p, modified(p)))
          .sorted(Map.Entry.<Path, FileTime>comparingByValue().reversed())
          .toList();
      for (Map.Entry<Path, FileTime> old : caches.subList(Math.min(caches.size(), Math.max(0, keep - 1)), caches.size())) {
        Path cache = old.getKey();
        Files.deleteIfExists(cache);
        deleteFolder(reportsOf(cache));
      }
      for (Path p : all) {
        String name = p.getFileName().toString();
        if (name.endsWith(REPORTS_SUFFIX) && !p.equals(reportsFolder())
            && !Files.exists(folder.resolve(name.substring(0, name.length() - REPORTS_SUFFIX.length()) + CACHE_SUFFIX))) {
          deleteFolder(p);
        } else if (name.endsWith(".tmp") && modified(p).toMillis() < dayAgo) {
          Files.deleteIfExists(p);
        }
      }
    } catch (IOException | UncheckedIOException e) {
      // a store that cannot be listed or pruned still works; it only grows
    }
  }

  private Path reportsOf(Path cache) {
    String name = cache.getFileName().toString();
    return folder.resolve(name.substring(0, name.length() - CACHE_SUFFIX.length()) + REPORTS_SUFFIX);
  }

  private static FileTime modified(Path p) {
    try {
      return Files.getLastModifiedTime(p);
    } catch (NoSuchFileException e) {
      return FileTime.fromMillis(0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void deleteFolder(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
