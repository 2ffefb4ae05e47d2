package io.github.informerguard.analyzer.resolve;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.TypePatternExpr;
import com.github.javaparser.ast.type.Type;
import io.github.informerguard.analyzer.api.VariableRef;
import com.github.javaparser.ParserConfiguration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Pattern variables resolve to their pattern in the scopes javac gives them, and nowhere else
 * (there the name falls through to a field of the same name, or stays unresolved).
 */
class PatternBindingsTest {

  private static final String SOURCE = """
      class C {
        Object k;
        void m(Object c, boolean b) {
          if (c instanceof String k) { then(k); } else { otherwise(k); }
          if (b && c instanceof String k && and(k)) { }
          if (!(c instanceof String k) || orNot(k)) { }
          Object x = c instanceof String k ? condThen(k) : condElse(k);
          if (!(c instanceof String k)) {
            return;
          }
          afterGuard(k);
        }
        void n(Object c) {
          if (!(c instanceof String k)) {
            System.out.println("not a string");
          }
          afterNonJump(k);
          while (!(c instanceof Integer k)) {
            c = 1;
          }
          afterLoop(k);
        }
        void s(Object o) {
          switch (o) {
            case String k when guard(k) -> caseBody(k);
            case Box(Integer k, var w) -> recordComponent(k);
            default -> fallback(k);
          }
        }
        record Box(Object a, Object b) {}
        boolean use(Object o) { return true; }
      }
      """;

  private final CompilationUnit unit = new JavaParser(
      new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_21)).parse(SOURCE).getResult()
      .orElseThrow();

  @Test
  void bindsWhereTheTestIsTrue() {
    assertThat(patternType("then")).contains("String");
    assertThat(patternType("and")).contains("String");
    assertThat(patternType("condThen")).contains("String");
    assertThat(patternType("orNot")).contains("String");
  }

  @Test
  void bindsAfterAnIfWhoseBranchCannotCompleteAndAfterALoop() {
    assertThat(patternType("afterGuard")).contains("String");
    assertThat(patternType("afterLoop")).contains("Integer");
  }

  @Test
  void bindsInCaseGuardsBodiesAndRecordComponents() {
    assertThat(patternType("guard")).contains("String");
    assertThat(patternType("caseBody")).contains("String");
    assertThat(patternType("recordComponent")).contains("Integer");
  }

  @Test
  void outsideItsScopeTheNameIsTheField() {
    for (String marker : new String[] {"otherwise", "condElse", "afterNonJump", "fallback"}) {
      VariableRef ref = refAt(marker).orElseThrow();
      assertThat(ref.kind()).as(marker).isEqualTo(VariableRef.Kind.FIELD);
    }
  }

  private Optional<String> patternType(String marker) {
    Optional<VariableRef> ref = refAt(marker);
    assertThat(ref).as(marker).isPresent();
    assertThat(ref.get().declaration()).as(marker).containsInstanceOf(TypePatternExpr.class);
    return Scopes.declaredType(ref.get()).map(Type::asString);
  }

  private Optional<VariableRef> refAt(String marker) {
    MethodCallExpr call = unit.findAll(MethodCallExpr.class).stream()
        .filter(m -> m.getNameAsString().equals(marker))
        .findFirst().orElseThrow(() -> new AssertionError("no use marked " + marker));
    return Scopes.lookup("k", call.getArgument(0));
  }
}
