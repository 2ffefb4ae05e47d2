package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.WhileStmt;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A catch that returns its method's "stop" answer to the loop that calls it: a {@code boolean} method of a
 * task's class whose every call is the condition of a loop ({@code while (!runOnce())}, also one term of an
 * {@code &&}), and the catch ends with {@code return true} there ({@code return false} for {@code while (step())}).
 * The loop then ends, and when the loop is the last work of a task body (see InterruptSwallowed's task bodies)
 * the task ends as the interrupt asked: the catch ends the task as a {@code break} in the loop would. A method
 * that its class also uses as a method reference ({@code retry(this::runOnce)}) is not one: there the answer goes
 * to code that may read it otherwise.
 */
final class LoopStopResults {

  private LoopStopResults() {}

  /**
   * Whether the catch ends with {@code return <literal>} that stops every loop calling its method, and each such
   * loop ends a task body: {@code endsTask} is asked with the loop statement.
   */
  static boolean stopsTheCallingLoop(CatchClause clause, Predicate<Statement> endsTask) {
    Optional<Statement> last = clause.getBody().getStatements().getLast();
    if (last.isEmpty() || !(last.get() instanceof ReturnStmt ret)
        || !(ret.getExpression().orElse(null) instanceof BooleanLiteralExpr value)
        || clause.getBody().findFirst(Statement.class, s -> s.isWhileStmt() || s.isDoStmt() || s.isForStmt()
            || s.isForEachStmt() || s.isContinueStmt() || s.isBreakStmt() || s.isThrowStmt()).isPresent()) {
      return false;
    }
    Optional<MethodDeclaration> method = clause.findAncestor(MethodDeclaration.class);
    if (method.isEmpty() || !method.get().getType().asString().equals("boolean")
        || !method.get().isPrivate() || enclosingLambdaOrClass(clause, method.get())) {
      return false;
    }
    Node owner = method.get().getParentNode().orElse(null);
    if (owner == null) {
      return false;
    }
    String name = method.get().getNameAsString();
    int arity = method.get().getParameters().size();
    List<MethodCallExpr> calls = owner.findAll(MethodCallExpr.class, c -> c.getNameAsString().equals(name)
        && c.getArguments().size() == arity && (c.getScope().isEmpty() || c.getScope().get() instanceof ThisExpr));
    if (calls.isEmpty() || !owner.findAll(MethodReferenceExpr.class, r -> r.getIdentifier().equals(name)).isEmpty()) {
      return false; // this::runOnce handed elsewhere: its answer may mean something else there
    }
    for (MethodCallExpr call : calls) {
      Optional<Statement> loop = loopStoppedBy(call, value.getValue());
      if (loop.isEmpty() || !endsTask.test(loop.get())) {
        return false;
      }
    }
    return true;
  }

  /** Whether a lambda or local/anonymous class lies between the catch and its method (a return there leaves it). */
  private static boolean enclosingLambdaOrClass(CatchClause clause, MethodDeclaration method) {
    for (Node n = clause.getParentNode().orElse(null); n != null && n != method; n = n.getParentNode().orElse(null)) {
      if (n instanceof LambdaExpr
          || n instanceof TypeDeclaration<?>
          || n instanceof ObjectCreationExpr) {
        return true;
      }
    }
    return false;
  }

  /**
   * The while or do loop whose condition is the call (negated when {@code stopValue} is true), alone or one term of
   * an {@code &&}: the answer {@code stopValue} makes the condition false.
   */
  private static Optional<Statement> loopStoppedBy(MethodCallExpr call, boolean stopValue) {
    Node term = call;
    Node parent = call.getParentNode().orElse(null);
    while (parent instanceof EnclosedExpr) {
      term = parent;
      parent = parent.getParentNode().orElse(null);
    }
    boolean negated = parent instanceof UnaryExpr u && u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT;
    if (negated != stopValue) {
      return Optional.empty();
    }
    if (negated) {
      term = parent;
      parent = parent.getParentNode().orElse(null);
    }
    while (parent instanceof EnclosedExpr
        || parent instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.AND) {
      term = parent;
      parent = parent.getParentNode().orElse(null);
    }
    if (parent instanceof WhileStmt w && w.getCondition() == term) {
      return Optional.of(w);
    }
    if (parent instanceof DoStmt d && d.getCondition() == term) {
      return Optional.of(d);
    }
    return Optional.empty();
  }
}
