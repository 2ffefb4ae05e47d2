package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.VariableDeclarator;
import org.junit.jupiter.api.Test;

class ParsersTest {

  @Test
  void findsAndReplacesTheLanguageLevelProcessor() {
    // Guards the JavaParser upgrade path: if this fails, the processor moved and validation is back on.
    assertThat(Parsers.withoutLanguageLevelValidation(new ParserConfiguration().setLanguageLevel(Parsers.LANGUAGE_LEVEL))).isTrue();
  }

  @Test
  void keepsTheLevelsPostProcessingAndModernSyntax() {
    ParseResult<CompilationUnit> r = new JavaParser(Parsers.lenientConfiguration()).parse("""
        sealed interface S permits R {}
        record R(int x) implements S {
          int f(Object o) {
            var y = 1;
            return switch (o) {
              case R r when r.x() > 0 -> { yield r.x(); }
              default -> y;
            };
          }
        }
        """);
    assertThat(r.isSuccessful()).as(r.getProblems().toString()).isTrue();
    VariableDeclarator y = r.getResult().orElseThrow().findFirst(VariableDeclarator.class).orElseThrow();
    assertThat(y.getType().isVarType()).as("var is a VarType, as the JAVA_10+ post-processor makes it").isTrue();
  }

  @Test
  void positionsAreTheSameForEveryLineSeparatorWithoutLineEndingDetection() {
    // Findings report lines and columns; the detection that is switched off must not have been
    // what made CRLF and CR files count lines right.
    for (String eol : new String[] {"\n", "\r\n", "\r"}) {
      String source = String.join(eol, "class A {", "  // note", "  void m() {", "    x.watch(w);", "  }", "}", "");
      CompilationUnit unit = new JavaParser(Parsers.lenientConfiguration()).parse(source).getResult().orElseThrow();
      com.github.javaparser.Position begin = unit.findFirst(com.github.javaparser.ast.expr.MethodCallExpr.class)
          .orElseThrow().getName().getBegin().orElseThrow();
      assertThat(begin.line).as("line with %s", eol.replace("\r", "CR").replace("\n", "LF")).isEqualTo(4);
      assertThat(begin.column).isEqualTo(7);
    }
    assertThat(Parsers.lenientConfiguration().isDetectOriginalLineSeparator()).isFalse();
  }

  @Test
  void syntaxErrorsAreStillProblems() {
    ParseResult<CompilationUnit> r = new JavaParser(Parsers.lenientConfiguration()).parse("class A { void m( { }");
    assertThat(r.isSuccessful()).isFalse();
  }
}
