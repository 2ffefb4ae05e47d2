package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.catalog.LifecycleApis;
import io.github.informerguard.analyzer.resolve.Expressions;
import java.util.List;
import java.util.Optional;

/**
 * The stop side of the fabric8 new-factory trap: {@code client.informers().stopAllRegisteredInformers()}
 * stops a new, empty factory, not the one the class started. When every factory stop the class names
 * is of that kind, the class meant to stop its factory and stops none: the started factory runs on. A
 * class with any other stop (a call on a held factory, a method reference, a destroy method given as
 * text) may stop the right one, and is left to the rest of the rule.
 */
final class MisdirectedStops {

  private MisdirectedStops() {}

  /**
   * The fresh-factory stops of the class that starts at {@code start} ("line 330"), when they are its
   * only factory stops (its nested classes included).
   */
  static Optional<String> onlyFreshStops(RuleContext ctx, Node start) {
    Optional<TypeDeclaration<?>> owner = start.findAncestor(TypeDeclaration.class).map(t -> (TypeDeclaration<?>) t);
    if (owner.isEmpty()) {
      return Optional.empty();
    }
    List<MethodCallExpr> stops = owner.get().findAll(MethodCallExpr.class).stream()
        .filter(c -> LifecycleApis.FACTORY_STOPS.contains(c.getNameAsString()) && c.getScope().isPresent())
        .toList();
    if (stops.isEmpty() || stops.stream().anyMatch(c -> !InformerNeverStopped.isFreshFabric8Factory(ctx,
        Expressions.withoutParenthesesAndCasts(c.getScope().get())))) {
      return Optional.empty();
    }
    boolean otherStop = owner.get().findAll(MethodReferenceExpr.class).stream()
            .anyMatch(r -> LifecycleApis.FACTORY_STOPS.contains(r.getIdentifier()))
        || owner.get().findAll(StringLiteralExpr.class).stream()
            .anyMatch(s -> LifecycleApis.FACTORY_STOPS.contains(s.getValue()));
    if (otherStop) {
      return Optional.empty();
    }
    return Optional.of((stops.size() == 1 ? "line " : "lines ") + String.join(", ",
        stops.stream().map(c -> String.valueOf(c.getName().getBegin().map(p -> p.line).orElse(0))).toList()));
  }
}
