package io.github.informerguard.maven;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;

/** SHA-256 of file contents, each file read at most once per build of a module. */
final class FileHashes {

  /** What a file that cannot be read hashes to: never equal to a stored hash of real content. */
  static final String MISSING = "missing";

  private final Map<Path, String> known = new HashMap<>();

  String of(Path file) {
    return known.computeIfAbsent(file, FileHashes::compute);
  }

  static String compute(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      MessageDigest digest = sha256();
      byte[] buffer = new byte[64 * 1024];
      for (int n; (n = in.read(buffer)) > 0; ) {
        digest.update(buffer, 0, n);
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (IOException e) {
      return MISSING;
    }
  }

  /** SHA-256 of a text's UTF-8 bytes, in hex. */
  static String digest(CharSequence text) {
    return HexFormat.of().formatHex(sha256().digest(text.toString().getBytes(StandardCharsets.UTF_8)));
  }

  static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}
