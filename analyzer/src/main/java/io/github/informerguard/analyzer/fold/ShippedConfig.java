package io.github.informerguard.analyzer.fold;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The value a Spring Boot or Quarkus (MicroProfile Config) application ships for a configuration
 * key: read from the module's {@code src/main/resources}, only when exactly one place defines the
 * key. The files both frameworks read by default are {@code application.properties},
 * {@code application.yml} / {@code .yaml} and MicroProfile's
 * {@code META-INF/microprofile-config.properties}. A profile can replace the value — Spring's
 * {@code application-<profile>.*} files and YAML documents, Quarkus's {@code %<profile>.key}
 * entries and {@code application-<profile>.properties} — and which profile runs is not in the
 * sources, so a key that any of those also defines has no single shipped value: no answer.
 */
final class ShippedConfig {

  /** A key's shipped value and where it is, for the finding's detail. */
  record Value(String text, Path file, String key) {}

  /** Spring Boot also reads the classpath's {@code config/} folder, over the root; a key set in both has two answers. */
  private static final List<String> BASE_FILES = List.of(
      "application.properties", "application.yml", "application.yaml", "META-INF/microprofile-config.properties",
      "config/application.properties", "config/application.yml", "config/application.yaml");
  private static final List<String> PROFILE_FOLDERS = List.of("", "config/");

  /** Keys that make a Spring YAML document apply to some profiles only. */
  private static final List<String> PROFILE_KEYS = List.of("spring.config.activate.on-profile", "spring.profiles");

  /** Parsed files by path, with the modification time they were read at (an IDE edits them). */
  private static final Map<Path, Parsed> CACHE = new ConcurrentHashMap<>();

  private record Parsed(FileTime modified, List<Map<String, String>> documents) {}

  private ShippedConfig() {}

  /** The resources folder of the module whose {@code src/main/java} holds {@code javaFile}; empty for test code. */
  static Optional<Path> resourcesFor(Path javaFile) {
    for (Path p = javaFile.toAbsolutePath().normalize().getParent(); p != null; p = p.getParent()) {
      if (p.endsWith(Path.of("src", "main", "java"))) {
        Path resources = p.resolveSibling("resources");
        return Files.isDirectory(resources) ? Optional.of(resources) : Optional.empty();
      }
    }
    return Optional.empty();
  }

  /**
   * What the shipped files say about a key.
   *
   * @param single the one definition, when exactly one place sets the key
   * @param setSomewhere whether any file sets it (a code default then does not apply, whatever it is)
   */
  record Lookup(Optional<Value> single, boolean setSomewhere) {
    static final Lookup UNSET = new Lookup(Optional.empty(), false);
    static final Lookup AMBIGUOUS = new Lookup(Optional.empty(), true);
  }

  /** The configuration files under {@code resources} that a lookup reads (the answer changes when they do). */
  static List<Path> candidates(Path resources) {
    List<Path> out = new ArrayList<>();
    for (String name : BASE_FILES) {
      Path file = resources.resolve(name);
      if (Files.isRegularFile(file)) {
        out.add(file);
      }
    }
    try {
      out.addAll(profileFiles(resources));
    } catch (java.io.UncheckedIOException e) {
      // the lookup answers "ambiguous" for this folder; nothing more to record
    }
    return out;
  }

  /** {@code application-<profile>.properties|yml|yaml} in the resources root and its {@code config/} folder. */
  private static List<Path> profileFiles(Path resources) {
    List<Path> out = new ArrayList<>();
    for (String folder : PROFILE_FOLDERS) {
      Path dir = resources.resolve(folder);
      if (!Files.isDirectory(dir)) {
        continue;
      }
      try (DirectoryStream<Path> profiles = Files.newDirectoryStream(dir, "application-*.{properties,yml,yaml}")) {
        profiles.forEach(out::add);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    return out;
  }

  /** The shipped definitions of {@code key} under {@code resources}. */
  static Lookup lookup(Path resources, String key) {
    List<Value> found = new ArrayList<>();
    for (String name : BASE_FILES) {
      Path file = resources.resolve(name);
      for (Map<String, String> document : documents(file)) {
        if (document.containsKey(key) && PROFILE_KEYS.stream().anyMatch(document::containsKey)) {
          return Lookup.AMBIGUOUS; // a YAML document that only one profile activates sets it
        }
        if (document.containsKey(key)) {
          found.add(new Value(document.get(key), file, key));
        }
        for (String k : document.keySet()) {
          if (k.startsWith("%") && k.endsWith("." + key) && k.indexOf('.') == k.length() - key.length() - 1) {
            return Lookup.AMBIGUOUS; // Quarkus %profile.key: the value depends on the profile
          }
        }
      }
    }
    try {
      for (Path file : profileFiles(resources)) {
        for (Map<String, String> document : documents(file)) {
          if (document.containsKey(key)) {
            return Lookup.AMBIGUOUS; // a profile's file sets it too
          }
        }
      }
    } catch (java.io.UncheckedIOException e) {
      return Lookup.AMBIGUOUS; // cannot tell what the profiles set
    }
    return found.isEmpty() ? Lookup.UNSET : found.size() == 1 ? new Lookup(Optional.of(found.get(0)), true) : Lookup.AMBIGUOUS;
  }

  /** A file's documents as flat key/value maps (a properties file is one document; YAML may hold several). */
  private static List<Map<String, String>> documents(Path file) {
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    try {
      FileTime modified = Files.getLastModifiedTime(file);
      Parsed cached = CACHE.get(file);
      if (cached != null && cached.modified().equals(modified)) {
        return cached.documents();
      }
      List<Map<String, String>> documents = file.getFileName().toString().endsWith(".properties")
          ? List.of(properties(file)) : yaml(file);
      CACHE.put(file, new Parsed(modified, documents));
      return documents;
    } catch (IOException | RuntimeException e) {
      return List.of(); // unreadable or malformed: the framework would fail too; nothing to read here
    }
  }

  private static Map<String, String> properties(Path file) throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file)) {
      p.load(r);
    }
    Map<String, String> out = new java.util.HashMap<>();
    p.stringPropertyNames().forEach(k -> out.put(k, p.getProperty(k).trim()));
    return out;
  }

  private static List<Map<String, String>> yaml(Path file) throws IOException {
    List<Map<String, String>> out = new ArrayList<>();
    ObjectMapper mapper = new ObjectMapper(new YAMLFactory());
    try (MappingIterator<JsonNode> docs = mapper.readerFor(JsonNode.class).readValues(file.toFile())) {
      while (docs.hasNext()) {
        Map<String, String> flat = new java.util.HashMap<>();
        flatten("", docs.next(), flat);
        out.add(flat);
      }
    }
    return out;
  }

  private static void flatten(String prefix, JsonNode node, Map<String, String> out) {
    if (node == null || node.isNull()) {
      return;
    }
    if (node.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        flatten(prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey(), e.getValue(), out);
      }
    } else if (node.isValueNode()) {
      out.put(prefix, node.asText().trim());
    }
  }
}
