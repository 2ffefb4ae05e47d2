package io.github.informerguard.analyzer.resolve;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What each classpath jar holds ({@link JarContents}), read from the jar once per JVM and, with a
 * store folder, once per jar version across builds: a clean Maven build then opens only the jars
 * its names are looked up in. A jar is known by its path, size and modification time; a jar that
 * changes in place is read again.
 *
 * <p>The store is safe to share between concurrent builds and threads: each jar has its own
 * file, written to a temporary file and moved into place atomically, so a reader sees a whole
 * file or none; a file that cannot be read or does not describe that path, size and time is read
 * from the jar again. The store keeps at most {@link #MAX_STORED} files, dropping the oldest.
 * Thread-safe.
 */
public final class JarIndex {

  /** Files kept in a store folder; a jar's file is a few KB (one line per package). */
  static final int MAX_STORED = 2_000;

  private static final java.util.regex.Pattern UNSAFE_IN_NAMES = java.util.regex.Pattern.compile("[^A-Za-z0-9._-]");

  private static final String HEADER = "informer-guard jar contents 1";

  /** One per store (and one without): a Maven build analyzes many modules, mostly with the same jars. */
  private static final Map<Optional<Path>, JarIndex> SHARED = new ConcurrentHashMap<>();

  private final Optional<Path> store;
  private final int maxEntries;
  /** By jar path, size and time; bounded like the store. */
  private final Map<String, Optional<JarContents>> read = new ConcurrentHashMap<>();

  JarIndex(Optional<Path> store, int maxEntries) {
    this.store = store;
    this.maxEntries = maxEntries;
  }

  /** Reads each jar at most once per JVM. */
  public static JarIndex inMemory() {
    return SHARED.computeIfAbsent(Optional.empty(), s -> new JarIndex(s, MAX_STORED));
  }

  /** As {@link #inMemory()}, and keeps what it read in {@code folder} for later builds. */
  public static JarIndex stored(Path folder) {
    return SHARED.computeIfAbsent(Optional.of(folder.toAbsolutePath().normalize()), s -> new JarIndex(s, MAX_STORED));
  }

  public Optional<Path> store() {
    return store;
  }

  /** The jar's contents, or empty when it cannot be read as a zip file. */
  public Optional<JarContents> contents(Path jar) {
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(jar, BasicFileAttributes.class);
    } catch (IOException e) {
      return Optional.empty();
    }
    String key = jar.toAbsolutePath().normalize() + "\n" + attributes.size() + " " + attributes.lastModifiedTime().toMillis();
    Optional<JarContents> known = read.get(key);
    if (known != null) {
      return known;
    }
    if (read.size() >= maxEntries) {
      read.clear();
    }
    Optional<JarContents> found = store.flatMap(dir -> load(dir, key));
    if (found.isEmpty()) {
      found = readJar(jar, key);
    }
    read.put(key, found);
    return found;
  }

  private Optional<JarContents> readJar(Path jar, String key) {
    try {
      JarContents contents = JarContents.read(jar);
      store.ifPresent(dir -> save(dir, key, contents, maxEntries));
      return Optional.of(contents);
    } catch (IOException | RuntimeException e) {
      Diagnostics.debug("classpath jar not readable: " + jar + ": " + e);
      return Optional.empty();
    }
  }

  private static Optional<JarContents> load(Path dir, String key) {
    Path file = dir.resolve(fileName(key));
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException | RuntimeException e) {
      Diagnostics.debug("jar index entry not readable, reading the jar: " + file + ": " + e);
      return Optional.empty();
    }
    // The key is written whole, so a hash collision or a foreign file is told apart from a hit.
    String[] keyLines = key.split("\n", 2);
    if (lines.size() < 4 || !lines.get(0).equals(HEADER) || !lines.get(1).equals(keyLines[0])
        || !lines.get(2).equals(keyLines[1]) || !lines.get(lines.size() - 1).equals("end")) {
      return Optional.empty();
    }
    Set<String> folders = new HashSet<>();
    Set<String> root = new HashSet<>();
    for (String line : lines.subList(3, lines.size() - 1)) {
      if (line.startsWith("d ")) {
        folders.add(line.substring(2));
      } else if (line.startsWith("r ")) {
        root.add(line.substring(2));
      } else {
        return Optional.empty();
      }
    }
    return Optional.of(new JarContents(folders, root));
  }

  private static void save(Path dir, String key, JarContents contents, int maxEntries) {
    StringBuilder text = new StringBuilder(HEADER).append('\n').append(key).append('\n');
    contents.folders().stream().sorted().forEach(f -> text.append("d ").append(f).append('\n'));
    contents.rootClasses().stream().sorted().forEach(c -> text.append("r ").append(c).append('\n'));
    text.append("end\n");
    Path target = dir.resolve(fileName(key));
    try {
      Files.createDirectories(dir);
      Path temp = Files.createTempFile(dir, ".jar-", ".tmp");
      try {
        Files.writeString(temp, text, StandardCharsets.UTF_8);
        try {
          Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
      } finally {
        Files.deleteIfExists(temp);
      }
      prune(dir, maxEntries);
    } catch (IOException | RuntimeException e) {
      // The store only saves work; a build that cannot write it reads the jars again next time.
      Diagnostics.debug("jar index not written: " + target + ": " + e);
    }
  }

  /** Keeps the store at {@code maxEntries} files by dropping the least recently written. */
  private static void prune(Path dir, int maxEntries) throws IOException {
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> all = Files.newDirectoryStream(dir, "*.txt")) {
      all.forEach(files::add);
    }
    if (files.size() <= maxEntries) {
      return;
    }
    Map<Path, Long> written = new ConcurrentHashMap<>();
    for (Path f : files) {
      try {
        written.put(f, Files.getLastModifiedTime(f).toMillis());
      } catch (IOException e) {
        written.put(f, 0L);
      }
    }
    files.sort(Comparator.comparing(written::get));
    // A quarter at a time, so that a full store is not listed again at every new jar.
    for (Path f : files.subList(0, files.size() - maxEntries * 3 / 4)) {
      Files.deleteIfExists(f);
    }
  }

  /**
   * The jar's file name and a 64-bit FNV-1a hash of the key: a file holds its whole key, so a
   * collision only costs a read of the jar, and a digest would cost more than the lookup saves
   * in a JVM that has not compiled it yet.
   */
  static String fileName(String key) {
    long hash = 0xcbf29ce484222325L;
    for (int i = 0; i < key.length(); i++) {
      hash = (hash ^ key.charAt(i)) * 0x100000001b3L;
    }
    String path = key.substring(0, key.indexOf('\n'));
    String jarName = path.substring(path.lastIndexOf(java.io.File.separatorChar) + 1)    ;
    jarName = UNSAFE_IN_NAMES.matcher(jarName).replaceAll("_");
    return jarName + "-" + Long.toHexString(hash) + ".txt";
  }
}
