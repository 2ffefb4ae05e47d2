package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NullLiteralExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.catalog.WaitApis;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A handle held in a local and released only by plain calls after an interruptible JDK wait
 * ({@code latch.await()}, {@code future.get()}, {@code Thread.sleep(..)}) that nothing between the
 * two catches: an interrupt while waiting throws out of the method and skips the release. For fabric8
 * watches a release on the normal path is otherwise enough (HandleLifecycle), because code that
 * cannot throw between open and close leaves no path open; a wait that throws InterruptedException
 * does, and a stopped build, a cancelled task or a shutting-down executor interrupts exactly there.
 */
final class CloseSkippedByInterrupt {

  /** The local that holds the handle, and the wait that an interrupt leaves by. */
  record Skipped(String holder, MethodCallExpr waitCall) {}

  private final TypeFacts types;

  CloseSkippedByInterrupt(TypeFacts types) {
    this.types = types;
  }

  /** The skipped release of the handle that {@code opened} creates, when it is one. */
  Optional<Skipped> of(Expression opened, HandleLifecycle.Release release) {
    Node child = Expressions.carrying(opened);
    if (!(child.getParentNode().orElse(null) instanceof VariableDeclarator d)
        || d.getInitializer().filter(i -> i == child).isEmpty()
        || !(d.getParentNode().orElse(null) instanceof VariableDeclarationExpr declaration)
        || !(declaration.getParentNode().orElse(null) instanceof ExpressionStmt)) {
      return Optional.empty(); // a field, a try resource, or no variable at all: HandleLifecycle's business
    }
    Node body = Scopes.enclosingBody(d);
    List<MethodCallExpr> releases = new ArrayList<>();
    for (NameExpr use : body.findAll(NameExpr.class, n -> n.getNameAsString().equals(d.getNameAsString()))) {
      if (!Scopes.refersTo(use, d)) {
        continue;
      }
      Node parent = use.getParentNode().orElse(null);
      if (parent instanceof MethodCallExpr m && m.getScope().filter(s -> s == use).isPresent()
          && release.releases().contains(m.getNameAsString())) {
        if (HandleLifecycle.onEveryPath(m, body)) {
          return Optional.empty();
        }
        releases.add(m);
      } else if (!(parent instanceof BinaryExpr b && (b.getLeft() instanceof NullLiteralExpr
          || b.getRight() instanceof NullLiteralExpr))) {
        return Optional.empty(); // handed on, aliased or used otherwise: whoever gets it may release it
      }
    }
    Optional<MethodCallExpr> first = releases.stream().min(Comparator.comparing(m -> m.getBegin().get()));
    if (first.isEmpty() || d.getBegin().isEmpty()) {
      return Optional.empty();
    }
    Optional<Node> callable = d.findAncestor(CallableDeclaration.class).map(Node.class::cast);
    for (MethodCallExpr wait : body.findAll(MethodCallExpr.class)) {
      if (wait.getBegin().isPresent() && wait.getBegin().get().isAfter(d.getBegin().get())
          && wait.getBegin().get().isBefore(first.get().getBegin().get())
          && sameCode(wait, body, callable)
          && WaitApis.INTERRUPTIBLE_WAITS.stream().anyMatch(w -> w.matches(wait, types))
          && !caughtAfterOpening(wait, d, body)) {
        return Optional.of(new Skipped(d.getNameAsString(), wait));
      }
    }
    return Optional.empty();
  }

  /** Runs in the handle's own method, not in a lambda or anonymous class declared there. */
  private static boolean sameCode(Node wait, Node body, Optional<Node> callable) {
    for (Node p = wait.getParentNode().orElse(null); p != null && p != body; p = p.getParentNode().orElse(null)) {
      if (p instanceof LambdaExpr || p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
        return false;
      }
    }
    return wait.findAncestor(CallableDeclaration.class).map(Node.class::cast).equals(callable);
  }

  /**
   * A try entered after the handle was opened, with a catch, holds the wait: the interrupt lands in
   * that catch and the code after the try (the release) still runs.
   */
  private static boolean caughtAfterOpening(Node wait, VariableDeclarator d, Node body) {
    for (Node p = wait.getParentNode().orElse(null); p != null && p != body; p = p.getParentNode().orElse(null)) {
      if (p instanceof TryStmt t && t.getTryBlock().isAncestorOf(wait) && !t.getTryBlock().isAncestorOf(d)
          && t.getCatchClauses().stream().anyMatch(CloseSkippedByInterrupt::catchesInterrupt)) {
        return true;
      }
    }
    return false;
  }

  /** {@code catch (InterruptedException | ..)} or a supertype of it ({@code Exception}, {@code Throwable}). */
  private static boolean catchesInterrupt(CatchClause c) {
    return Arrays.stream(c.getParameter().getType().asString().split("\\|")).map(String::strip)
        .map(t -> t.substring(t.lastIndexOf('.') + 1))
        .anyMatch(t -> t.equals("InterruptedException") || t.equals("Exception") || t.equals("Throwable"));
  }
}
