package io.github.informerguard.analyzer.engine;

import com.github.javaparser.resolution.TypeSolver;
import com.github.javaparser.resolution.declarations.ResolvedReferenceTypeDeclaration;
import com.github.javaparser.resolution.model.SymbolReference;
import com.github.javaparser.symbolsolver.resolution.typesolvers.JarTypeSolver;
import io.github.informerguard.analyzer.resolve.Diagnostics;
import io.github.informerguard.analyzer.resolve.JarContents;
import java.io.IOException;
import java.nio.file.Path;

/**
 * JavaParser's {@link JarTypeSolver} for one classpath jar, opened only when a name is looked up
 * in a package the jar has ({@link JarContents}): of the ~100 jars of an operator's classpath a
 * run needs a handful, and opening one reads its whole central directory twice (the solver's
 * own index and javassist's). Every answer is the opened solver's, so findings do not change.
 *
 * <p>Thread-safe: the solver is opened once, under this object's lock.
 */
final class LazyJarTypeSolver implements TypeSolver {

  private final Path jar;
  private final JarContents contents;
  private TypeSolver parent;
  /** Guarded by this; null until a lookup needs the jar. */
  private JarTypeSolver opened;
  /** Guarded by this; the jar could not be opened, so it answers nothing (as a skipped entry). */
  private boolean unusable;

  LazyJarTypeSolver(Path jar, JarContents contents) {
    this.jar = jar;
    this.contents = contents;
  }

  @Override
  public SymbolReference<ResolvedReferenceTypeDeclaration> tryToSolveType(String name) {
    if (!contents.mayHoldType(name)) {
      return SymbolReference.unsolved();
    }
    JarTypeSolver solver = open();
    return solver == null ? SymbolReference.unsolved() : solver.tryToSolveType(name);
  }

  @Override
  public SymbolReference<ResolvedReferenceTypeDeclaration> tryToSolveTypeInModule(String module, String name) {
    // The jar solver answers module lookups from the jar's module-info only.
    if (!contents.hasModuleInfo()) {
      return SymbolReference.unsolved();
    }
    JarTypeSolver solver = open();
    return solver == null ? SymbolReference.unsolved() : solver.tryToSolveTypeInModule(module, name);
  }

  /** Whether the jar has been opened (for tests: the point is that most are not). */
  synchronized boolean isOpened() {
    return opened != null;
  }

  private synchronized JarTypeSolver open() {
    if (opened == null && !unusable) {
      try {
        opened = new JarTypeSolver(jar);
        if (parent != null) {
          opened.setParent(parent);
        }
      } catch (IOException | RuntimeException e) {
        Diagnostics.debug("classpath entry skipped: " + jar + ": " + e);
        unusable = true;
      }
    }
    return opened;
  }

  @Override
  public synchronized TypeSolver getParent() {
    return parent;
  }

  @Override
  public synchronized void setParent(TypeSolver parent) {
    if (this.parent != null) {
      throw new IllegalStateException("This TypeSolver already has a parent.");
    }
    if (parent == this) {
      throw new IllegalStateException("The parent of this TypeSolver cannot be itself.");
    }
    this.parent = parent;
    if (opened != null) {
      opened.setParent(parent);
    }
  }
}
