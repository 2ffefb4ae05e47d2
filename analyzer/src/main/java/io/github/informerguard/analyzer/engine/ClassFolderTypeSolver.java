package io.github.informerguard.analyzer.engine;

import com.github.javaparser.resolution.declarations.ResolvedReferenceTypeDeclaration;
import com.github.javaparser.resolution.model.SymbolReference;
import com.github.javaparser.symbolsolver.resolution.typesolvers.ClassLoaderTypeSolver;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Resolves types from a folder of class files ({@code target/classes} of a sibling module).
 * Classes are loaded without initialisation; only names whose class file is in the folder are
 * answered, so the folder never shadows a jar.
 */
final class ClassFolderTypeSolver extends ClassLoaderTypeSolver {

  private final Path folder;

  ClassFolderTypeSolver(Path folder) {
    super(loader(folder));
    this.folder = folder;
  }

  private static ClassLoader loader(Path folder) {
    try {
      return new URLClassLoader(new URL[] {folder.toUri().toURL()}, ClassFolderTypeSolver.class.getClassLoader());
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException("not a usable class folder: " + folder, e);
    }
  }

  @Override
  public SymbolReference<ResolvedReferenceTypeDeclaration> tryToSolveType(String name) {
    if (!hasClassFile(name)) {
      return SymbolReference.unsolved();
    }
    return super.tryToSolveType(name);
  }

  private boolean hasClassFile(String name) {
    String path = name.replace('.', '/');
    // Nested classes: a.b.Outer.Inner is stored as a/b/Outer$Inner.class.
    while (true) {
      if (Files.isRegularFile(folder.resolve(path + ".class"))) {
        return true;
      }
      int slash = path.lastIndexOf('/');
      if (slash < 0) {
        return false;
      }
      path = path.substring(0, slash) + "$" + path.substring(slash + 1);
      if (!path.contains("/")) {
        return Files.isRegularFile(folder.resolve(path + ".class"));
      }
    }
  }
}
