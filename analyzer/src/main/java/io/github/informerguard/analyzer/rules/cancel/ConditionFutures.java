package io.github.informerguard.analyzer.rules.cancel;

import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_INFORMABLE;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.Optional;
import java.util.Set;

/**
 * fabric8's {@code informOnCondition(predicate)} starts an informer and stops it only when the
 * future it returns completes (the condition is met, or the caller cancels or completes it). A
 * timed {@code get(amount, unit)} that times out completes nothing, so the informer keeps watching.
 * Reported: the timed get chained on the call (no one can cancel a future no one kept), or a local
 * future waited with a timed get and never cancelled, completed or handed on in the method. Not
 * reported: a future that is cancelled, completed or given a timeout of its own
 * ({@code orTimeout}, {@code completeOnTimeout}), passed to other code, returned or stored, or
 * waited without a timeout.
 */
final class ConditionFutures {

  static final String INFORM_ON_CONDITION = "informOnCondition";

  /** CompletableFuture methods that complete the future (and so stop the informer) or give it a deadline. */
  private static final Set<String> COMPLETERS = Set.of("cancel", "complete", "completeExceptionally", "orTimeout",
      "completeOnTimeout", "obtrudeValue", "obtrudeException");

  private static final String GET = "get";

  private ConditionFutures() {}

  static void check(RuleContext ctx) {
    for (MethodCallExpr call : ctx.nodes(MethodCallExpr.class)) {
      if (call.getNameAsString().equals(INFORM_ON_CONDITION) && call.getArguments().size() == 1
          && call.getScope().filter(s -> ctx.types().isA(s, Set.of(F8_INFORMABLE)).isYes()).isPresent()) {
        timedWaitOnly(call).ifPresent(held -> LifecycleMessages.conditionInformerLeftOnTimeout(held).report(ctx, call));
      }
    }
  }

  /** "" for a timed get chained on the call, the local's name for a local only waited with one; empty otherwise. */
  private static Optional<String> timedWaitOnly(MethodCallExpr informOnCondition) {
    Node child = Expressions.carrying(informOnCondition);
    Node parent = child.getParentNode().orElse(null);
    if (parent instanceof MethodCallExpr get && isTimedGetOn(get, child)) {
      return Optional.of("");
    }
    if (!(parent instanceof VariableDeclarator d) || d.getInitializer().filter(i -> i == child).isEmpty()) {
      return Optional.empty();
    }
    boolean timedGet = false;
    for (NameExpr use : Scopes.enclosingBody(d).findAll(NameExpr.class)) {
      if (!use.getNameAsString().equals(d.getNameAsString()) || !Scopes.refersTo(use, d)) {
        continue;
      }
      Node p = use.getParentNode().orElse(null);
      if (!(p instanceof MethodCallExpr m && m.getScope().filter(s -> s == use).isPresent())) {
        return Optional.empty(); // handed on, returned, stored or compared: someone else may complete it
      }
      if (COMPLETERS.contains(m.getNameAsString())) {
        return Optional.empty();
      }
      timedGet |= isTimedGetOn(m, use);
    }
    return timedGet ? Optional.of(d.getNameAsString()) : Optional.empty();
  }

  private static boolean isTimedGetOn(MethodCallExpr get, Node future) {
    return get.getNameAsString().equals(GET) && get.getArguments().size() == 2
        && get.getScope().filter(s -> s == future).isPresent();
  }
}
