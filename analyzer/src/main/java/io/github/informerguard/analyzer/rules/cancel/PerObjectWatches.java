package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.WatchApis;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.Optional;

/**
 * A discarded fabric8 watch on one object named by a per-call value ({@code client.pods().withName(podName)
 * .watch(w)} with {@code podName} a local or parameter) of a client held in a field: closing that client in
 * the component's own close() is what otherwise excuses a dropped handle, but it ends these watches only
 * when the whole component goes, while each call (an agent started, a job submitted) opens one more for an
 * object whose own lifetime ends long before. A watch of the component's own object (a name from a field
 * or a constant) lives as long as the component and stays excused.
 */
final class PerObjectWatches {

  private PerObjectWatches() {}

  /** The per-call name the dropped watch is scoped to, when it is one. */
  static Optional<String> perCallName(MethodCallExpr watch) {
    Node carried = Expressions.carrying(watch);
    if (!(carried.getParentNode().orElse(null) instanceof ExpressionStmt)) {
      return Optional.empty();
    }
    Optional<String> name = Optional.empty();
    Expression e = watch.getScope().orElse(null);
    while (e instanceof MethodCallExpr m) {
      if (m.getNameAsString().equals(WatchApis.F8_WITH_NAME) && m.getArguments().size() == 1
          && Expressions.withoutParenthesesAndCasts(m.getArgument(0)) instanceof NameExpr n
          && Scopes.lookup(n.getNameAsString(), n).filter(r -> r.kind() != VariableRef.Kind.FIELD).isPresent()) {
        name = Optional.of(n.getNameAsString());
      }
      e = m.getScope().map(Expressions::withoutParenthesesAndCasts).orElse(null);
    }
    return name.isPresent() && clientField(e) ? name : Optional.empty();
  }

  /** The chain's root is a field of the class ({@code client} or {@code this.client}). */
  private static boolean clientField(Expression root) {
    if (root instanceof NameExpr n) {
      return Scopes.lookup(n.getNameAsString(), n).filter(r -> r.kind() == VariableRef.Kind.FIELD).isPresent();
    }
    return root instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr;
  }
}
