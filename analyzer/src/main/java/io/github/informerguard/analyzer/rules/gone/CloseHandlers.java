package io.github.informerguard.analyzer.rules.gone;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.EmptyStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.Statement;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.catalog.WaitApis;
import io.github.informerguard.analyzer.catalog.WatchApis;
import io.github.informerguard.analyzer.resolve.TypeNameExpressions;
import io.github.informerguard.analyzer.rules.LoggingCalls;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Shapes of a Watcher's onClose body that need no data flow to judge. */
final class CloseHandlers {

  private final TypeFacts types;
  private final GoneEvidence evidence;

  CloseHandlers(TypeFacts types, GoneEvidence evidence) {
    this.types = types;
    this.evidence = evidence;
  }

  /** Empty, comments only, or logging only (also under a null check): the close is noted and dropped. */
  boolean inert(MethodDeclaration onClose) {
    return onClose.getBody().filter(this::inert).isPresent();
  }

  private boolean inert(Statement s) {
    if (s instanceof BlockStmt b) {
      return b.getStatements().stream().allMatch(this::inert);
    }
    if (s instanceof EmptyStmt) {
      return true;
    }
    if (s instanceof ExpressionStmt e && e.getExpression() instanceof MethodCallExpr m) {
      return evidence.isLogging(m) || m.getNameAsString().equals("printStackTrace") && m.getArguments().isEmpty();
    }
    if (s instanceof IfStmt i) {
      // if (cause != null) log...: a condition that asks nothing of the exception's status
      return i.getCondition().findAll(MethodCallExpr.class).isEmpty() && inert(i.getThenStmt())
          && i.getElseStmt().map(this::inert).orElse(true);
    }
    return false;
  }

  /**
   * The latch or future that onClose releases without looking at why the watch closed, when
   * eventReceived releases it too: the waiter waits for an event, the cause is never read (other
   * than logged), so a 410 or an error ends the wait as the awaited event would. A latch that
   * only onClose releases waits for the close itself and is fine.
   */
  Optional<String> releasesWaiterBlindly(MethodDeclaration onClose, Optional<MethodDeclaration> eventReceived) {
    if (onClose.getBody().isEmpty() || onClose.getParameters().size() != 1) {
      return Optional.empty();
    }
    String cause = onClose.getParameter(0).getNameAsString();
    Optional<String> waiter = Optional.empty();
    for (MethodCallExpr m : onClose.getBody().get().findAll(MethodCallExpr.class)) {
      if (m.getScope().isEmpty()) {
        continue;
      }
      Expression scope = m.getScope().get();
      boolean latch = WaitApis.LATCH_SIGNALS.contains(m.getNameAsString()) && types.isA(scope, Set.of(WaitApis.LATCH)).isYes();
      boolean future = m.getNameAsString().equals("complete")
          && types.isA(scope, Set.of(io.github.informerguard.analyzer.catalog.CancellationTypes.COMPLETABLE_FUTURE)).isYes();
      if (latch || future) {
        waiter = Optional.of(scope.toString());
      }
    }
    final String released = waiter.orElse(null);
    if (released == null || !releases(eventReceived, released)) {
      return Optional.empty();
    }
    if (onlyReleasedAsFailure(eventReceived.get(), released)) {
      // Every event that releases it is logged as an error first: the waiter is the failure path (the
      // pod went away, the session must end), so releasing it on close fails the waiter, as it should.
      return Optional.empty();
    }
    for (NameExpr n : onClose.getBody().get().findAll(NameExpr.class)) {
      if (n.getNameAsString().equals(cause) && !inLogging(n) && !nullCheckBeforeLogging(n)
          && !nullCheckBeforeRelease(n, released)) {
        return Optional.empty(); // the cause is looked at (or handed on): assume it is told apart
      }
    }
    return waiter;
  }

  /**
   * onClose releases a latch or future that eventReceived releases only as a failure (next to an error- or
   * warning-level log call): the close ends the wait the way the failure would, so the owner learns of it.
   */
  boolean failsWaiter(MethodDeclaration onClose, Optional<MethodDeclaration> eventReceived) {
    if (eventReceived.isEmpty() || onClose.getBody().isEmpty()) {
      return false;
    }
    return onClose.getBody().get().findAll(MethodCallExpr.class).stream()
        .filter(m -> m.getScope().isPresent()
            && (WaitApis.LATCH_SIGNALS.contains(m.getNameAsString()) || m.getNameAsString().equals("complete")))
        .map(m -> m.getScope().get().toString())
        .anyMatch(w -> onlyReleasedAsFailure(eventReceived.get(), w));
  }

  /** Whether the method (an onClose, an eventReceived) counts down a latch or completes a future at all. */
  boolean releasesAnyWaiter(MethodDeclaration method) {
    return method.findAll(MethodCallExpr.class).stream().anyMatch(m -> m.getScope().isPresent()
        && (WaitApis.LATCH_SIGNALS.contains(m.getNameAsString()) || WaitApis.FUTURE_SIGNALS.contains(m.getNameAsString())));
  }

  /** Each release of {@code waiter} in {@code method} shares its block with an error- or warning-level log call. */
  private boolean onlyReleasedAsFailure(MethodDeclaration method, String waiter) {
    List<MethodCallExpr> releases = method.findAll(MethodCallExpr.class, m -> isRelease(m, waiter));
    return !releases.isEmpty() && releases.stream().allMatch(r -> r.findAncestor(BlockStmt.class)
        .filter(b -> b.getStatements().stream().anyMatch(st -> st instanceof ExpressionStmt e
            && e.getExpression() instanceof MethodCallExpr log && LoggingCalls.isFailureLogging(log, types)))
        .isPresent());
  }

  private static boolean isRelease(MethodCallExpr m, String waiter) {
    return m.getScope().map(Object::toString).filter(waiter::equals).isPresent()
        && (WaitApis.LATCH_SIGNALS.contains(m.getNameAsString()) || m.getNameAsString().equals("complete"));
  }

  private static boolean releases(Optional<MethodDeclaration> method, String waiter) {
    return method.flatMap(MethodDeclaration::getBody)
        .filter(b -> b.findAll(MethodCallExpr.class).stream().anyMatch(m -> isRelease(m, waiter))).isPresent();
  }

  /**
   * The call in onClose that ends the process ({@code System.exit(..)}, {@code Runtime.getRuntime().halt(..)})
   * when the body tells no 410 apart: every close, a routine 410 Gone included, then kills the JVM and
   * everything else it runs, where a re-list would have resumed the watch.
   */
  Optional<MethodCallExpr> exitsProcess(MethodDeclaration onClose, GoneEvidence.Result evidence) {
    if (onClose.getBody().isEmpty() || evidence.goneCheck) {
      return Optional.empty();
    }
    return onClose.getBody().get().findAll(MethodCallExpr.class).stream().filter(this::isProcessExit).findFirst();
  }

  private boolean isProcessExit(MethodCallExpr m) {
    if (m.getScope().isEmpty() || m.getArguments().size() != 1) {
      return false;
    }
    Expression scope = m.getScope().get();
    return m.getNameAsString().equals(WatchApis.SYSTEM_EXIT)
            && TypeNameExpressions.denotes(scope, WatchApis.JDK_SYSTEM, types)
        || WatchApis.RUNTIME_EXITS.contains(m.getNameAsString())
            && types.isA(scope, Set.of(WatchApis.JDK_RUNTIME)).isYes();
  }

  /** {@code if (cause != null) log(...)}: asking whether there is a cause tells no 410 apart. */
  private boolean nullCheckBeforeLogging(NameExpr n) {
    return n.getParentNode().orElse(null) instanceof com.github.javaparser.ast.expr.BinaryExpr b
        && (b.getLeft() instanceof com.github.javaparser.ast.expr.NullLiteralExpr
            || b.getRight() instanceof com.github.javaparser.ast.expr.NullLiteralExpr)
        && b.getParentNode().orElse(null) instanceof IfStmt i && i.getCondition() == b
        && inert(i.getThenStmt()) && i.getElseStmt().map(this::inert).orElse(true);
  }

  /**
   * {@code if (cause != null) { log(..); latch.countDown(); }}: the branch logs and releases the waiter and records
   * nothing else, so an error close (a 410 included) ends the wait as the awaited event would.
   */
  private boolean nullCheckBeforeRelease(NameExpr n, String waiter) {
    return n.getParentNode().orElse(null) instanceof com.github.javaparser.ast.expr.BinaryExpr b
        && (b.getLeft() instanceof com.github.javaparser.ast.expr.NullLiteralExpr
            || b.getRight() instanceof com.github.javaparser.ast.expr.NullLiteralExpr)
        && b.getParentNode().orElse(null) instanceof IfStmt i && i.getCondition() == b
        && logsAndReleases(i.getThenStmt(), waiter) && i.getElseStmt().map(e -> logsAndReleases(e, waiter)).orElse(true);
  }

  /** Every statement is inert (a log call, a comment) or a release of {@code waiter}. */
  private boolean logsAndReleases(Statement s, String waiter) {
    if (s instanceof BlockStmt b) {
      return b.getStatements().stream().allMatch(st -> logsAndReleases(st, waiter));
    }
    return inert(s) || s instanceof ExpressionStmt e && e.getExpression() instanceof MethodCallExpr m && isRelease(m, waiter);
  }

  private boolean inLogging(Node n) {
    Node p = n.getParentNode().orElse(null);
    while (p != null && !(p instanceof Statement)) {
      if (p instanceof MethodCallExpr m && evidence.isLogging(m)) {
        return true;
      }
      p = p.getParentNode().orElse(null);
    }
    return false;
  }

  static boolean isFourX(MethodDeclaration onClose, TypeFacts types) {
    return types.isA(onClose.getParameter(0).getType(), Set.of(io.github.informerguard.analyzer.catalog.ApiTypes.F8_CLIENT_EXCEPTION))
        .isYes();
  }
}
