package io.github.informerguard.maven;

import io.github.informerguard.analyzer.Version;
import io.github.informerguard.analyzer.engine.Analyzer;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
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
 */
final class RunKey {

  private RunKey() {}

  static String of(Optional<Path> policyFile, boolean includeTests, List<Path> classpath, Set<Path> ownOutputs,
      Path localRepository) throws IOException {
    MessageDigest digest = FileHashes.sha256();
    StringBuilder text = new StringBuilder("informer-guard-cache/1\n").append(Version.VERSION).append('\n');
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
    return HexFormat.of().formatHex(digest.digest(text.toString().getBytes(StandardCharsets.UTF_8)));
  }

  private static String folder(Path dir) throws IOException {
    StringBuilder s = new StringBuilder();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
        s.append(dir.relativize(f)).append(':').append(FileHashes.compute(f)).append(';');
      }
    }
    return s.toString();
  }

  private static String jarEntries(Path jar) {
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      StringBuilder s = new StringBuilder();
      zip.stream().map(e -> e.getName() + ":" + e.getCrc() + ":" + e.getSize() + ";").sorted().forEach(s::append);
      return s.toString();
    } catch (IOException e) {
      // Not a zip after all: fall back to its bytes.
      return FileHashes.compute(jar);
    }
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
