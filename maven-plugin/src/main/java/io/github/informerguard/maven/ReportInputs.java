package io.github.informerguard.maven;

import io.github.informerguard.analyzer.Version;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

/**
 * What a module's reports were made from, kept in {@code reports.inputs} beside them: the
 * identity of the results (run key and every file's hashes), the baseline, and what decides the
 * SARIF paths and category. When a build's results all come from the cache and these are what
 * the reports were written from, the reports would come out the same (but for the timing in the
 * JSON report's stats), so they are kept instead of written again: a build where nothing changed
 * then needs no JSON data binding, whose first use in a Maven JVM costs more than the rest of the
 * check of a fully cached module.
 */
final class ReportInputs {

  static final String FILE_NAME = "reports.inputs";

  private ReportInputs() {}

  static String of(String results, String baseline, boolean writeBaseline, Path basedir, Path repositoryRoot,
      String automationId) {
    return FileHashes.digest(String.join("\n", "informer-guard-reports/1", Version.VERSION, results, baseline,
        "writeBaseline " + writeBaseline, basedir.toString(), repositoryRoot.toString(), automationId));
  }

  /**
   * Whether the reports in {@code dir} were written from {@code inputs} and are all still there;
   * if so they are touched, so that they count as written by this build.
   */
  static boolean kept(Path dir, String inputs, List<Path> reports) throws IOException {
    Path file = dir.resolve(FILE_NAME);
    if (!Files.isRegularFile(file) || !inputs.equals(Files.readString(file, StandardCharsets.UTF_8).trim())
        || !reports.stream().allMatch(Files::isRegularFile)) {
      return false;
    }
    FileTime now = FileTime.fromMillis(System.currentTimeMillis());
    for (Path report : reports) {
      Files.setLastModifiedTime(report, now);
    }
    return true;
  }

  /** Drops the record before the reports are rewritten, so that half-written reports are never kept. */
  static void forget(Path dir) throws IOException {
    Files.deleteIfExists(dir.resolve(FILE_NAME));
  }

  static void record(Path dir, String inputs) throws IOException {
    Files.writeString(dir.resolve(FILE_NAME), inputs + "\n", StandardCharsets.UTF_8);
  }
}
