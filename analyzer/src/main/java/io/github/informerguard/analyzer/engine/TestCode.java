package io.github.informerguard.analyzer.engine;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.AnnotationExpr;
import io.github.informerguard.analyzer.api.FileNodes;
import java.util.List;
import java.util.Set;

/**
 * Which files are test code (DESIGN.md "Test code"): files under a test source root and files
 * whose classes use JUnit, TestNG or AssertJ. Unless the policy says {@code testSources: report},
 * no rule runs on them: a unit test's never-started informer or a sleep in a test helper is
 * true but harmless, and users count it against the tool.
 */
final class TestCode {

  /** The folders below {@code src} that Maven and Gradle use for test sources. */
  private static final List<String> TEST_ROOTS = List.of("test", "it", "testFixtures");

  /** Packages of the test frameworks; {@code junit.framework} is JUnit 3. */
  private static final List<String> FRAMEWORK_PACKAGES =
      List.of("org.junit.", "junit.framework.", "org.testng.", "org.assertj.");

  /** The node kinds {@link #usesTestFramework} reads, collected in the engine's one walk. */
  static final Set<Class<? extends Node>> NODES_TO_VISIT = Set.of(AnnotationExpr.class);

  private TestCode() {}

  /**
   * Whether the path (as reports show it: relative to the working directory when under it, with
   * '/') has a {@code src/test/}, {@code src/it/} or {@code src/testFixtures/} segment pair.
   * Folders above the working directory do not count, so a checkout under {@code ~/src/test/} is
   * not all test code.
   */
  static boolean underTestRoot(String shownPath) {
    String[] segments = shownPath.split("/");
    for (int i = 0; i + 2 < segments.length; i++) {
      if (segments[i].equals("src") && TEST_ROOTS.contains(segments[i + 1])) {
        return true;
      }
    }
    return false;
  }

  /** Whether the file imports, or names by its qualified name, a JUnit, TestNG or AssertJ type. */
  static boolean usesTestFramework(CompilationUnit unit) {
    for (ImportDeclaration i : unit.getImports()) {
      if (isFrameworkName(i.getNameAsString() + ".")) {
        return true;
      }
    }
    for (AnnotationExpr a : FileNodes.of(unit, AnnotationExpr.class)) {
      if (isFrameworkName(a.getNameAsString())) {
        return true; // @org.junit.jupiter.api.Test without an import
      }
    }
    return false;
  }

  private static boolean isFrameworkName(String name) {
    return FRAMEWORK_PACKAGES.stream().anyMatch(name::startsWith);
  }
}
