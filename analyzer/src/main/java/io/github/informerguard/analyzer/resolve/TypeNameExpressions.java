package io.github.informerguard.analyzer.resolve;

import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.NameExpr;
import io.github.informerguard.analyzer.api.TypeFacts;
import java.util.Optional;

/**
 * Whether an expression in a call's scope is a type name ({@code Watch.createWatch(..)},
 * {@code io.kubernetes.client.util.Watch.createWatch(..)}) rather than a variable that happens
 * to be named like one: the one home of that question for the catalog's static-call matchers and
 * the rules.
 */
public final class TypeNameExpressions {

  private TypeNameExpressions() {}

  /** Whether {@code scope} is a type name that denotes {@code qualified} where it is written. */
  public static boolean denotes(Expression scope, String qualified, TypeFacts types) {
    return denoted(scope, types).filter(qualified::equals).isPresent();
  }

  /** The qualified name of the type {@code scope} names where it is written, when it is a type name. */
  public static Optional<String> denoted(Expression scope, TypeFacts types) {
    if (scope instanceof NameExpr n) {
      return Scopes.lookup(n.getNameAsString(), n).isPresent() ? Optional.empty() : types.typeName(n.getNameAsString(), n);
    }
    return scope instanceof FieldAccessExpr f ? types.typeName(f.toString(), f) : Optional.empty();
  }
}
