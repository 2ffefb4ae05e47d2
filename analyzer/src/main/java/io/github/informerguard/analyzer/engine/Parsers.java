package io.github.informerguard.analyzer.engine;

import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Processor;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.validator.postprocessors.Java26PostProcessor;
import com.github.javaparser.ParserConfiguration.LanguageLevel;
import com.github.javaparser.resolution.TypeSolver;
import com.github.javaparser.symbolsolver.JavaSymbolSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.CombinedTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.JarTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.ReflectionTypeSolver;
import io.github.informerguard.analyzer.resolve.Diagnostics;
import io.github.informerguard.analyzer.resolve.JarIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/** Parser configurations: the newest language level JavaParser knows, with or without a symbol solver. */
public final class Parsers {

  /** Records, text blocks, switch expressions, sealed types, pattern matching. */
  public static final LanguageLevel LANGUAGE_LEVEL = LanguageLevel.JAVA_26;

  private Parsers() {}

  public static ParserConfiguration lenientConfiguration() {
    ParserConfiguration config = new ParserConfiguration()
        .setLanguageLevel(LANGUAGE_LEVEL)
        .setAttributeComments(false)
        // JavaParser's line-ending detection wraps the input in a reader that makes a String of
        // every character and looks it up (a third of parse CPU in a profile). It only records
        // the file's line separator for printing source back; nothing here prints a file.
        .setDetectOriginalLineSeparator(false);
    withoutLanguageLevelValidation(config);
    return config;
  }

  /**
   * Keeps the language level's grammar and post-processing (records, sealed types, {@code yield},
   * {@code var} as a type) but drops its validators. They only report code that javac would
   * reject anyway, no rule depends on them, and each walks the whole tree once per validated node
   * type: about 40 % of the analysis CPU on a large tree. Syntax errors are still reported.
   */
  static boolean withoutLanguageLevelValidation(ParserConfiguration config) {
    List<Supplier<Processor>> processors = config.getProcessors();
    for (int i = 0; i < processors.size(); i++) {
      Processor p = processors.get(i).get();
      if (isLanguageLevelProcessor(p)) {
        processors.set(i, () -> new Processor() {
          private final Java26PostProcessor postProcessor = new Java26PostProcessor();

          @Override
          public void postProcess(ParseResult<? extends Node> result, ParserConfiguration configuration) {
            postProcessor.postProcess(result, configuration);
          }
        });
        return true;
      }
    }
    Diagnostics.debug("language level processor not found; validation stays on");
    return false;
  }

  /** JavaParser's anonymous processor that applies the level's post-processors and validator. */
  private static boolean isLanguageLevelProcessor(Processor p) {
    Class<?> c = p.getClass();
    if (!c.isAnonymousClass() || c.getEnclosingClass() != ParserConfiguration.class) {
      return false;
    }
    // Of ParserConfiguration's anonymous processors only this one reads getLanguageLevel(); the
    // others insert comments, fix line endings and set up lexical preservation.
    return c.getName().equals(LANGUAGE_LEVEL_PROCESSOR);
  }

  private static final String LANGUAGE_LEVEL_PROCESSOR = "com.github.javaparser.ParserConfiguration$2";

  /**
   * A configuration whose symbol solver sees the JDK, every classpath jar and folder, and the
   * analyzed source roots. The source-root solvers parse with this same configuration, so nodes
   * they hand back (a constant's initializer in another file) can be resolved in turn; they are
   * {@link SourceRootTypeSolver}s, which answer as JavaParser's source solver does within a small heap.
   */
  public static ParserConfiguration preciseConfiguration(List<Path> classpath, List<Path> sourceRoots) {
    return preciseConfiguration(classpath, sourceRoots, JarIndex.inMemory());
  }

  /**
   * {@code -Dinformerguard.lazyJars=false} opens every classpath jar up front, as JavaParser's
   * solver does; only for measuring what opening jars on demand saves (the findings are the same).
   */
  static final boolean LAZY_JARS = !"false".equals(System.getProperty("informerguard.lazyJars"));

  /** As {@link #preciseConfiguration(List, List)}; jars are opened when a name is looked up in one of their packages. */
  public static ParserConfiguration preciseConfiguration(List<Path> classpath, List<Path> sourceRoots, JarIndex jars) {
    ParserConfiguration config = lenientConfiguration();
    CombinedTypeSolver combined = new CombinedTypeSolver();
    combined.add(new ReflectionTypeSolver(true));
    for (Path root : sourceRoots) {
      combined.add(new SourceRootTypeSolver(root, config));
    }
    for (Path entry : classpath) {
      TypeSolver solver = classpathSolver(entry, jars);
      if (solver != null) {
        combined.add(solver);
      }
    }
    config.setSymbolResolver(new JavaSymbolSolver(combined));
    return config;
  }

  private static TypeSolver classpathSolver(Path entry, JarIndex jars) {
    try {
      if (Files.isDirectory(entry)) {
        return new ClassFolderTypeSolver(entry);
      }
      if (Files.isRegularFile(entry) && entry.toString().endsWith(".jar")) {
        if (!LAZY_JARS) {
          return new JarTypeSolver(entry);
        }
        // A jar that is not a readable zip is skipped, as JarTypeSolver's constructor would fail.
        return jars.contents(entry).<TypeSolver>map(c -> new LazyJarTypeSolver(entry, c)).orElse(null);
      }
    } catch (IOException | RuntimeException e) {
      Diagnostics.debug("classpath entry skipped: " + entry + ": " + e);
    }
    return null;
  }
}
