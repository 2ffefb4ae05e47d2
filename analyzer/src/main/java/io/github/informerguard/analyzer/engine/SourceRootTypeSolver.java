package io.github.informerguard.analyzer.engine;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.modules.ModuleDeclaration;
import com.github.javaparser.ast.modules.ModuleDirective;
import com.github.javaparser.resolution.Navigator;
import com.github.javaparser.resolution.TypeSolver;
import com.github.javaparser.resolution.declarations.ResolvedReferenceTypeDeclaration;
import com.github.javaparser.resolution.model.SymbolReference;
import com.github.javaparser.symbolsolver.javaparsermodel.JavaParserFacade;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ref.SoftReference;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds types declared in the sources under one root, for precise mode's symbol solver; answers as
 * JavaParser's {@code JavaParserTypeSolver} does (the same files tried in the same order: for
 * {@code a.b.C.D} the file {@code a/b/C/D.java}, then the other files of {@code a/b/C/}, then
 * {@code a/b/C.java} for {@code C.D}, then the other files of {@code a/b/}, and so on) but within a
 * small heap:
 *
 * <ul>
 *   <li>Where the type is not in the file named after it, JavaParser's solver parses every file of
 *       the package's directory and holds all their trees at once until it has looked through
 *       them: a name asked for in a package of generated model classes (thousands of files) took
 *       the whole heap, and with {@code -Xmx256m} files were skipped for memory. Here the files of
 *       a directory are read once for the type names they declare, and only a file that declares
 *       the name is parsed.
 *   <li>Each directory is listed once: a missing file costs no further file system call.
 *   <li>{@code module-info.java} is looked for when a module's type is asked for, not by walking
 *       the whole root when the solver is made (one walk per source root at the start of a run).
 * </ul>
 *
 * Parsed files and found types are held through soft references, as JavaParser's solver holds
 * them, so the heap can take them back. Thread-safe; parses one file at a time.
 */
final class SourceRootTypeSolver implements TypeSolver {

  /** A declaration's keyword and the declared name: a superset of the types a file declares. */
  private static final Pattern DECLARED = Pattern.compile("\\b(?:class|interface|enum|record)\\s+([\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*)");

  private final Path root;
  private final JavaParser parser;
  private TypeSolver parent;

  private final Map<Path, SoftReference<Optional<CompilationUnit>>> parsed = new ConcurrentHashMap<>();
  private final Map<String, SoftReference<SymbolReference<ResolvedReferenceTypeDeclaration>>> found = new ConcurrentHashMap<>();
  /** Per directory, its {@code .java} files in the order the directory lists them. */
  private final Map<Path, List<Path>> listings = new ConcurrentHashMap<>();
  /** Per directory, the files that may declare each name. */
  private final Map<Path, Map<String, List<Path>>> declarations = new ConcurrentHashMap<>();
  private volatile Map<String, List<String>> exportedPackages;
  private final AtomicInteger parses = new AtomicInteger();

  SourceRootTypeSolver(Path root, ParserConfiguration config) {
    if (!Files.isDirectory(root)) {
      throw new IllegalStateException("not a directory: " + root);
    }
    this.root = root.toAbsolutePath();
    this.parser = new JavaParser(config);
  }

  @Override
  public TypeSolver getParent() {
    return parent;
  }

  @Override
  public void setParent(TypeSolver parent) {
    if (this.parent != null) {
      throw new IllegalStateException("the solver already has a parent");
    }
    if (parent == this) {
      throw new IllegalStateException("a solver cannot be its own parent");
    }
    this.parent = parent;
  }

  @Override
  public SymbolReference<ResolvedReferenceTypeDeclaration> tryToSolveType(String name) {
    SoftReference<SymbolReference<ResolvedReferenceTypeDeclaration>> ref = found.get(name);
    SymbolReference<ResolvedReferenceTypeDeclaration> known = ref == null ? null : ref.get();
    if (known != null) {
      return known;
    }
    SymbolReference<ResolvedReferenceTypeDeclaration> result = solve(name);
    found.put(name, new SoftReference<>(result));
    return result;
  }

  private SymbolReference<ResolvedReferenceTypeDeclaration> solve(String name) {
    String[] parts = name.split("\\.");
    for (int i = parts.length; i > 0; i--) {
      Path dir = root;
      Path canonical;
      try {
        for (int j = 0; j < i - 1; j++) {
          dir = dir.resolve(parts[j]);
        }
        canonical = dir.resolve(parts[i - 1] + ".java");
      } catch (java.nio.file.InvalidPathException e) {
        // A name that is no path here (characters a file name cannot hold): no file declares it.
        continue;
      }
      String typeName = String.join(".", List.of(parts).subList(i - 1, parts.length));
      List<Path> files = listing(dir);
      if (files.contains(canonical)) {
        Optional<TypeDeclaration<?>> type = parse(canonical).flatMap(cu -> Navigator.findType(cu, typeName));
        if (type.isPresent()) {
          return solved(type.get());
        }
      }
      // A type declared in a file not named after it (a second top-level class of the package).
      for (Path file : declaring(dir, files, parts[i - 1])) {
        Optional<TypeDeclaration<?>> type = parse(file).flatMap(cu -> Navigator.findType(cu, typeName));
        if (type.isPresent()) {
          return solved(type.get());
        }
      }
    }
    return SymbolReference.unsolved();
  }

  private SymbolReference<ResolvedReferenceTypeDeclaration> solved(TypeDeclaration<?> type) {
    return SymbolReference.solved(JavaParserFacade.get(this).getTypeDeclaration(type));
  }

  private List<Path> listing(Path dir) {
    return listings.computeIfAbsent(dir, d -> {
      List<Path> out = new ArrayList<>();
      if (!Files.isDirectory(d)) {
        return out;
      }
      try (DirectoryStream<Path> entries = Files.newDirectoryStream(d)) {
        for (Path p : entries) {
          if (p.getFileName().toString().toLowerCase().endsWith(".java")) {
            out.add(p);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot list " + d, e);
      }
      return out;
    });
  }

  /** The files of {@code dir} (in listing order) whose text declares a type named {@code simpleName}. */
  private List<Path> declaring(Path dir, List<Path> files, String simpleName) {
    Map<String, List<Path>> byName = declarations.computeIfAbsent(dir, d -> {
      Map<String, List<Path>> out = new LinkedHashMap<>();
      for (Path file : files) {
        String text;
        try {
          // Decoded as the parser decodes (malformed input replaced), so no file the parser reads is left out.
          text = new String(Files.readAllBytes(file), parser.getParserConfiguration().getCharacterEncoding());
        } catch (IOException e) {
          continue;
        }
        Matcher m = DECLARED.matcher(text);
        while (m.find()) {
          List<Path> list = out.computeIfAbsent(m.group(1), k -> new ArrayList<>());
          if (!list.contains(file)) {
            list.add(file);
          }
        }
      }
      return out;
    });
    return byName.getOrDefault(simpleName, List.of());
  }

  private Optional<CompilationUnit> parse(Path file) {
    SoftReference<Optional<CompilationUnit>> ref = parsed.get(file);
    Optional<CompilationUnit> known = ref == null ? null : ref.get();
    if (known != null) {
      return known;
    }
    Optional<CompilationUnit> unit;
    synchronized (parser) {
      parses.incrementAndGet();
      try {
        unit = parser.parse(file).getResult().map(cu -> cu.setStorage(file));
      } catch (IOException e) {
        if (Files.isRegularFile(file)) {
          throw new UncheckedIOException("cannot read " + file + " for type solving", e);
        }
        // A directory whose name ends in .java: no type is declared there.
        unit = Optional.empty();
      }
    }
    parsed.put(file, new SoftReference<>(unit));
    return unit;
  }

  @Override
  public SymbolReference<ResolvedReferenceTypeDeclaration> tryToSolveTypeInModule(String module, String simpleTypeName) {
    for (String pkg : exportedPackages().getOrDefault(module, List.of())) {
      SymbolReference<ResolvedReferenceTypeDeclaration> type = tryToSolveType(pkg + "." + simpleTypeName);
      if (type.isSolved()) {
        return type;
      }
    }
    return SymbolReference.unsolved();
  }

  private Map<String, List<String>> exportedPackages() {
    Map<String, List<String>> known = exportedPackages;
    if (known != null) {
      return known;
    }
    Map<String, List<String>> out = new LinkedHashMap<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(p -> p.endsWith("module-info.java")).toList()) {
        Optional<ModuleDeclaration> module = parse(file).flatMap(CompilationUnit::getModule);
        module.ifPresent(m -> out.put(m.getNameAsString(), m.getDirectives().stream()
            .filter(ModuleDirective::isModuleExportsDirective)
            .map(d -> d.asModuleExportsDirective().getNameAsString()).toList()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot walk " + root, e);
    }
    exportedPackages = out;
    return out;
  }

  /** How many files this solver parsed (for tests). */
  int parses() {
    return parses.get();
  }

  @Override
  public String toString() {
    return "SourceRootTypeSolver{" + root + "}";
  }
}
