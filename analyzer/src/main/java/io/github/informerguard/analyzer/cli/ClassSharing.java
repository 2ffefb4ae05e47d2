package io.github.informerguard.analyzer.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The relaunched JVM's class data sharing archive (a dynamic AppCDS archive): the JDK maps the
 * classes recorded there instead of loading, verifying and linking them from the jar again.
 *
 * <p>The archive lives in the user's cache folder ({@code $XDG_CACHE_HOME/informer-guard} or
 * {@code ~/.cache/informer-guard}; {@code -Dinformerguard.cdsDir=DIR} elsewhere), one per jar
 * (path, size, modification time) and JDK, so that a new build or another JDK never meets an
 * archive of another. When there is none, the run writes one at exit into a file of its own; it
 * is kept (renamed into place atomically) only when the run ended normally and parsed at least one
 * file, which the CLI marks, so that the archive holds the parser's classes. An archive that does
 * not fit is ignored by the JVM, which then loads classes as usual; the JVM's messages about
 * archives are switched off, so nothing is added to the CLI's output.
 *
 * <p>Off with {@code -Dinformerguard.cds=false} or {@code INFORMER_GUARD_NO_CDS=1}, and whenever the
 * caller chose a sharing option of its own, the class path holds anything but jars, or no cache
 * folder can be written.
 */
final class ClassSharing {

  static final String ENABLED = "informerguard.cds";
  static final String DIR = "informerguard.cdsDir";
  static final String NO_CDS_ENV = "INFORMER_GUARD_NO_CDS";
  /** Set on the child when it writes an archive: the file that the CLI creates once it has parsed a file. */
  static final String MARKER = "informerguard.cdsMarker";
  private static final List<String> QUIET = List.of("-Xlog:cds*=off");

  private final List<String> options;
  private final Path pending;
  private final Path archive;
  private final Path marker;

  private ClassSharing(List<String> options, Path pending, Path archive, Path marker) {
    this.options = options;
    this.pending = pending;
    this.archive = archive;
    this.marker = marker;
  }

  private static final ClassSharing NONE = new ClassSharing(List.of(), null, null, null);

  /** The JVM options for the child. */
  List<String> options() {
    return options;
  }

  static ClassSharing plan(List<String> jvmArgs, Map<String, String> env, String classPath) {
    Optional<Path> dir = folder(jvmArgs, env);
    if (dir.isEmpty() || !onlyJars(classPath)) {
      return NONE;
    }
    Path archive = dir.get().resolve("informer-guard-" + key(classPath) + ".jsa");
    List<String> options = new ArrayList<>(QUIET);
    if (Files.isRegularFile(archive)) {
      options.add("-XX:SharedArchiveFile=" + archive);
      return new ClassSharing(options, null, null, null);
    }
    String unique = ProcessHandle.current().pid() + "-" + System.nanoTime();
    Path pending = dir.get().resolve(archive.getFileName() + "." + unique + ".tmp");
    Path marker = dir.get().resolve(archive.getFileName() + "." + unique + ".parsed");
    options.add("-XX:ArchiveClassesAtExit=" + pending);
    options.add("-D" + MARKER + "=" + marker);
    return new ClassSharing(options, pending, archive, marker);
  }

  /** After the child exited with {@code status}: keeps the archive it wrote if the run was one to keep. */
  void finish(int status) {
    if (pending == null) {
      return;
    }
    try {
      if (status != 130 && Files.exists(marker) && Files.isRegularFile(pending)) {
        Files.move(pending, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException | RuntimeException e) {
      // Another run may have put its archive in place first; either is as good.
    } finally {
      try {
        Files.deleteIfExists(pending);
        Files.deleteIfExists(marker);
      } catch (IOException ignored) {
        // Left in the cache folder; the next run uses other names.
      }
    }
  }

  /** Called by the CLI after an analysis: marks the archive being written as worth keeping. */
  static void analyzed(int filesParsed) {
    String marker = System.getProperty(MARKER);
    if (marker == null || filesParsed == 0) {
      return;
    }
    try {
      Files.writeString(Path.of(marker), "parsed " + filesParsed + "\n");
    } catch (IOException | RuntimeException ignored) {
      // Without the mark the archive is dropped; the next run writes another.
    }
  }

  static Optional<Path> folder(List<String> jvmArgs, Map<String, String> env) {
    if ("false".equals(System.getProperty(ENABLED)) || isSet(env.get(NO_CDS_ENV)) || Runtime.version().feature() < 13) {
      return Optional.empty();
    }
    if (jvmArgs.stream().anyMatch(a -> a.startsWith("-Xshare") || a.contains("SharedArchiveFile")
        || a.contains("ArchiveClassesAtExit") || a.contains("UseSharedSpaces") || a.contains("AutoCreateSharedArchive"))) {
      return Optional.empty();
    }
    Path dir;
    String chosen = System.getProperty(DIR);
    if (chosen != null && !chosen.isEmpty()) {
      dir = Path.of(chosen);
    } else {
      String xdg = env.get("XDG_CACHE_HOME");
      String home = System.getProperty("user.home");
      if (isSet(xdg)) {
        dir = Path.of(xdg, "informer-guard");
      } else if (home != null && !home.isEmpty() && !home.equals("?")) {
        dir = Path.of(home, ".cache", "informer-guard");
      } else {
        return Optional.empty();
      }
    }
    try {
      Files.createDirectories(dir);
      return Files.isWritable(dir) ? Optional.of(dir) : Optional.empty();
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /**
   * Whether every class path entry is a jar: the JVM archives classes from jars only, and refuses
   * to start at all when asked to archive with a non-empty folder on the class path (a build's
   * {@code target/classes}).
   */
  static boolean onlyJars(String classPath) {
    for (String entry : classPath.split(java.io.File.pathSeparator)) {
      if (!entry.endsWith(".jar") || !Files.isRegularFile(Path.of(entry))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isSet(String v) {
    return v != null && !v.isEmpty() && !v.equals("0");
  }

  /** Names the JDK and every class path entry as it is now (a rebuilt jar gets another archive). */
  static String key(String classPath) {
    StringBuilder b = new StringBuilder(System.getProperty("java.home")).append('|')
        .append(System.getProperty("java.vm.version")).append('|');
    for (String entry : classPath.split(java.io.File.pathSeparator)) {
      Path p = Path.of(entry).toAbsolutePath();
      b.append(p).append(':');
      try {
        b.append(Files.size(p)).append(':').append(Files.getLastModifiedTime(p).toMillis());
      } catch (IOException | RuntimeException e) {
        b.append('?');
      }
      b.append('|');
    }
    try {
      byte[] hash = MessageDigest.getInstance("SHA-256").digest(b.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(hash, 0, 12);
    } catch (NoSuchAlgorithmException e) {
      return Integer.toHexString(b.toString().hashCode());
    }
  }
}
