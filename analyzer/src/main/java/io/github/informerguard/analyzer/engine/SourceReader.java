package io.github.informerguard.analyzer.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a source file as text, rejecting binary and empty files with a clear reason. */
final class SourceReader {

  private SourceReader() {}

  /** The file's text, or an error describing why it cannot be analyzed. */
  static Object read(Path path) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(path);
    } catch (IOException e) {
      return new AnalysisError(path, 0, "cannot read file: " + e.getMessage());
    }
    boolean ascii = true;
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == 0) {
        return new AnalysisError(path, lineAt(bytes, i), "binary file (NUL byte at offset " + i + "), not Java source; skipped");
      }
      ascii &= bytes[i] > 0;
    }
    // Most sources are plain ASCII: made straight into a one-byte-per-char string, without the
    // decoder's two-byte-per-char buffer (a 3 MB file would need 9 MB more to read).
    String text = ascii ? new String(bytes, StandardCharsets.US_ASCII) : decode(bytes);
    if (text.isBlank()) {
      return new AnalysisError(path, 0, "empty file, no Java source to analyze; skipped");
    }
    return new SourceFile(path, text);
  }

  private static String decode(byte[] bytes) {
    try {
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      // Old sources in Latin-1 are still Java; decode them as such rather than reject them.
      return new String(bytes, StandardCharsets.ISO_8859_1);
    }
  }

  private static int lineAt(byte[] bytes, int offset) {
    int line = 1;
    for (int i = 0; i < offset; i++) {
      if (bytes[i] == '\n') {
        line++;
      }
    }
    return line;
  }
}
