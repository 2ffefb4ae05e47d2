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
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The analyzed sources by type name, for lenient mode's cross-file lookups (a constant in
 * another file). Files are parsed on demand and shared between threads. Only the files being
 * analyzed are held as text; the others are remembered by path and read when a lookup needs
 * them, and parsed trees are kept in a small LRU, so memory does not grow with the tree.
 */
final class SourceIndex implements SourceTypes {

  /** How many parsed trees of other files to keep; lookups cluster on a few constants classes. */
  private static final int PARSED_CACHE_SIZE = 64;

  private final Map<String, SourceFile> byPrimaryType = new ConcurrentHashMap<>();
  private final Map<String, Path> notInMemory = new ConcurrentHashMap<>();
  private final Set<Path> roots = ConcurrentHashMap.newKeySet();
  private final Set<String> absent = ConcurrentHashMap.newKeySet();
  private final Map<String, Optional<CompilationUnit>> parsed = Collections.synchronizedMap(
      new LinkedHashMap<>(PARSED_CACHE_SIZE * 2, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Optional<CompilationUnit>> eldest) {
          return size() > PARSED_CACHE_SIZE;
        }
      });
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
    notInMemory.remove(name);
    absent.remove(name);
    f.sourceRoot().ifPresent(roots::add);
  }

  /** Remembers a file that no rule needs to parse by its path only; it is read again if looked up. */
  void addByPath(SourceFile f) {
    String name = f.primaryTypeName();
    if (!byPrimaryType.containsKey(name)) {
      notInMemory.putIfAbsent(name, f.path());
    }
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
      if (byPrimaryType.containsKey(outer) || notInMemory.containsKey(outer) || fromRoots(outer)) {
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
        notInMemory.putIfAbsent(primary, candidate);
        return true;
      }
    }
    absent.add(primary);
    return false;
  }

  /** The text of a known file: in memory when it is being analyzed, else read from disk again. */
  private Optional<String> textOf(String primary) {
    SourceFile inMemory = byPrimaryType.get(primary);
    if (inMemory != null) {
      return Optional.of(inMemory.text());
    }
    Path path = notInMemory.get(primary);
    return path != null && SourceReader.read(path) instanceof SourceFile f ? Optional.of(f.text()) : Optional.empty();
  }

  private Optional<Path> pathOf(String primary) {
    SourceFile inMemory = byPrimaryType.get(primary);
    return inMemory != null ? Optional.of(inMemory.path()) : Optional.ofNullable(notInMemory.get(primary));
  }

  private Optional<CompilationUnit> unit(String primary) {
    return parsed.computeIfAbsent(primary, k -> {
      Optional<String> text = textOf(k);
      if (text.isEmpty()) {
        return Optional.empty();
      }
      ParseResult<CompilationUnit> r = parser.get().parse(text.get());
      // The file's path goes with its tree, so a declaration found in it can be traced to it.
      pathOf(k).ifPresent(p -> r.getResult().ifPresent(cu -> cu.setStorage(p)));
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
