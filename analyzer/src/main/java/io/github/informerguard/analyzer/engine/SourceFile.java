package io.github.informerguard.analyzer.engine;

import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A discovered Java file with its text, read once and shared by the prefilter and the parser. */
public record SourceFile(Path path, String text) {

  private static final Pattern PACKAGE =
      Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);

  /** The declared package, read with a regular expression (no parse needed). */
  public Optional<String> packageName() {
    Matcher m = PACKAGE.matcher(text);
    return m.find() ? Optional.of(m.group(1)) : Optional.empty();
  }

  /** The qualified name of the file's primary type (package + file name). */
  public String primaryTypeName() {
    return primaryTypeName(packageName());
  }

  /** As {@link #primaryTypeName()}, with the file's {@link #packageName()} already read. */
  String primaryTypeName(Optional<String> packageName) {
    String file = path.getFileName().toString();
    String simple = file.endsWith(".java") ? file.substring(0, file.length() - 5) : file;
    return packageName.map(p -> p + "." + simple).orElse(simple);
  }

  /** The source root this file belongs to: its directory minus the package's folders. */
  public Optional<Path> sourceRoot() {
    return sourceRoot(packageName());
  }

  /** As {@link #sourceRoot()}, with the file's {@link #packageName()} already read. */
  Optional<Path> sourceRoot(Optional<String> packageName) {
    Path dir = path.getParent();
    if (dir == null) {
      return Optional.empty();
    }
    String pkg = packageName.orElse("");
    if (pkg.isEmpty()) {
      return Optional.of(dir);
    }
    String[] parts = pkg.split("\\.");
    Path p = dir;
    for (int i = parts.length - 1; i >= 0; i--) {
      if (p == null || p.getFileName() == null || !p.getFileName().toString().equals(parts[i])) {
        return Optional.empty();
      }
      p = p.getParent();
    }
    return Optional.ofNullable(p);
  }
}
