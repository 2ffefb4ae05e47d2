package io.github.informerguard.analyzer.resolve;

import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;

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
}
