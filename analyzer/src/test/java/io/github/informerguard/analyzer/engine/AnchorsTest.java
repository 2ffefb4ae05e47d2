package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.Range;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.MemberValuePair;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.WhileStmt;
import org.junit.jupiter.api.Test;

class AnchorsTest {

  private static final CompilationUnit UNIT = new JavaParser(Parsers.lenientConfiguration()).parse("""
      class A {
        @Deprecated(since = "1",
            forRemoval = true)
        void open(Object client, Object w) throws Exception {
          client.pods()
              .inNamespace("ns")
              .watch(w);
          Object inner = this.new Inner(1);
          try {
            while (!ready()) {
              Thread.sleep(10);
            }
          } catch (InterruptedException e) {
          }
        }
        class Inner { Inner(int i) {} }
      }
      """).getResult().orElseThrow();

  private static <T extends Node> T first(Class<T> type, java.util.function.Predicate<T> p) {
    return UNIT.findAll(type).stream().filter(p).findFirst().orElseThrow();
  }

  private static String at(Range r) {
    return r.begin.line + ":" + r.begin.column + "-" + r.end.line + ":" + r.end.column;
  }

  @Test
  void callOfAMultiLineChainIsAtTheCalledMethodsNameAndEndsWithTheChain() {
    MethodCallExpr watch = first(MethodCallExpr.class, c -> c.getNameAsString().equals("watch"));
    assertThat(at(Anchors.range(watch))).isEqualTo("7:10-7:17");
  }

  @Test
  void constructorCallIsAtNewEvenAfterAQualifier() {
    ObjectCreationExpr created = first(ObjectCreationExpr.class, c -> true);
    assertThat(at(Anchors.range(created))).isEqualTo("8:25-8:36");
  }

  @Test
  void catchClauseIsAtItsKeywordAndLoopAtItsKeyword() {
    assertThat(at(Anchors.range(first(CatchClause.class, c -> true)))).isEqualTo("13:7-14:5");
    assertThat(at(Anchors.range(first(WhileStmt.class, w -> true)))).isEqualTo("10:7-12:7");
  }

  @Test
  void methodDeclarationIsAtItsNameAndEndsWithItsBody() {
    MethodDeclaration open = first(MethodDeclaration.class, m -> m.getNameAsString().equals("open"));
    assertThat(at(Anchors.range(open))).isEqualTo("4:8-15:3");
  }

  @Test
  void annotationElementIsAtItsNameAndAnAnnotationAtItsName() {
    MemberValuePair forRemoval = first(MemberValuePair.class, p -> p.getNameAsString().equals("forRemoval"));
    assertThat(at(Anchors.range(forRemoval))).isEqualTo("3:7-3:23");
    assertThat(at(Anchors.range(first(NormalAnnotationExpr.class, a -> true)))).isEqualTo("2:4-3:24");
  }
}
