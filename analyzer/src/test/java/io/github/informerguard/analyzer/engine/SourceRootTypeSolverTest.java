package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.resolution.declarations.ResolvedReferenceTypeDeclaration;
import com.github.javaparser.resolution.model.SymbolReference;
import com.github.javaparser.symbolsolver.JavaSymbolSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.CombinedTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.ReflectionTypeSolver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The source-root solver finds what JavaParser's source solver finds (a type in its own file, a
 * nested type, a second top-level type in a file named otherwise, a module's exported type) and
 * parses only files that can declare the name asked for: a miss in a package of many files parses
 * none of them (JavaParser's solver parsed them all and held their trees at once).
 */
class SourceRootTypeSolverTest {

  @TempDir Path root;

  private SourceRootTypeSolver solver() {
    ParserConfiguration config = Parsers.lenientConfiguration();
    SourceRootTypeSolver solver = new SourceRootTypeSolver(root, config);
    CombinedTypeSolver combined = new CombinedTypeSolver(new ReflectionTypeSolver(true), solver);
    config.setSymbolResolver(new JavaSymbolSolver(combined));
    return solver;
  }

  private void write(String path, String text) throws Exception {
    Path file = root.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  private static String qualified(SymbolReference<ResolvedReferenceTypeDeclaration> ref) {
    return ref.isSolved() ? ref.getCorrespondingDeclaration().getQualifiedName() : "unsolved";
  }

  @Test
  void findsTypesInTheirFilesNestedTypesAndSecondTopLevelTypes() throws Exception {
    write("a/b/Outer.java", "package a.b; public class Outer { public static class Inner { interface Deep {} } }");
    write("a/b/Helpers.java", "package a.b; class Helpers {} /* a comment */ final class PackagePrivate {}");
    for (int i = 0; i < 20; i++) {
      write("a/b/Model" + i + ".java", "package a.b; public class Model" + i + " { Outer o; }");
    }
    SourceRootTypeSolver solver = solver();
    assertThat(qualified(solver.tryToSolveType("a.b.Outer"))).isEqualTo("a.b.Outer");
    assertThat(qualified(solver.tryToSolveType("a.b.Outer.Inner.Deep"))).isEqualTo("a.b.Outer.Inner.Deep");
    assertThat(qualified(solver.tryToSolveType("a.b.PackagePrivate"))).isEqualTo("a.b.PackagePrivate");
    assertThat(solver.parses()).isEqualTo(2);
    // Names that no file of the package declares (asked for by every simple name the solver
    // tries in the current package) parse nothing more.
    for (String miss : List.of("a.b.Watcher", "a.b.Outer.Missing", "a.c.Outer", "Outer", "a.b.Model3.Nested")) {
      assertThat(solver.tryToSolveType(miss).isSolved()).as(miss).isFalse();
    }
    assertThat(solver.parses()).isEqualTo(3); // Model3.java, for its nested type
  }

  @Test
  void findsATypeOfAModuleThroughItsExportedPackages() throws Exception {
    write("module-info.java", "module my.mod { exports a.api; }");
    write("a/api/Client.java", "package a.api; public interface Client {}");
    SourceRootTypeSolver solver = solver();
    assertThat(qualified(solver.tryToSolveTypeInModule("my.mod", "Client"))).isEqualTo("a.api.Client");
    assertThat(solver.tryToSolveTypeInModule("other.mod", "Client").isSolved()).isFalse();
  }
}
