package io.github.informerguard.maven;

import io.github.informerguard.analyzer.Version;
import io.github.informerguard.analyzer.engine.Analyzer;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

/**
 * What every cached result of a module depends on besides its own files: the analyzer and
 * plugin builds, the policy file's text, whether tests are analyzed, and the classpath. A
 * change to any of them invalidates the whole module's cache.
 *
 * <p>Jars in the local repository are identified by path, size and modification time (Maven
 * never rewrites them in place). A sibling module's jar, which the reactor may rebuild with the
 * same classes and new timestamps, is identified by the name, CRC and size of each entry (read
 * from the zip directory, nothing is inflated), so only a change of content counts; a sibling's
 * class folder by the content of its files. The module's own output folders are left out: they
 * are compiled from the sources the cache already tracks file by file.
 *
 * <p>A jar's entry list and a class folder's content are summarised once per Maven JVM for each
 * path, size and time (for a folder: each file's), so the modules of one reactor that share a
 * sibling's jar or classes read it once, and read it again only when it was rebuilt.
 */
final class RunKey {

  /** Summaries by path and size and time; shared by the modules a parallel build checks at once. */
  private static final Map<String, String> SUMMARIES = new ConcurrentHashMap<>();

  private RunKey() {}

  static String of(Optional<Path> policyFile, boolean includeTests, List<Path> classpath, Set<Path> ownOutputs,
      Path localRepository) throws IOException {
    StringBuilder text = new StringBuilder("informer-guard-cache/2\n").append(Version.VERSION).append('\n');
    text.append(build(Analyzer.class)).append('\n').append(build(RunKey.class)).append('\n');
    text.append("policy ").append(policyFile.map(FileHashes::compute).orElse("defaults")).append('\n');
    text.append("tests ").append(includeTests).append('\n');
    Path repo = localRepository.toAbsolutePath().normalize();
    for (Path entry : classpath) {
      Path p = entry.toAbsolutePath().normalize();
      if (ownOutputs.contains(p)) {
        continue;
      }
      text.append(p).append(' ');
      if (Files.isDirectory(p)) {
        text.append(folder(p));
      } else if (p.startsWith(repo)) {
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
        text.append(a.size()).append(' ').append(a.lastModifiedTime().toMillis());
      } else {
        text.append(jarEntries(p));
      }
      text.append('\n');
    }
    return FileHashes.digest(text);
  }

  /**
   * The module's own compiled classes, by the content of every {@code .class} file in
   * {@code folders} (resources, which may carry build times, are left out). The per-file cache
   * leaves them out, as they are compiled from the files it tracks; a snapshot, which stands in
   * for a full analysis after {@code mvn clean}, also answers for what they hold beyond those files
   * (classes of generated or excluded sources, constants folded from them).
   */
  static String compiled(Set<Path> folders) throws IOException {
    StringBuilder s = new StringBuilder("compiled/1\n");
    for (Path dir : new java.util.TreeSet<>(folders)) {
      if (!Files.isDirectory(dir)) {
        s.append(dir).append(" none\n");
        continue;
      }
      List<Path> classes;
      try (Stream<Path> all = Files.walk(dir)) {
        classes = all.filter(f -> f.getFileName().toString().endsWith(".class") && Files.isRegularFile(f)).sorted().toList();
      }
      s.append(dir).append('\n');
      for (Path f : classes) {
        s.append(dir.relativize(f)).append(':').append(FileHashes.compute(f)).append(';');
      }
      s.append('\n');
    }
    return FileHashes.digest(s);
  }

  private static String folder(Path dir) throws IOException {
    List<Path> files;
    try (Stream<Path> all = Files.walk(dir)) {
      files = all.filter(Files::isRegularFile).sorted().toList();
    }
    StringBuilder stamps = new StringBuilder(dir.toString()).append('\n');
    for (Path f : files) {
      BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class);
      stamps.append(dir.relativize(f)).append(':').append(a.size()).append(':').append(a.lastModifiedTime().toMillis()).append(';');
    }
    return SUMMARIES.computeIfAbsent(FileHashes.digest(stamps), k -> {
      StringBuilder s = new StringBuilder();
      for (Path f : files) {
        s.append(dir.relativize(f)).append(':').append(FileHashes.compute(f)).append(';');
      }
      return FileHashes.digest(s);
    });
  }

  private static String jarEntries(Path jar) throws IOException {
    BasicFileAttributes a = Files.readAttributes(jar, BasicFileAttributes.class);
    return SUMMARIES.computeIfAbsent(jar + " " + a.size() + " " + a.lastModifiedTime().toMillis(), k -> {
      try (ZipFile zip = new ZipFile(jar.toFile())) {
        StringBuilder s = new StringBuilder();
        zip.stream().map(e -> e.getName() + ":" + e.getCrc() + ":" + e.getSize() + ";").sorted().forEach(s::append);
        return FileHashes.digest(s);
      } catch (IOException e) {
        // Not a zip after all: fall back to its bytes.
        return FileHashes.compute(jar);
      }
    });
  }


  /** The jar (or class folder) a class was loaded from, with its size and time. */
  private static String build(Class<?> type) {
    try {
      Path p = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
      BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
      return p + " " + a.size() + " " + a.lastModifiedTime().toMillis();
    } catch (IOException | URISyntaxException | RuntimeException e) {
      // Unknown origin: a key that matches no earlier run, so nothing stale is reused.
      return "unknown " + System.nanoTime();
    }
  }
}
