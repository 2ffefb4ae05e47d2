package io.github.informerguard.analyzer.engine;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import io.github.informerguard.analyzer.resolve.SourceTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The analyzed sources by type name, for lenient mode's cross-file lookups (a constant in
 * another file). Files are parsed on demand, once, and shared between threads.
 */
final class SourceIndex implements SourceTypes {

  private final Map<String, SourceFile> byPrimaryType = new ConcurrentHashMap<>();
  private final Set<Path> roots = ConcurrentHashMap.newKeySet();
  private final Set<String> absent = ConcurrentHashMap.newKeySet();
  private final Map<String, Optional<CompilationUnit>> parsed = new ConcurrentHashMap<>();
  private final ThreadLocal<JavaParser> parser = ThreadLocal.withInitial(() -> new JavaParser(Parsers.lenientConfiguration()));

  SourceIndex(Collection<SourceFile> files) {
    files.forEach(this::add);
  }

  /**
   * Adds or replaces a file. A long-lived front end (the Checkstyle checks in an IDE) hands in
   * new text of the same file as it is edited: the old text and its tree must not be served.
   */
  void add(SourceFile f) {
    String name = f.primaryTypeName();
    SourceFile previous = byPrimaryType.put(name, f);
    if (previous != null && !previous.text().equals(f.text())) {
      parsed.remove(name);
    }
    absent.remove(name);
    f.sourceRoot().ifPresent(roots::add);
  }

  /** Source roots of the analyzed files, for the symbol solver in precise mode. */
  List<Path> roots() {
    return roots.stream().sorted().toList();
  }

  /** Lets the file being analyzed be found through its already-parsed tree. */
  void offer(SourceFile file, CompilationUnit unit) {
    if (byPrimaryType.get(file.primaryTypeName()) == file) {
      parsed.put(file.primaryTypeName(), Optional.of(unit));
    }
  }

  @Override
  public Optional<TypeDeclaration<?>> find(String qualifiedName) {
    String outer = qualifiedName;
    String nested = "";
    while (true) {
      if (byPrimaryType.containsKey(outer) || fromRoots(outer)) {
        String simple = outer.substring(outer.lastIndexOf('.') + 1);
        Optional<TypeDeclaration<?>> top = unit(outer).flatMap(cu -> cu.getTypes().stream()
            .filter(t -> t.getNameAsString().equals(simple)).findFirst());
        String inner = nested;
        return inner.isEmpty() ? top : top.flatMap(t -> member(t, inner));
      }
      int dot = outer.lastIndexOf('.');
      if (dot < 0) {
        return Optional.empty();
      }
      nested = outer.substring(dot + 1) + (nested.isEmpty() ? "" : "." + nested);
      outer = outer.substring(0, dot);
    }
  }

  /** A type not among the analyzed files may still sit beside them under a source root. */
  private boolean fromRoots(String primary) {
    if (absent.contains(primary)) {
      return false;
    }
    for (Path root : roots) {
      Path candidate = root.resolve(primary.replace('.', '/') + ".java");
      if (Files.isRegularFile(candidate)) {
        Object read = SourceReader.read(candidate);
        if (read instanceof SourceFile f) {
          byPrimaryType.putIfAbsent(primary, f);
          return true;
        }
      }
    }
    absent.add(primary);
    return false;
  }

  private Optional<CompilationUnit> unit(String primary) {
    return parsed.computeIfAbsent(primary, k -> {
      ParseResult<CompilationUnit> r = parser.get().parse(byPrimaryType.get(k).text());
      return r.isSuccessful() ? r.getResult() : Optional.empty();
    });
  }

  private static Optional<TypeDeclaration<?>> member(TypeDeclaration<?> type, String path) {
    String head = path.contains(".") ? path.substring(0, path.indexOf('.')) : path;
    String rest = path.contains(".") ? path.substring(path.indexOf('.') + 1) : "";
    for (BodyDeclaration<?> m : type.getMembers()) {
      if (m instanceof TypeDeclaration<?> t && t.getNameAsString().equals(head)) {
        return rest.isEmpty() ? Optional.of(t) : member(t, rest);
      }
    }
    return Optional.empty();
  }
}
