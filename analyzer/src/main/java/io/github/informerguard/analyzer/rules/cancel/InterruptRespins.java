package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.catalog.CancellationTypes;
import java.util.Optional;
import java.util.Set;

/**
 * An untimed wait that an interrupt turns into a busy loop: it sits in a loop, inside a try whose
 * {@code catch (InterruptedException e)} re-sets the flag and stays in the loop, and nothing in the
 * loop reads the flag. Once the thread is interrupted, the next {@code await()} throws at once, the
 * catch sets the flag again, and the loop spins on a core until the waiter is released, which may be
 * never (Ctrl-C or a shutdown no longer stops the wait; it burns CPU instead).
 */
final class InterruptRespins {

  private static final Set<String> FLAG_READS = Set.of("isInterrupted", "interrupted");

  private final TypeFacts types;

  InterruptRespins(TypeFacts types) {
    this.types = types;
  }

  boolean respins(MethodCallExpr wait) {
    Optional<TryStmt> guarded = wait.findAncestor(TryStmt.class).filter(t -> t.getTryBlock().isAncestorOf(wait));
    if (guarded.isEmpty()) {
      return false;
    }
    Optional<CatchClause> onInterrupt = guarded.get().getCatchClauses().stream()
        .filter(c -> types.isA(c.getParameter().getType(), Set.of(CancellationTypes.INTERRUPTED_EXCEPTION)).isYes())
        .findFirst();
    Optional<Statement> loop = enclosingLoop(guarded.get());
    return onInterrupt.isPresent() && loop.isPresent() && reInterruptsAndStays(onInterrupt.get())
        && loop.get().findAll(MethodCallExpr.class).stream().noneMatch(m -> FLAG_READS.contains(m.getNameAsString()));
  }

  /** The catch sets the flag again and has no way out of the loop. */
  private static boolean reInterruptsAndStays(CatchClause c) {
    boolean reInterrupts = c.getBody().findAll(MethodCallExpr.class).stream()
        .anyMatch(m -> InterruptSwallowed.reInterrupts(m)
            && m.getScope().map(Object::toString).filter("Thread.currentThread()"::equals).isPresent());
    boolean leaves = !c.getBody().findAll(Node.class, n -> n instanceof BreakStmt || n instanceof ReturnStmt
        || n instanceof ThrowStmt).isEmpty();
    return reInterrupts && !leaves;
  }

  /** The loop the try runs in, within the same method, lambda or anonymous class. */
  private static Optional<Statement> enclosingLoop(Node n) {
    Node p = n.getParentNode().orElse(null);
    while (p != null && !(p instanceof CallableDeclaration<?>) && !(p instanceof LambdaExpr)
        && !(p instanceof ObjectCreationExpr)) {
      if (p instanceof WhileStmt || p instanceof DoStmt || p instanceof ForStmt || p instanceof ForEachStmt) {
        return Optional.of((Statement) p);
      }
      p = p.getParentNode().orElse(null);
    }
    return Optional.empty();
  }
}
