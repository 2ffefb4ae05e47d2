package io.github.informerguard.analyzer.rules.cancel;

import static io.github.informerguard.analyzer.catalog.ApiTypes.K8S_CONTROLLER_BUILDER;
import static io.github.informerguard.analyzer.catalog.ApiTypes.K8S_CONTROLLER_MANAGER;
import static io.github.informerguard.analyzer.catalog.ApiTypes.K8S_CONTROLLER_MANAGER_BUILDER;

import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.resolve.Expressions;
import java.util.Set;

/**
 * A client-java ControllerManager run in the chain that builds it ({@code builder.build().run()},
 * {@code new ControllerManager(factory, c).run()}): run() starts every informer of the manager's
 * factory and only the manager's shutdown() stops them, which nothing can call on a manager no one
 * kept. A manager held in a variable or field, returned as a bean, or handed to an executor is left
 * to its owner: its shutdown() may be called (Spring infers it as a @Bean's destroy method).
 */
final class DiscardedManagers {

  private static final String RUN = "run";
  private static final String BUILD = "build";
  /** ControllerManagerBuilder methods that return the same builder. */
  private static final Set<String> BUILDER_FLUENT = Set.of("addController");
  /** The static ControllerBuilder method that makes a manager builder. */
  private static final String MANAGER_BUILDER = "controllerManagerBuilder";

  private DiscardedManagers() {}

  static void check(RuleContext ctx) {
    for (MethodCallExpr call : ctx.nodes(MethodCallExpr.class)) {
      if (call.getNameAsString().equals(RUN) && call.getArguments().isEmpty() && call.getScope().isPresent()
          && isManagerCreation(ctx, Expressions.withoutParenthesesAndCasts(call.getScope().get()))) {
        LifecycleMessages.managerDiscarded().report(ctx, call);
      }
    }
  }

  private static boolean isManagerCreation(RuleContext ctx, Expression e) {
    if (e instanceof ObjectCreationExpr o) {
      return o.getAnonymousClassBody().isEmpty() && ctx.types().isA(o.getType(), Set.of(K8S_CONTROLLER_MANAGER)).isYes();
    }
    return e instanceof MethodCallExpr m && m.getNameAsString().equals(BUILD) && m.getArguments().isEmpty()
        && m.getScope().isPresent() && isManagerBuilder(ctx, Expressions.withoutParenthesesAndCasts(m.getScope().get()));
  }

  /** A ControllerManagerBuilder: a variable of that type, ControllerBuilder.controllerManagerBuilder(..), or a fluent call on one. */
  private static boolean isManagerBuilder(RuleContext ctx, Expression e) {
    if (e instanceof MethodCallExpr m && m.getScope().isPresent()) {
      Expression scope = Expressions.withoutParenthesesAndCasts(m.getScope().get());
      if (BUILDER_FLUENT.contains(m.getNameAsString())) {
        return isManagerBuilder(ctx, scope);
      }
      // ControllerBuilder.controllerManagerBuilder(factory): a static call, so its scope is a type name.
      return m.getNameAsString().equals(MANAGER_BUILDER) && (scope instanceof NameExpr n
          && ctx.types().typeName(n.getNameAsString(), n).filter(K8S_CONTROLLER_BUILDER::equals).isPresent()
          || ctx.types().isA(scope, Set.of(K8S_CONTROLLER_BUILDER)).isYes());
    }
    return ctx.types().isA(e, Set.of(K8S_CONTROLLER_MANAGER_BUILDER)).isYes();
  }
}
