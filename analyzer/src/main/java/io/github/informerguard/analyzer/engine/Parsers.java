package io.github.informerguard.analyzer.engine;

import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ParserConfiguration.LanguageLevel;
import com.github.javaparser.resolution.TypeSolver;
import com.github.javaparser.symbolsolver.JavaSymbolSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.CombinedTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.JarTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.JavaParserTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.ReflectionTypeSolver;
import io.github.informerguard.analyzer.resolve.Diagnostics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Parser configurations: the newest language level JavaParser knows, with or without a symbol solver. */
public final class Parsers {

  /** Records, text blocks, switch expressions, sealed types, pattern matching. */
  public static final LanguageLevel LANGUAGE_LEVEL = LanguageLevel.JAVA_26;

  private Parsers() {}

  public static ParserConfiguration lenientConfiguration() {
    return new ParserConfiguration()
        .setLanguageLevel(LANGUAGE_LEVEL)
        .setAttributeComments(false);
  }

  /**
   * A configuration whose symbol solver sees the JDK, every classpath jar and folder, and the
   * analyzed source roots. The source-root solvers parse with this same configuration, so nodes
   * they hand back (a constant's initializer in another file) can be resolved in turn.
   */
  public static ParserConfiguration preciseConfiguration(List<Path> classpath, List<Path> sourceRoots) {
    ParserConfiguration config = lenientConfiguration();
    CombinedTypeSolver combined = new CombinedTypeSolver();
    combined.add(new ReflectionTypeSolver(true));
    for (Path root : sourceRoots) {
      combined.add(new JavaParserTypeSolver(root, config));
    }
    for (Path entry : classpath) {
      TypeSolver solver = classpathSolver(entry);
      if (solver != null) {
        combined.add(solver);
      }
    }
    config.setSymbolResolver(new JavaSymbolSolver(combined));
    return config;
  }

  private static TypeSolver classpathSolver(Path entry) {
    try {
      if (Files.isDirectory(entry)) {
        return new ClassFolderTypeSolver(entry);
      }
      if (Files.isRegularFile(entry) && entry.toString().endsWith(".jar")) {
        return new JarTypeSolver(entry);
      }
    } catch (IOException | RuntimeException e) {
      Diagnostics.debug("classpath entry skipped: " + entry + ": " + e);
    }
    return null;
  }
}
