package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Scopes;
import io.github.informerguard.analyzer.catalog.LifecycleApis;
import io.github.informerguard.analyzer.rules.FindingText;
import java.util.Optional;
import java.util.Set;

/**
 * JOSDK {@code Operator.start()} in code that makes the operator itself and never stops it: the
 * operator's informers, executors and leader-election lease are released only by {@code stop()},
 * which JOSDK runs on SIGTERM only after {@code installShutdownHook(..)}. An operator this code was
 * given (a framework's bean, such as the Quarkus extension's) is its owner's to stop.
 */
final class JosdkOperators {

  private static final String OPERATOR_SIMPLE_NAME =
      LifecycleApis.JOSDK_OPERATOR.substring(LifecycleApis.JOSDK_OPERATOR.lastIndexOf('.') + 1);

  private JosdkOperators() {}

  static void check(RuleContext ctx) {
    Set<String> operator = Set.of(LifecycleApis.JOSDK_OPERATOR);
    // The name test first: asking the symbol solver about every `new` in every file cost precise mode
    // more than all other rules together. JOSDK's class is named Operator; a project subclass of it
    // under another name is not looked for.
    boolean madeHere = ctx.nodes(ObjectCreationExpr.class).stream()
        .anyMatch(o -> o.getType().getNameAsString().equals(OPERATOR_SIMPLE_NAME)
            && ctx.types().isA(o.getType(), operator).isYes());
    if (!madeHere) {
      return;
    }
    boolean stopped = ctx.nodes(MethodCallExpr.class).stream()
        .anyMatch(c -> c.getNameAsString().equals(LifecycleApis.JOSDK_OPERATOR_SHUTDOWN_HOOK)
            || LifecycleApis.JOSDK_OPERATOR_STOPS.contains(c.getNameAsString()) && c.getScope().isPresent()
                && ctx.types().isA(c.getScope().get(), operator).isYes())
        || ctx.nodes(MethodReferenceExpr.class).stream()
            .anyMatch(r -> LifecycleApis.JOSDK_OPERATOR_STOPS.contains(r.getIdentifier()));
    if (stopped) {
      return;
    }
    // A shutdown path of the file may stop the operator through whatever holds it; it cannot reach an
    // operator kept only in a local that nothing is handed.
    boolean shutdownPath = new StartupHooks(ctx.types()).fileHasShutdownPath(ctx.unit());
    for (MethodCallExpr call : ctx.nodes(MethodCallExpr.class)) {
      if (call.getNameAsString().equals(LifecycleApis.JOSDK_OPERATOR_START) && call.getArguments().isEmpty()
          && call.getScope().isPresent() && ctx.types().isA(call.getScope().get(), operator).isYes()
          && (!shutdownPath || unreachableLocal(call.getScope().get()))
          && !inBeanWithStopAsDestroyMethod(ctx, call)) {
        message(call.getScope().get().toString()).report(ctx, call);
      }
    }
  }

  /**
   * {@code @Bean(destroyMethod = "stop") Operator operator(..) { ..; operator.start(); return operator; }}: the
   * started operator is the bean, and Spring calls its stop() when the context closes.
   */
  private static boolean inBeanWithStopAsDestroyMethod(RuleContext ctx, MethodCallExpr start) {
    Optional<com.github.javaparser.ast.body.MethodDeclaration> method =
        start.findAncestor(com.github.javaparser.ast.body.MethodDeclaration.class);
    return method.isPresent() && ctx.types().isA(method.get().getType(), Set.of(LifecycleApis.JOSDK_OPERATOR)).isYes()
        && method.get().getAnnotations().stream()
            .filter(a -> ctx.types().annotationIs(a, LifecycleApis.SPRING_BEAN).isYes())
            .filter(com.github.javaparser.ast.expr.NormalAnnotationExpr.class::isInstance)
            .flatMap(a -> ((com.github.javaparser.ast.expr.NormalAnnotationExpr) a).getPairs().stream())
            .anyMatch(p -> p.getNameAsString().equals("destroyMethod")
                && p.getValue() instanceof com.github.javaparser.ast.expr.StringLiteralExpr v
                && LifecycleApis.JOSDK_OPERATOR_STOPS.contains(v.getValue()));
  }

  /**
   * {@code var operator = new Operator(..); operator.register(..); operator.start();}: a local made
   * here and only ever the receiver of calls, so no other code (a shutdown hook, a destroy method)
   * holds a reference through which it could stop it.
   */
  private static boolean unreachableLocal(Expression scope) {
    if (!(Expressions.withoutParenthesesAndCasts(scope) instanceof NameExpr n)) {
      return false;
    }
    Optional<VariableRef> ref = Scopes.lookup(n.getNameAsString(), n);
    if (ref.isEmpty() || ref.get().kind() != VariableRef.Kind.LOCAL
        || !(ref.get().declaration().orElse(null) instanceof VariableDeclarator d)
        || !(d.getInitializer().map(Expressions::withoutParenthesesAndCasts).orElse(null) instanceof ObjectCreationExpr o)
        || !o.getType().getNameAsString().equals(OPERATOR_SIMPLE_NAME) || o.getAnonymousClassBody().isPresent()) {
      return false;
    }
    Node body = Scopes.enclosingBody(d);
    String name = d.getNameAsString();
    if (body.findAll(MethodReferenceExpr.class).stream().anyMatch(r -> r.getScope().toString().equals(name))) {
      return false;
    }
    for (NameExpr use : body.findAll(NameExpr.class)) {
      if (use.getNameAsString().equals(name) && Scopes.refersTo(use, d)
          && !(use.getParentNode().orElse(null) instanceof MethodCallExpr c && c.getScope().filter(s -> s == use).isPresent())) {
        return false;
      }
    }
    return true;
  }

  private static FindingText message(String operator) {
    return new FindingText(
        "JOSDK Operator '" + operator + "' is started here but never stopped: this file neither calls its stop()"
            + " nor installShutdownHook(..).",
        "Operator.start() starts an informer per watched resource and namespace, the reconciler executors and,"
            + " when configured, leader election; only stop() closes them and releases the lease. JOSDK installs"
            + " no JVM shutdown hook by itself, so on SIGTERM the process dies with its lease held (a standby"
            + " waits for it to expire) and with reconciliations cut off mid-way. Call"
            + " operator.installShutdownHook(gracefulTimeout) before start(), or stop() it from the"
            + " application's own shutdown path.");
  }
}
