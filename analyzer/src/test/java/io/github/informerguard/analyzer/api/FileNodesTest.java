package io.github.informerguard.analyzer.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.stmt.CatchClause;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one walk of a file: what it hands out, in which order, and when a rule still walks on its own. */
class FileNodesTest {

  private static final String SOURCE = """
      class A {
        @Deprecated void f() { a(b(c())); try { d(); } catch (Exception e) { e(); } }
        @SuppressWarnings("x") class B { void g() { new Object() { void h() { i(); } }; } }
      }
      """;

  @Test
  void handsOutEachSubscribedKindInTheOrderOfFindAll() {
    CompilationUnit unit = StaticJavaParser.parse(SOURCE);
    List<MethodCallExpr> walked = unit.findAll(MethodCallExpr.class);
    List<AnnotationExpr> annotations = unit.findAll(AnnotationExpr.class);
    FileNodes.index(unit, List.of(MethodCallExpr.class, AnnotationExpr.class, CatchClause.class));
    long before = FileNodes.unsubscribedWalks() + FileNodes.otherUnitWalks();
    assertThat(FileNodes.of(unit, MethodCallExpr.class)).containsExactlyElementsOf(walked)
        .extracting(MethodCallExpr::getNameAsString).containsExactly("a", "b", "c", "d", "e", "i");
    // An abstract kind collects every subclass (marker, single-member, normal annotations).
    assertThat(FileNodes.of(unit, AnnotationExpr.class)).containsExactlyElementsOf(annotations).hasSize(2);
    assertThat(FileNodes.of(unit, CatchClause.class)).hasSize(1);
    assertThat(FileNodes.unsubscribedWalks() + FileNodes.otherUnitWalks()).isEqualTo(before);
  }

  @Test
  void aKindNobodySubscribedToCostsAWalkOfItsOwn() {
    CompilationUnit unit = StaticJavaParser.parse(SOURCE);
    FileNodes.index(unit, List.of(MethodCallExpr.class));
    long unsubscribed = FileNodes.unsubscribedWalks();
    long other = FileNodes.otherUnitWalks();
    assertThat(FileNodes.of(unit, CatchClause.class)).hasSize(1);
    assertThat(FileNodes.unsubscribedWalks()).isEqualTo(unsubscribed + 1);
    FileNodes.release(unit);
    assertThat(FileNodes.of(unit, MethodCallExpr.class)).hasSize(6);
    assertThat(FileNodes.otherUnitWalks()).isEqualTo(other + 1);
  }
}
