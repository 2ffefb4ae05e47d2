package io.github.informerguard.maven;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.engine.AnalysisError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One module's analysis results from earlier builds, kept in {@code cache.json} beside the
 * reports. A file's stored result is reused while the run key (analyzer build, policy,
 * classpath; see {@link RunKey}), the file's text and the text of every file it took a
 * declaration from are what they were when it was stored. Owned by one mojo execution.
 *
 * <p>Read and written with Jackson's streaming parser, field by field: data binding of these
 * records cost more than the rest of a fully cached module's check (its first use in a Maven
 * JVM introspects every record type), and the key comes first so that a cache written under
 * another key is given up after one field.
 */
final class ResultCache {

  static final String FILE_NAME = "cache.json";

  private static final JsonFactory JSON = new JsonFactory();

  /**
   * What one file produced, and the hashes of its text and of the files it depended on (by
   * absolute path: JSON object keys are strings).
   */
  record Entry(String text, Map<String, String> dependsOn, List<Finding> findings, List<AnalysisError> errors) {}

  private final Path file;
  private final String key;
  private final Map<String, Entry> previous;
  private final boolean fromSnapshot;

  private ResultCache(Path file, String key, Map<String, Entry> previous, boolean fromSnapshot) {
    this.file = file;
    this.key = key;
    this.previous = previous;
    this.fromSnapshot = fromSnapshot;
  }

  /** Whether nothing was loaded (no file, another key, or an unreadable one). */
  boolean isEmpty() {
    return previous.isEmpty();
  }

  /**
   * The results in {@code snapshot}, as a cache to be written to {@code file} under {@code key},
   * if they were stored under {@code snapshotKey} by a build that analyzed exactly {@code files}
   * as they are now (every text and every file they depended on unchanged): what a fresh
   * analysis would give. Empty otherwise.
   */
  static Optional<ResultCache> fromSnapshot(Path file, String key, Path snapshot, String snapshotKey, List<Path> files,
      FileHashes hashes) {
    if (files.isEmpty() || !Files.isRegularFile(snapshot)) {
      return Optional.empty();
    }
    ResultCache kept = load(snapshot, snapshotKey);
    boolean exact = kept.previous.size() == files.size()
        && files.stream().allMatch(f -> kept.reusable(f, hashes).isPresent());
    return exact ? Optional.of(new ResultCache(file, key, kept.previous, true)) : Optional.empty();
  }

  /** Whether the entries came from a snapshot (see {@link #fromSnapshot}), not from this cache's file. */
  boolean fromSnapshot() {
    return fromSnapshot;
  }

  /** Writes {@code entries}, the results of one analysis of every file, to {@code snapshot} under {@code snapshotKey}. */
  static void writeSnapshot(Path snapshot, String snapshotKey, Map<Path, Entry> entries) throws IOException {
    new ResultCache(snapshot, snapshotKey, Map.of(), false).write(entries);
  }

  /**
   * The cache in {@code file} for runs with {@code key}: empty when the file is missing, cannot
   * be read (an older format) or was written under another key.
   */
  static ResultCache load(Path file, String key) {
    Map<String, Entry> entries = Map.of();
    if (Files.isRegularFile(file)) {
      try (JsonParser in = JSON.createParser(file.toFile())) {
        entries = read(in, key);
      } catch (IOException | RuntimeException e) {
        entries = Map.of();
      }
    }
    return new ResultCache(file, key, entries, false);
  }

  /** The stored result of {@code source} when its text and every file it depended on are unchanged. */
  Optional<Entry> reusable(Path source, FileHashes hashes) {
    Entry e = previous.get(source.toString());
    return e != null && current(e, source, hashes) ? Optional.of(e) : Optional.empty();
  }

  /** Whether {@code e}, the result of {@code source}, still holds: its text and every file it depended on unchanged. */
  static boolean current(Entry e, Path source, FileHashes hashes) {
    if (!e.text().equals(hashes.of(source))) {
      return false;
    }
    for (Map.Entry<String, String> dep : e.dependsOn().entrySet()) {
      if (!dep.getValue().equals(hashes.of(Path.of(dep.getKey())))) {
        return false;
      }
    }
    return true;
  }

  /** Whether the stored entries are exactly {@code entries} (nothing to write). */
  boolean holds(Map<Path, Entry> entries) {
    return previous.size() == entries.size() && entries.keySet().stream().allMatch(p -> previous.containsKey(p.toString()));
  }

  /**
   * What the module's results are made from: the run key and each file's path, text hash and the
   * hashes of the files it depended on. Equal identities mean equal findings and errors.
   */
  String identity(Map<Path, Entry> entries) {
    StringBuilder s = new StringBuilder(key).append('\n');
    new TreeMap<>(entries).forEach((path, e) -> s.append(path).append(' ').append(e.text()).append(' ')
        .append(new TreeMap<>(e.dependsOn())).append('\n'));
    return FileHashes.digest(s);
  }

  /**
   * Replaces the stored entries; written to a temporary file first so a killed build leaves no half file.
   * A file skipped for lack of heap ({@link AnalysisError#outOfMemory()}) is not stored: that is a
   * state of the run, not of the file, so the next build analyzes it again.
   */
  void write(Map<Path, Entry> entries) throws IOException {
    Files.createDirectories(file.getParent());
    // a name of its own: modules of concurrent builds write into one folder
    Path tmp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
    Map<String, Entry> byName = new TreeMap<>();
    entries.forEach((path, entry) -> {
      if (entry.errors().stream().noneMatch(AnalysisError::outOfMemory)) {
        byName.put(path.toString(), entry);
      }
    });
    try (JsonGenerator out = JSON.createGenerator(tmp.toFile(), com.fasterxml.jackson.core.JsonEncoding.UTF8)) {
      out.writeStartObject();
      out.writeStringField("key", key);
      out.writeObjectFieldStart("files");
      for (Map.Entry<String, Entry> e : byName.entrySet()) {
        out.writeObjectFieldStart(e.getKey());
        write(out, e.getValue());
        out.writeEndObject();
      }
      out.writeEndObject();
      out.writeEndObject();
    }
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
  }

  // The stored form: {"key": K, "files": {PATH: {"text": H, "dependsOn": {PATH: H}, "findings":
  // [[ruleId, severity, line, column, endLine, endColumn, message, detail, fingerprint]],
  // "errors": [[line, message]]}}}. Findings and errors are those of the file under PATH, so
  // the path is not repeated.

  private static void write(JsonGenerator out, Entry e) throws IOException {
    out.writeStringField("text", e.text());
    out.writeObjectFieldStart("dependsOn");
    for (Map.Entry<String, String> d : new TreeMap<>(e.dependsOn()).entrySet()) {
      out.writeStringField(d.getKey(), d.getValue());
    }
    out.writeEndObject();
    out.writeArrayFieldStart("findings");
    for (Finding f : e.findings()) {
      out.writeStartArray();
      out.writeString(f.ruleId());
      out.writeString(f.severity().name());
      out.writeNumber(f.line());
      out.writeNumber(f.column());
      out.writeNumber(f.endLine());
      out.writeNumber(f.endColumn());
      out.writeString(f.message());
      out.writeString(f.detail());
      out.writeString(f.fingerprint());
      out.writeEndArray();
    }
    out.writeEndArray();
    out.writeArrayFieldStart("errors");
    for (AnalysisError a : e.errors()) {
      out.writeStartArray();
      out.writeNumber(a.line());
      out.writeString(a.message());
      out.writeEndArray();
    }
    out.writeEndArray();
  }

  private static Map<String, Entry> read(JsonParser in, String key) throws IOException {
    expect(in.nextToken(), JsonToken.START_OBJECT);
    if (!"key".equals(in.nextFieldName()) || !key.equals(in.nextTextValue())) {
      return Map.of();
    }
    if (!"files".equals(in.nextFieldName())) {
      return Map.of();
    }
    expect(in.nextToken(), JsonToken.START_OBJECT);
    Map<String, Entry> entries = new HashMap<>();
    for (String name; (name = in.nextFieldName()) != null; ) {
      expect(in.nextToken(), JsonToken.START_OBJECT);
      entries.put(name, readEntry(in, Path.of(name)));
    }
    return entries;
  }

  private static Entry readEntry(JsonParser in, Path source) throws IOException {
    String text = null;
    Map<String, String> dependsOn = new TreeMap<>();
    List<Finding> findings = new ArrayList<>();
    List<AnalysisError> errors = new ArrayList<>();
    for (String field; (field = in.nextFieldName()) != null; ) {
      switch (field) {
        case "text" -> text = in.nextTextValue();
        case "dependsOn" -> {
          expect(in.nextToken(), JsonToken.START_OBJECT);
          for (String dep; (dep = in.nextFieldName()) != null; ) {
            dependsOn.put(dep, in.nextTextValue());
          }
        }
        case "findings" -> {
          expect(in.nextToken(), JsonToken.START_ARRAY);
          for (JsonToken t; (t = in.nextToken()) != JsonToken.END_ARRAY; ) {
            expect(t, JsonToken.START_ARRAY);
            String ruleId = in.nextTextValue();
            Severity severity = Severity.valueOf(in.nextTextValue());
            int line = in.nextIntValue(0);
            int column = in.nextIntValue(0);
            int endLine = in.nextIntValue(0);
            int endColumn = in.nextIntValue(0);
            String message = in.nextTextValue();
            String detail = in.nextTextValue();
            String fingerprint = in.nextTextValue();
            expect(in.nextToken(), JsonToken.END_ARRAY);
            findings.add(new Finding(ruleId, severity, source, line, column, endLine, endColumn, message, detail, fingerprint));
          }
        }
        case "errors" -> {
          expect(in.nextToken(), JsonToken.START_ARRAY);
          for (JsonToken t; (t = in.nextToken()) != JsonToken.END_ARRAY; ) {
            expect(t, JsonToken.START_ARRAY);
            int line = in.nextIntValue(0);
            String message = in.nextTextValue();
            expect(in.nextToken(), JsonToken.END_ARRAY);
            errors.add(new AnalysisError(source, line, message));
          }
        }
        default -> throw new IOException("unknown field " + field);
      }
    }
    if (text == null || findings.stream().anyMatch(f -> f.ruleId() == null || f.message() == null)) {
      throw new IOException("incomplete entry for " + source);
    }
    return new Entry(text, dependsOn, findings, errors);
  }

  private static void expect(JsonToken actual, JsonToken wanted) throws IOException {
    if (actual != wanted) {
      throw new IOException("expected " + wanted + ", found " + actual);
    }
  }
}
