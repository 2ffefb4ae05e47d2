package io.github.informerguard.maven;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.engine.AnalysisError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One module's analysis results from earlier builds, kept in {@code cache.json} beside the
 * reports. A file's stored result is reused while the run key (analyzer build, policy,
 * classpath; see {@link RunKey}), the file's text and the text of every file it took a
 * declaration from are what they were when it was stored. Owned by one mojo execution.
 */
final class ResultCache {

  static final String FILE_NAME = "cache.json";

  private static final ObjectMapper JSON = new ObjectMapper()
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  /**
   * What one file produced, and the hashes of its text and of the files it depended on (by
   * absolute path: JSON object keys are strings).
   */
  record Entry(String text, Map<String, String> dependsOn, List<Finding> findings, List<AnalysisError> errors) {}

  /** The stored form: entries by absolute path, valid for one run key only. */
  record Stored(String key, Map<String, Entry> files) {}

  private final Path file;
  private final String key;
  private final Map<String, Entry> previous;

  private ResultCache(Path file, String key, Map<String, Entry> previous) {
    this.file = file;
    this.key = key;
    this.previous = previous;
  }

  /**
   * The cache in {@code file} for runs with {@code key}: empty when the file is missing, cannot
   * be read (an older format) or was written under another key.
   */
  static ResultCache load(Path file, String key) {
    Map<String, Entry> entries = Map.of();
    if (Files.isRegularFile(file)) {
      try {
        Stored stored = JSON.readValue(file.toFile(), Stored.class);
        if (key.equals(stored.key()) && stored.files() != null) {
          entries = stored.files();
        }
      } catch (IOException | RuntimeException e) {
        entries = Map.of();
      }
    }
    return new ResultCache(file, key, entries);
  }

  /** The stored result of {@code source} when its text and every file it depended on are unchanged. */
  Optional<Entry> reusable(Path source, FileHashes hashes) {
    Entry e = previous.get(source.toString());
    if (e == null || !e.text().equals(hashes.of(source))) {
      return Optional.empty();
    }
    for (Map.Entry<String, String> dep : e.dependsOn().entrySet()) {
      if (!dep.getValue().equals(hashes.of(Path.of(dep.getKey())))) {
        return Optional.empty();
      }
    }
    return Optional.of(e);
  }

  /** Whether the stored entries are exactly {@code entries} (nothing to write). */
  boolean holds(Map<Path, Entry> entries) {
    return previous.size() == entries.size() && entries.keySet().stream().allMatch(p -> previous.containsKey(p.toString()));
  }

  /** Replaces the stored entries; written to a temporary file first so a killed build leaves no half file. */
  void write(Map<Path, Entry> entries) throws IOException {
    Files.createDirectories(file.getParent());
    Path tmp = file.resolveSibling(FILE_NAME + ".tmp");
    Map<String, Entry> byName = new TreeMap<>();
    entries.forEach((path, entry) -> byName.put(path.toString(), entry));
    JSON.writeValue(tmp.toFile(), new Stored(key, byName));
    Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }
}
