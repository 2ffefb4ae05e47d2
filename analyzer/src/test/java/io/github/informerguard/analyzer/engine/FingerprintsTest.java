package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.expr.MethodCallExpr;
import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.Severity;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class FingerprintsTest {

  private static final String OP = """
      package p;

      class Op {
        void start(Client client, Handler h) {
          client.pods().inform(h, 30_000);
        }

        void other(Client client, Handler h) {
          client.pods().inform(h, 30_000);
        }
      }
      """;

  private static String informIn(String source, String method, Path file) {
    CompilationUnit unit = new JavaParser(Parsers.lenientConfiguration()).parse(source).getResult().orElseThrow();
    MethodCallExpr call = unit.findAll(MethodCallExpr.class).stream()
        .filter(c -> c.getNameAsString().equals("inform"))
        .filter(c -> c.findAncestor(com.github.javaparser.ast.body.MethodDeclaration.class).orElseThrow()
            .getNameAsString().equals(method))
        .findFirst().orElseThrow();
    return Fingerprints.of("ShortResyncPeriod", file, call);
  }

  @Test
  void survivesLinesAddedAboveReformattingCommentsAndAnotherCheckoutFolder() {
    String before = informIn(OP, "start", Path.of("/a/src/main/java/p/Op.java"));
    String moved = OP.replace("class Op {", "import java.util.List;\n\n// a comment\nclass Op {\n  int added;\n")
        .replace("client.pods().inform(h, 30_000);\n    }\n\n  void other",
            "client.pods()\n        .inform(h, /* thirty seconds */ 30_000);\n    }\n\n  void other");
    assertThat(informIn(moved, "start", Path.of("/elsewhere/module/src/main/java/p/Op.java"))).isEqualTo(before);
  }

  @Test
  void changesWithTheMemberTheRuleOrTheOffendingText() {
    String start = informIn(OP, "start", Path.of("p/Op.java"));
    assertThat(informIn(OP, "other", Path.of("p/Op.java"))).isNotEqualTo(start);
    assertThat(informIn(OP.replace("30_000", "20_000"), "start", Path.of("p/Op.java"))).isNotEqualTo(start);
    assertThat(informIn(OP.replace("package p;", "package q;"), "start", Path.of("q/Op.java"))).isNotEqualTo(start);
    assertThat(informIn(OP.replace("Handler h) {\n    client.pods().inform(h, 30_000);\n  }\n\n  void other",
        "Object h) {\n    client.pods().inform(h, 30_000);\n  }\n\n  void other"), "start", Path.of("p/Op.java")))
        .as("the member is named with its parameter types").isNotEqualTo(start);
  }

  @Test
  void identicalFindingsInOneMemberAreNumberedInOrder() {
    Path file = Path.of("/p/Op.java");
    Finding first = new Finding("R", Severity.WARNING, file, 5, 1, 5, 9, "m", "", "abc");
    Finding second = new Finding("R", Severity.WARNING, file, 9, 1, 9, 9, "m", "", "abc");
    Finding alone = new Finding("R", Severity.WARNING, file, 7, 1, 7, 9, "m", "", "def");
    assertThat(Fingerprints.disambiguate(List.of(second, alone, first)).stream().map(Finding::fingerprint))
        .containsExactly("abc", "def", "abc-2");
  }
}
