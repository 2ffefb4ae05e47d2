package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import io.github.informerguard.analyzer.api.Match;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.catalog.CancellationTypes;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.rules.LoggingCalls;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A catch of InterruptedException around a {@code get()} of a future that is already complete when the
 * try is entered: {@code if (f.isDone()) { try { return f.get(); } catch ... }}, or a loop over futures
 * that a {@code CompletableFuture.allOf(futures).join()} before the try has waited for. A completed
 * future's {@code get()} returns (or throws ExecutionException) at once and never waits, so no interrupt
 * can arrive there; the catch is there for the compiler. The try must be one statement that only hands the
 * value on ({@code return}, an assignment, {@code list.add(..)}, a log line), with no other call that takes
 * arguments or may wait (a second interruptible call would make the catch real again), on a receiver not
 * typed as something other than a {@code java.util.concurrent.Future}; nothing between the test (or the wait)
 * and the read may assign the future (or name the collection); a completion established inside the same try
 * is not taken, since the try then guards more than the read.
 */
final class CompletedFutureGets {

  private CompletedFutureGets() {}

  /** JDK and project calls that may wait, by name: a try holding one besides the read keeps its catch. */
  private static final Set<String> WAITS = Set.of("sleep", "await", "join", "take", "put", "poll", "offer",
      "acquire", "tryAcquire", "tryLock", "lockInterruptibly", "invokeAll", "invokeAny", "awaitTermination",
      "waitFor", "wait", "exchange", "transfer");

  /** Whether every interruptible call the catch's try guards is a {@code get()} of a future known to be complete. */
  static boolean onlyReadsCompletedFutures(RuleContext ctx, CatchClause clause) {
    if (!(clause.getParentNode().orElse(null) instanceof TryStmt tryStmt) || tryStmt.getResources().isNonEmpty()) {
      return false;
    }
    NodeList<Statement> statements = tryStmt.getTryBlock().getStatements();
    if (statements.size() != 1 || statements.get(0).findFirst(LambdaExpr.class).isPresent()
        || statements.get(0).findFirst(ObjectCreationExpr.class, o -> o.getAnonymousClassBody().isPresent()).isPresent()) {
      return false;
    }
    Optional<Node> outer = storingCall(ctx, statements.get(0));
    if (outer.isEmpty()) {
      return false; // only a return, an assignment, an add or a log line of the value: no other call that may wait
    }
    List<MethodCallExpr> calls = statements.get(0).findAll(MethodCallExpr.class);
    boolean read = false;
    for (MethodCallExpr call : calls) {
      if (isFutureRead(call)) {
        Optional<String> future = receiver(call);
        if (future.isEmpty() || ctx.types().isA(call.getScope().get(), FUTURE) == Match.NO
            || !(knownDoneByGuard(tryStmt, future.get()) || knownDoneByJoin(tryStmt, future.get()))) {
          return false;
        }
        read = true;
      } else if (call != outer.get() && !call.getArguments().isEmpty()
          || WAITS.contains(call.getNameAsString()) || declaresInterrupt(ctx, call, clause)) {
        return false; // besides the read only accessors of its value ({@code f.get().getName()}) may run
      }
    }
    return read;
  }

  private static final Set<String> FUTURE = Set.of(CancellationTypes.FUTURE);

  /**
   * The statement's shape, when it only hands the read value on: {@code return <value>;}, {@code x = <value>;},
   * {@code T x = <value>;}, {@code list.add(<value>);} or a logging call. Present with the outer call
   * ({@code add} or the logging call, which may take arguments) for the last two, with the statement itself
   * for the others; empty for any other statement ({@code http.send(req(f.get()))}).
   */
  private static Optional<Node> storingCall(RuleContext ctx, Statement st) {
    if (st instanceof ReturnStmt r && r.getExpression().isPresent()
        || st instanceof ExpressionStmt es && es.getExpression() instanceof AssignExpr a
            && a.getOperator() == AssignExpr.Operator.ASSIGN
        || st instanceof ExpressionStmt ds && ds.getExpression() instanceof VariableDeclarationExpr v
            && v.getVariables().size() == 1 && v.getVariable(0).getInitializer().isPresent()) {
      return Optional.of(st);
    }
    if (st instanceof ExpressionStmt es && es.getExpression() instanceof MethodCallExpr call
        && (call.getNameAsString().equals("add") && call.getArguments().size() == 1 && call.getScope().isPresent()
            || LoggingCalls.isLogging(call, ctx.types()))) {
      return Optional.of(call);
    }
    return Optional.empty();
  }

  /** {@code f.get()} or {@code f.get(timeout, unit)}. */
  private static boolean isFutureRead(MethodCallExpr call) {
    return call.getNameAsString().equals("get") && (call.getArguments().isEmpty() || call.getArguments().size() == 2)
        && call.getScope().isPresent();
  }

  /** {@code f} or {@code this.f}: the future read. */
  private static Optional<String> receiver(MethodCallExpr call) {
    return Expressions.variableName(call.getScope().get());
  }


  /**
   * A call of a method of this class (no receiver) that declares {@code throws InterruptedException} (or a
   * subtype), {@code Exception} or {@code Throwable}: it may wait and be interrupted.
   */
  private static boolean declaresInterrupt(RuleContext ctx, MethodCallExpr call, Node at) {
    if (call.getScope().isPresent() && !(call.getScope().get() instanceof ThisExpr)) {
      return false;
    }
    Optional<TypeDeclaration> type = at.findAncestor(TypeDeclaration.class);
    return type.isPresent() && ((TypeDeclaration<?>) type.get()).getMethodsByName(call.getNameAsString()).stream()
        .anyMatch(m -> m.getThrownExceptions().stream().anyMatch(t -> ctx.types().isA(t, INTERRUPTED).isYes()
            || InterruptSwallowed.catchesAnyException(ctx, t)));
  }

  private static final Set<String> INTERRUPTED = Set.of(CancellationTypes.INTERRUPTED_EXCEPTION);

  /**
   * The try is in the then-branch of {@code if (f.isDone())} (the test alone or one term of an {@code &&}), or in
   * the else-branch of {@code if (!f.isDone())}, within its method or lambda.
   */
  private static boolean knownDoneByGuard(TryStmt tryStmt, String future) {
    Node child = tryStmt;
    List<Statement> between = new ArrayList<>(); // what runs after the guard and before the try
    for (Node n = tryStmt.getParentNode().orElse(null); n != null; child = n, n = n.getParentNode().orElse(null)) {
      if (n instanceof LambdaExpr || n instanceof CallableDeclaration<?> || n instanceof TypeDeclaration<?>) {
        return false;
      }
      if (n instanceof BlockStmt block) {
        between.addAll(before(block, child));
      }
      if (n instanceof IfStmt test) {
        Expression condition = Expressions.withoutParentheses(test.getCondition());
        if (test.getThenStmt() == child && conjunctIsDone(condition, future)
            || test.getElseStmt().orElse(null) == child && condition instanceof UnaryExpr not
                && not.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT
                && isDone(Expressions.withoutParentheses(not.getExpression()), future)) {
          // job = pool.submit(..) after the test: the future read is another one, maybe still running
          return between.stream().noneMatch(st -> names(st, future, true));
        }
      }
    }
    return false;
  }

  /** The statements of the block before {@code child}, by identity. */
  private static List<Statement> before(BlockStmt block, Node child) {
    List<Statement> out = new ArrayList<>();
    for (Statement st : block.getStatements()) {
      if (st == child) {
        return out;
      }
      out.add(st);
    }
    return List.of();
  }

  /**
   * Whether the statement assigns or declares {@code name} ({@code name = ..}, {@code this.name = ..},
   * {@code T name = ..}); unless {@code onlyWrites}, also any other use ({@code futures.add(..)}).
   */
  private static boolean names(Statement st, String name, boolean onlyWrites) {
    if (st.findFirst(AssignExpr.class, a -> Expressions.variableName(a.getTarget()).equals(Optional.of(name))).isPresent()
        || st.findFirst(VariableDeclarator.class, v -> v.getNameAsString().equals(name)).isPresent()) {
      return true;
    }
    return !onlyWrites && st.findFirst(NameExpr.class, e -> e.getNameAsString().equals(name)).isPresent();
  }

  private static boolean conjunctIsDone(Expression e, String future) {
    if (e instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.AND) {
      return conjunctIsDone(Expressions.withoutParentheses(b.getLeft()), future)
          || conjunctIsDone(Expressions.withoutParentheses(b.getRight()), future);
    }
    return isDone(e, future);
  }

  private static boolean isDone(Expression e, String future) {
    return e instanceof MethodCallExpr c && c.getNameAsString().equals("isDone") && c.getArguments().isEmpty()
        && c.getScope().isPresent() && receiver(c).equals(Optional.of(future));
  }

  /**
   * The try is the body (or the only statement of the body) of {@code for (f : futures)}, and a statement of an
   * enclosing block before that loop waited for all of them: {@code CompletableFuture.allOf(futures).join()} (or
   * {@code .get()}, or {@code allOf(futures.toArray(..))}), alone or as the first statement of a try whose every
   * catch leaves (so the code after it runs only when the wait completed).
   */
  private static boolean knownDoneByJoin(TryStmt tryStmt, String future) {
    Node parent = tryStmt.getParentNode().orElse(null);
    if (parent instanceof BlockStmt b && b.getStatements().size() == 1) {
      parent = b.getParentNode().orElse(null);
    }
    if (!(parent instanceof ForEachStmt loop) || !loop.getVariableDeclarator().getNameAsString().equals(future)
        || !(Expressions.withoutParentheses(loop.getIterable()) instanceof NameExpr iterable)) {
      return false;
    }
    String all = iterable.getNameAsString();
    Node child = loop;
    List<Statement> between = new ArrayList<>(); // what runs after the wait and before the loop
    for (Node n = loop.getParentNode().orElse(null); n != null; child = n, n = n.getParentNode().orElse(null)) {
      if (n instanceof LambdaExpr || n instanceof CallableDeclaration<?> || n instanceof TypeDeclaration<?>) {
        return false;
      }
      if (n instanceof BlockStmt block) {
        List<Statement> earlier = before(block, child);
        for (int i = earlier.size() - 1; i >= 0; i--) {
          if (waitsForAll(earlier.get(i), all)) {
            // futures.add(..) or futures = .. after the wait: the loop may read a future it did not wait for
            return between.stream().noneMatch(st -> names(st, all, false));
          }
          between.add(earlier.get(i));
        }
      }
    }
    return false;
  }

  private static boolean waitsForAll(Statement st, String all) {
    if (st instanceof TryStmt t && t.getResources().isEmpty() && !t.getCatchClauses().isEmpty()
        && t.getFinallyBlock().isEmpty()
        && t.getCatchClauses().stream().allMatch(c -> c.getBody().getStatements().getLast()
            .filter(s -> s.isThrowStmt() || s.isReturnStmt()).isPresent())) {
      return t.getTryBlock().getStatements().getFirst().filter(s -> waitsForAll(s, all)).isPresent();
    }
    if (!(st instanceof ExpressionStmt es) || !(es.getExpression() instanceof MethodCallExpr wait)
        || !(wait.getNameAsString().equals("join") || wait.getNameAsString().equals("get"))
        || !wait.getArguments().isEmpty()
        || !(wait.getScope().map(Expressions::withoutParentheses).orElse(null) instanceof MethodCallExpr allOf)
        || !allOf.getNameAsString().equals("allOf") || allOf.getArguments().size() != 1
        || allOf.getScope().filter(s -> !(s instanceof NameExpr n && n.getNameAsString().equals("CompletableFuture")))
            .isPresent()) {
      return false;
    }
    Expression arg = Expressions.withoutParentheses(allOf.getArguments().get(0));
    if (arg instanceof MethodCallExpr toArray && toArray.getNameAsString().equals("toArray")) {
      arg = toArray.getScope().map(Expressions::withoutParentheses).orElse(null);
    }
    return arg instanceof NameExpr n && n.getNameAsString().equals(all);
  }
}
