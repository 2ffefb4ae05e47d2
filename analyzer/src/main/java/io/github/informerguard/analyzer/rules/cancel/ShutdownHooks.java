package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.CatchClause;
import io.github.informerguard.analyzer.api.Match;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.catalog.CancellationTypes;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.Optional;
import java.util.Set;

/**
 * A catch in the body of a JVM shutdown hook: a thread created for {@code Runtime.getRuntime().addShutdownHook(..)}
 * and handed to it at once ({@code addShutdownHook(new Thread(() -> ...))}, an anonymous {@code Thread} whose
 * {@code run()} holds the catch, or a local variable that holds such a thread and is handed to it). The JVM starts
 * the hook while it exits and ends the process once the hooks have run; no code holds the thread to interrupt it,
 * and nothing reads its flag afterwards. A hook thread kept in a field, which other code could interrupt, is not
 * one.
 */
final class ShutdownHooks {

  private ShutdownHooks() {}

  private static final Set<String> THREAD = Set.of(CancellationTypes.THREAD);

  /** Whether the catch runs in the body of a thread handed straight to {@code addShutdownHook}. */
  static boolean inShutdownHook(RuleContext ctx, CatchClause clause) {
    for (Node n = clause.getParentNode().orElse(null); n != null; n = n.getParentNode().orElse(null)) {
      if (n instanceof LambdaExpr lambda) {
        return lambda.getParentNode().orElse(null) instanceof ObjectCreationExpr thread
            && thread.getArguments().contains(lambda) && thread.getAnonymousClassBody().isEmpty()
            && isHookThread(ctx, thread);
      }
      if (n instanceof MethodDeclaration m) {
        return m.getNameAsString().equals("run") && m.getParameters().isEmpty()
            && m.getParentNode().orElse(null) instanceof ObjectCreationExpr thread
            && isHookThread(ctx, thread);
      }
      if (n instanceof CallableDeclaration<?> || n instanceof TypeDeclaration<?>) {
        return false;
      }
    }
    return false;
  }

  /** A {@code new Thread(..)} that is the argument of {@code addShutdownHook}, directly or through a local variable. */
  private static boolean isHookThread(RuleContext ctx, ObjectCreationExpr thread) {
    if (!ctx.types().isA(thread.getType(), THREAD).isYes()) {
      return false;
    }
    Node parent = thread.getParentNode().orElse(null);
    if (parent instanceof MethodCallExpr call) {
      return isAddShutdownHook(ctx, call) && call.getArguments().contains(thread);
    }
    if (parent instanceof VariableDeclarator variable && variable.getParentNode()
        .filter(VariableDeclarationExpr.class::isInstance).isPresent()) {
      String name = variable.getNameAsString();
      Optional<CallableDeclaration> method = variable.findAncestor(CallableDeclaration.class);
      Node scope = method.map(Node.class::cast).orElse(null);
      if (scope == null) {
        return false;
      }
      // the thread goes to the hook and nowhere else
      long uses = scope.findAll(NameExpr.class, e -> e.getNameAsString().equals(name)).size();
      return uses == 1 && scope.findFirst(MethodCallExpr.class, c -> isAddShutdownHook(ctx, c)
          && c.getArguments().size() == 1 && Expressions.withoutParentheses(c.getArgument(0)) instanceof NameExpr a
          && a.getNameAsString().equals(name)).isPresent();
    }
    return false;
  }

  private static final Set<String> RUNTIME = Set.of(CancellationTypes.RUNTIME);

  /**
   * {@code addShutdownHook(thread)}, on {@code Runtime.getRuntime()} or a Runtime variable: the receiver is a
   * {@code java.lang.Runtime}, or cannot be typed (lenient mode); a project's {@code registry.addShutdownHook(t)}
   * may run the thread at once.
   */
  private static boolean isAddShutdownHook(RuleContext ctx, MethodCallExpr call) {
    if (!call.getNameAsString().equals("addShutdownHook") || call.getArguments().size() != 1) {
      return false;
    }
    Expression scope = call.getScope().map(Expressions::withoutParentheses).orElse(null);
    if (scope instanceof NameExpr n && Scopes.lookup(n.getNameAsString(), n).flatMap(Scopes::declaredType)
        .filter(t -> t instanceof ClassOrInterfaceType c && !c.getNameAsString().equals("Runtime")).isPresent()) {
      return false; // declared with another type, also where the typer cannot tell it (a type the index misses)
    }
    return (scope instanceof MethodCallExpr runtime && runtime.getNameAsString().equals("getRuntime")
        || scope instanceof NameExpr) && ctx.types().isA(scope, RUNTIME) != Match.NO;
  }
}
