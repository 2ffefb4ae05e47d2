package io.github.informerguard.analyzer.engine;

import com.github.javaparser.JavaToken;
import com.github.javaparser.Position;
import com.github.javaparser.Range;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.MemberValuePair;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import java.util.Optional;

/**
 * Where a finding on a node is shown: at the offending name, as javac and SonarJava report, so
 * that the line of a multi-line chain is the line of the call that matters (DESIGN.md, CLI). The
 * region still ends where the whole node ends.
 */
public final class Anchors {

  private static final Position START = new Position(1, 1);

  private Anchors() {}

  /** The reported range: begins at the node's name (see {@link #anchor}), ends with the node. */
  public static Range range(Node node) {
    Optional<Range> whole = node.getRange();
    Position end = whole.map(r -> r.end).orElse(START);
    Position begin = anchor(node).flatMap(Node::getBegin)
        .or(() -> newKeyword(node))
        .or(() -> whole.map(r -> r.begin))
        .orElse(START);
    return new Range(begin, end.isBefore(begin) ? begin : end);
  }

  /**
   * The name that stands for the node: a call's method name, a declaration's name, an
   * annotation element's name, an annotation's name. A constructor call is shown at {@code new},
   * which {@link #newKeyword} finds even after a qualifier ({@code outer.new Inner()}); any other
   * node (a {@code catch} clause, a loop, a lambda) already begins at its keyword or itself.
   */
  private static Optional<Node> anchor(Node node) {
    if (node instanceof MethodCallExpr call) {
      return Optional.of(call.getName());
    }
    if (node instanceof CallableDeclaration<?> declaration) {
      return Optional.of(declaration.getName());
    }
    if (node instanceof MemberValuePair pair) {
      return Optional.of(pair.getName());
    }
    if (node instanceof AnnotationExpr annotation) {
      return Optional.of(annotation.getName());
    }
    return Optional.empty();
  }

  private static Optional<Position> newKeyword(Node node) {
    if (!(node instanceof ObjectCreationExpr created) || created.getScope().isEmpty()) {
      return Optional.empty();
    }
    return created.getTokenRange().flatMap(tokens -> {
      for (JavaToken t : tokens) {
        if (t.getText().equals("new")) {
          return t.getRange().map(r -> r.begin);
        }
      }
      return Optional.empty();
    });
  }
}
