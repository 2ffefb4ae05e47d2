package io.github.informerguard.analyzer.rules.cancel;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.testing.Fixture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Finds the finding on the (unique) fixture line that contains a piece of text. */
final class CancelFixtures {

  private CancelFixtures() {}

  /** @param folder the fixture folder: the rule id, or a folder beside it that holds one policy's cases */
  static Finding findingAt(AnalysisResult result, String folder, String fileName, String lineText) {
    Fixture fixture = Fixture.of(folder);
    Path file = fixture.files().stream().filter(f -> f.getFileName().toString().equals(fileName)).findFirst()
        .orElseThrow(() -> new AssertionError("no fixture file " + fileName));
    int line = lineOf(file, lineText);
    return result.findings().stream()
        .filter(f -> f.file().getFileName().toString().equals(fileName) && f.line() == line)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no finding at " + fileName + ":" + line + " (" + lineText + ")"));
  }

  static int lineOf(Path file, String lineText) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int found = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(lineText)) {
        if (found != -1) {
          throw new AssertionError("'" + lineText + "' occurs more than once in " + file);
        }
        found = i + 1;
      }
    }
    if (found == -1) {
      throw new AssertionError("'" + lineText + "' not in " + file);
    }
    return found;
  }
}
