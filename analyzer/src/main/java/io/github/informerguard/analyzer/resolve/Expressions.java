package io.github.informerguard.analyzer.resolve;

import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import java.util.Optional;

/** Small expression helpers shared by rules. */
public final class Expressions {

  private Expressions() {}

  /** The expression inside any parentheses: {@code ((x))} is {@code x}. */
  public static Expression withoutParentheses(Expression e) {
    Expression x = e;
    while (x instanceof EnclosedExpr en) {
      x = en.getInner();
    }
    return x;
  }

  /**
   * The outermost expression whose value is {@code e}'s: through parentheses, casts and the branches of
   * a conditional ({@code return ns != null ? a.watch(w) : b.watch(w)}: either call is the conditional's
   * value). Its parent is where the value goes.
   */
  public static com.github.javaparser.ast.Node carrying(com.github.javaparser.ast.Node e) {
    com.github.javaparser.ast.Node child = e;
    com.github.javaparser.ast.Node parent = child.getParentNode().orElse(null);
    while (parent instanceof EnclosedExpr || parent instanceof CastExpr
        || parent instanceof com.github.javaparser.ast.expr.ConditionalExpr c && c.getCondition() != child) {
      child = parent;
      parent = parent.getParentNode().orElse(null);
    }
    return child;
  }

  /** The expression inside parentheses and casts: {@code ((Watch) (x))} is {@code x}, for following a value. */
  public static Expression withoutParenthesesAndCasts(Expression e) {
    Expression x = e;
    while (true) {
      if (x instanceof EnclosedExpr en) {
        x = en.getInner();
      } else if (x instanceof CastExpr c) {
        x = c.getExpression();
      } else {
        return x;
      }
    }
  }

  /**
   * The variable {@code e} names, through parentheses and casts: {@code x} for {@code x} or
   * {@code this.x}; empty for anything else (a call, another object's field).
   */
  public static Optional<String> variableName(Expression e) {
    Expression x = withoutParenthesesAndCasts(e);
    if (x instanceof NameExpr n) {
      return Optional.of(n.getNameAsString());
    }
    if (x instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) {
      return Optional.of(f.getNameAsString());
    }
    return Optional.empty();
  }
}
