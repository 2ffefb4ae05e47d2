package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import io.github.informerguard.analyzer.catalog.LifecycleApis;
import io.github.informerguard.analyzer.catalog.WatchApis;
import io.github.informerguard.analyzer.resolve.Expressions;
import java.util.Optional;

/**
 * A client-java watch closed from inside its own event loop: the body of {@code watch.forEach(e -> ...)}
 * or {@code forEachRemaining}, of {@code for (Response<T> e : watch)}, or of {@code while (watch.hasNext())}.
 * Such a close runs only when one more event arrives (typically after checking for an interrupt); when the
 * stream fails ({@code hasNext()}/{@code next()} wrap the {@code IOException} in a {@code RuntimeException})
 * or ends, the loop is left and that close never runs. It is a close on the normal path at best, so it
 * does not release a field either.
 */
final class OwnLoopCloses {

  private static final String HAS_NEXT = "hasNext";

  private OwnLoopCloses() {}

  /**
   * Whether {@code release} (a {@code close()} call) runs inside an event loop over the very handle it
   * closes, before leaving {@code region}.
   */
  static boolean insideOwnLoop(MethodCallExpr release, Node region) {
    Optional<String> closed = release.getScope().flatMap(OwnLoopCloses::variableName);
    if (closed.isEmpty()) {
      return false;
    }
    Node child = release;
    for (Node p = release.getParentNode().orElse(null); p != null && child != region; p = p.getParentNode().orElse(null)) {
      final Node c = child;
      if (p instanceof LambdaExpr l && l.getParentNode().orElse(null) instanceof MethodCallExpr each
          && WatchApis.K8S_EACH_EVENT.contains(each.getNameAsString()) && each.getArguments().size() == 1
          && each.getScope().flatMap(OwnLoopCloses::variableName).equals(closed)) {
        return true;
      }
      if (p instanceof ForEachStmt fe && fe.getBody() == c && variableName(fe.getIterable()).equals(closed)) {
        return true;
      }
      if (p instanceof WhileStmt w && w.getBody() == c
          && Expressions.withoutParenthesesAndCasts(w.getCondition()) instanceof MethodCallExpr cond
          && cond.getNameAsString().equals(HAS_NEXT) && cond.getArguments().isEmpty()
          && cond.getScope().flatMap(OwnLoopCloses::variableName).equals(closed)) {
        return true;
      }
      child = p;
    }
    return false;
  }

  /**
   * Whether some {@code close()} of {@code holder} in the class around {@code opened} runs inside the
   * holder's own event loop: what the finding's message then names.
   */
  static boolean closedInOwnLoop(Node opened, String holder) {
    Optional<TypeDeclaration> type = opened.findAncestor(TypeDeclaration.class);
    if (type.isEmpty()) {
      return false;
    }
    for (MethodCallExpr m : type.get().findAll(MethodCallExpr.class)) {
      if (LifecycleApis.WATCH_CLOSES.contains(m.getNameAsString()) && m.getArguments().isEmpty()
          && m.getScope().flatMap(OwnLoopCloses::variableName).filter(holder::equals).isPresent()
          && insideOwnLoop(m, type.get())) {
        return true;
      }
    }
    return false;
  }

  /** {@code watch} or {@code this.watch}: the name of the variable, or empty for anything else. */
  private static Optional<String> variableName(Expression e) {
    Expression x = Expressions.withoutParenthesesAndCasts(e);
    if (x instanceof NameExpr n) {
      return Optional.of(n.getNameAsString());
    }
    return x instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr ? Optional.of(f.getNameAsString())
        : Optional.empty();
  }
}
