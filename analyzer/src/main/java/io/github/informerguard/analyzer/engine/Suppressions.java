package io.github.informerguard.analyzer.engine;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MemberValuePair;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.SingleMemberAnnotationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithAnnotations;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code @SuppressWarnings("informer-guard:RuleId")} on a declaration silences that rule inside
 * it; {@code @SuppressWarnings("informer-guard")} silences all rules.
 */
public final class Suppressions {

  public static final String PREFIX = "informer-guard";

  private Suppressions() {}

  public static boolean isSuppressed(Node node, String ruleId) {
    Optional<Node> current = Optional.of(node);
    while (current.isPresent()) {
      if (current.get() instanceof NodeWithAnnotations<?> annotated) {
        for (AnnotationExpr a : annotated.getAnnotations()) {
          if (isSuppressWarnings(a) && values(a).stream().anyMatch(v -> v.equals(PREFIX) || v.equals(PREFIX + ":" + ruleId))) {
            return true;
          }
        }
      }
      current = current.get().getParentNode();
    }
    return false;
  }

  private static boolean isSuppressWarnings(AnnotationExpr a) {
    String name = a.getNameAsString();
    return name.equals("SuppressWarnings") || name.equals("java.lang.SuppressWarnings");
  }

  private static List<String> values(AnnotationExpr a) {
    List<String> out = new ArrayList<>();
    if (a instanceof SingleMemberAnnotationExpr s) {
      collect(s.getMemberValue(), out);
    } else if (a instanceof NormalAnnotationExpr n) {
      for (MemberValuePair p : n.getPairs()) {
        if (p.getNameAsString().equals("value")) {
          collect(p.getValue(), out);
        }
      }
    }
    return out;
  }

  private static void collect(Expression e, List<String> out) {
    if (e instanceof StringLiteralExpr s) {
      out.add(s.getValue().trim());
    } else if (e instanceof ArrayInitializerExpr arr) {
      arr.getValues().forEach(v -> collect(v, out));
    }
  }
}
