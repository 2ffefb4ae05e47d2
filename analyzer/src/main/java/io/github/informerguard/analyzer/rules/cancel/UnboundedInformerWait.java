package io.github.informerguard.analyzer.rules.cancel;

import io.github.informerguard.analyzer.rules.CatalogRule;
import io.github.informerguard.analyzer.resolve.Expressions;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_SHARED_INDEX_INFORMER;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_SHARED_INFORMER;
import static io.github.informerguard.analyzer.catalog.CancellationTypes.COMPLETABLE_FUTURE;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.TypeExpr;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import io.github.informerguard.analyzer.api.Family;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.CallMatcher;
import io.github.informerguard.analyzer.catalog.WaitApis;
import io.github.informerguard.analyzer.resolve.Scopes;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import io.github.informerguard.analyzer.rules.FindingText;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Flags waits for informer start, stop or a condition with no timeout ({@code get()} /
 * {@code join()} on those futures) and {@code while (!informer.hasSynced())} loops with no
 * deadline or exit. Docs: docs/rules/UnboundedInformerWait.md.
 */
public final class UnboundedInformerWait extends CatalogRule {

  public static final String ID = "UnboundedInformerWait";

  /** What the future waits for. */
  enum Waited {
    START,
    STOPPED,
    FACTORY_START,
    CONDITION
  }

  private static final int MAX_LOCAL_HOPS = 2;

  public UnboundedInformerWait() {
    super(warning(ID, Family.CANCELLATION,
        "Waiting for informer start/sync with no timeout (get()/join() on the start future, unbounded hasSynced spin)",
        WaitApis.TRIGGER_WORDS), MethodCallExpr.class, WhileStmt.class, DoStmt.class,
        com.github.javaparser.ast.expr.MethodReferenceExpr.class);
  }

  @Override
  public void check(RuleContext ctx) {
    CallbackSignals signals = new CallbackSignals(ctx.types());
    WatchFedListeners listeners = new WatchFedListeners(ctx.types());
    for (MethodCallExpr call : ctx.nodes(MethodCallExpr.class)) {
      if (inUncalledPrivateMethod(call)) {
        continue;
      }
      if (WaitApis.UNBOUNDED_WAITS.contains(call.getNameAsString()) && call.getArguments().isEmpty()
          && call.getScope().isPresent()) {
        Optional<Waited> w = waited(ctx, call.getScope().get(), 0);
        if (w.isPresent()) {
          WaitMessages.future(w.get(), call.getNameAsString()).report(ctx, call);
        } else if (ctx.types().isA(call.getScope().get(), Set.of(COMPLETABLE_FUTURE)).isYes()) {
          checkCallbackWait(ctx, signals, call, WaitApis.FUTURE_SIGNALS);
        }
      } else if (call.getNameAsString().equals("await") && call.getArguments().isEmpty() && call.getScope().isPresent()
          && (ctx.types().isA(call.getScope().get(), Set.of(WaitApis.LATCH)).isYes()
              || listeners.isMapEntryOf(call.getScope().get(), WaitApis.LATCH))) {
        checkCallbackWait(ctx, signals, call, WaitApis.LATCH_SIGNALS);
      }
    }
    for (WhileStmt loop : ctx.nodes(WhileStmt.class)) {
      checkLoop(ctx, loop, loop.getCondition(), loop.getBody());
    }
    for (DoStmt loop : ctx.nodes(DoStmt.class)) {
      checkLoop(ctx, loop, loop.getCondition(), loop.getBody());
    }
  }

  /** An untimed wait whose only release is a watch or informer callback in this file. */
  private void checkCallbackWait(RuleContext ctx, CallbackSignals signals, MethodCallExpr wait, Set<String> releases) {
    Expression waiter = wait.getScope().get();
    String shown = FindingText.shorten(waiter.toString());
    // An interrupt that the loop answers by waiting again spins on a core, whatever else releases the waiter.
    if (new InterruptRespins(ctx.types()).respins(wait)) {
      Optional<String> callback = signals.releasedBySomeCallback(ctx.unit(), waiter, releases);
      if (callback.isPresent()) {
        WaitMessages.respinningLatch(shown, wait.getNameAsString(), callback.get()).report(ctx, wait);
        return;
      }
    }
    boolean byChoice = CallbackSignals.untimedByChoice(wait);
    signals.onlyReleasedByCallbacks(ctx.unit(), waiter, releases, byChoice)
        .or(() -> signals.onlyReleasedByGetterClassCallbacks(waiter, releases, byChoice))
        .or(() -> new HandedOffWaiters(ctx.types(), signals).onlyCallbacksRelease(wait, releases))
        .or(() -> new WatchFedListeners(ctx.types()).onlyWatchFedListenersRelease(wait, releases))
        .ifPresent(callback -> WaitMessages.latch(shown, wait.getNameAsString(), callback).report(ctx, wait));
  }

  /** The informer future that {@code future} evaluates to, following toCompletableFuture() and final-ish locals. */
  private Optional<Waited> waited(RuleContext ctx, Expression future, int hops) {
    Expression e = Expressions.withoutParenthesesAndCasts(future);
    if (e instanceof MethodCallExpr m && m.getNameAsString().equals(WaitApis.TO_FUTURE) && m.getArguments().isEmpty()
        && m.getScope().isPresent()) {
      e = Expressions.withoutParenthesesAndCasts(m.getScope().get());
    }
    if (e instanceof MethodCallExpr m && m.getScope().isPresent()) {
      MethodCallExpr call = m;
      return CallMatcher.first(WaitApis.INFORMER_FUTURES, x -> x, matcher -> matcher.matches(call, ctx.types()))
          .map(UnboundedInformerWait::waitedBy);
    }
    if (e instanceof NameExpr n && hops < MAX_LOCAL_HOPS) {
      Optional<VariableRef> ref = Scopes.lookup(n.getNameAsString(), n);
      if (ref.isPresent() && ref.get().kind() == VariableRef.Kind.LOCAL && ref.get().initializer().isPresent()
          && ref.get().declaration().isPresent()
          && !Scopes.isReassignedIn(Scopes.enclosingBody(ref.get().declaration().get()), n.getNameAsString())) {
        return waited(ctx, ref.get().initializer().get(), hops + 1);
      }
    }
    return Optional.empty();
  }

  private static Waited waitedBy(CallMatcher future) {
    return future == WaitApis.F8_START_STAGE ? Waited.START
        : future == WaitApis.F8_STOPPED_STAGE ? Waited.STOPPED
        : future == WaitApis.F8_FACTORY_START ? Waited.FACTORY_START : Waited.CONDITION;
  }

  private void checkLoop(RuleContext ctx, Statement loop, Expression condition, Statement body) {
    if (inUncalledPrivateMethod(loop)) {
      return;
    }
    List<Expression> polled = new ArrayList<>();
    Optional<IfStmt> skip = skipUntilSynced(ctx, condition, body, polled);
    if (skip.isPresent() && syncAwaitedBefore(ctx, loop, polled)) {
      return;
    }
    if (skip.isPresent()) {
      boolean fabric8 = ctx.types().isA(polled.get(0), Set.of(F8_SHARED_INDEX_INFORMER)).isYes();
      WaitMessages.skippingLoop(FindingText.shorten(Expressions.withoutParentheses(skip.get().getCondition()).toString()),
          fabric8).report(ctx, loop);
      return;
    }
    polled.clear();
    boolean hotSpin = false;
    if (!onlyNotSynced(ctx, condition, polled)) {
      // while (!stop && !isSynced()) { }: a stop flag bounds nothing while it is not set, and an empty body
      // burns a core for as long as the sync takes.
      polled.clear();
      hotSpin = isEmpty(body) && notSyncedUnlessFlagged(ctx, condition, polled);
      if (!hotSpin) {
        return;
      }
    }
    if (polled.isEmpty() || hasExit(body, !hotSpin && new StartupHooks(ctx.types()).hookOf(loop).isPresent())) {
      return;
    }
    // informer.run(); while (!informer.hasSynced()) { }: run() returned after the first list (6.x on: it
    // waits for start(); 5.x: it lists on the caller's thread), so the loop ends at once; the wait before
    // it is judged on its own.
    if (!hotSpin && runBefore(ctx, loop, polled)) {
      return;
    }
    boolean fabric8 = ctx.types().isA(polled.get(0), Set.of(F8_SHARED_INDEX_INFORMER)).isYes();
    WaitMessages.loop(FindingText.shorten(Expressions.withoutParentheses(condition).toString()), fabric8).report(ctx, loop);
  }

  /**
   * {@code while (running) { if (!informer.hasSynced()) continue; ... }}: the body opens with a skip that does
   * nothing but go back to a condition of plain flags (or {@code true}, or the thread's interrupt flag), so until
   * the sync the loop re-tests the flags and the poll on a busy core, with no sleep and no deadline.
   */
  private Optional<IfStmt> skipUntilSynced(RuleContext ctx, Expression condition, Statement body, List<Expression> polled) {
    if (!onlyFlags(condition)) {
      return Optional.empty();
    }
    Statement first = body.isBlockStmt() ? body.asBlockStmt().getStatements().getFirst().orElse(null) : body;
    if (!(first instanceof IfStmt skip) || skip.getElseStmt().isPresent() || !onlyContinue(skip.getThenStmt())) {
      return Optional.empty();
    }
    return onlyNotSynced(ctx, skip.getCondition(), polled) && !polled.isEmpty() ? Optional.of(skip) : Optional.empty();
  }

  /**
   * Earlier in the same method or lambda body the code already waits for one of {@code polled} to sync: a loop
   * on its {@code hasSynced()}/{@code isWatching()}, or a {@code get}/{@code join} on its {@code start()}
   * future. The skip then only guards and never spins (the wait before it is judged on its own).
   */
  private static boolean syncAwaitedBefore(RuleContext ctx, Statement loop, List<Expression> polled) {
    return earlierCallOnPolled(loop, polled, call -> {
      String name = call.getNameAsString();
      boolean loopPoll = (name.equals("hasSynced") || name.equals("isWatching"))
          && (call.findAncestor(WhileStmt.class).filter(w -> w.getCondition().isAncestorOf(call)).isPresent()
              || call.findAncestor(DoStmt.class).filter(d -> d.getCondition().isAncestorOf(call)).isPresent());
      boolean startAwaited = name.equals("start") && call.getParentNode().flatMap(Node::getParentNode)
          .filter(MethodCallExpr.class::isInstance).map(MethodCallExpr.class::cast)
          .filter(m -> m.getNameAsString().equals("get") || m.getNameAsString().equals("join")).isPresent()
          || name.equals("start") && call.getParentNode().filter(MethodCallExpr.class::isInstance)
              .map(MethodCallExpr.class::cast)
              .filter(m -> m.getNameAsString().equals("get") || m.getNameAsString().equals("join")).isPresent();
      return loopPoll || startAwaited || isInformerRun(ctx, call);
    });
  }

  /**
   * Earlier in the loop's own block, a statement {@code informer.run();} on one of {@code polled} (not in a
   * branch that may be skipped).
   */
  private static boolean runBefore(RuleContext ctx, Statement loop, List<Expression> polled) {
    return earlierCallOnPolled(loop, polled, call -> isInformerRun(ctx, call)
        && call.getParentNode().flatMap(Node::getParentNode).filter(block -> block == loop.getParentNode().orElse(null))
            .isPresent());
  }

  /** fabric8 {@code SharedIndexInformer.run()} (4.x/5.x {@code SharedInformer}) as a statement of its own. */
  private static boolean isInformerRun(RuleContext ctx, MethodCallExpr call) {
    return call.getNameAsString().equals("run") && call.getArguments().isEmpty() && call.getScope().isPresent()
        && call.getParentNode().filter(com.github.javaparser.ast.stmt.ExpressionStmt.class::isInstance).isPresent()
        && ctx.types().isA(call.getScope().get(), Set.of(F8_SHARED_INDEX_INFORMER, F8_SHARED_INFORMER)).isYes();
  }

  private static boolean earlierCallOnPolled(Statement loop, List<Expression> polled,
      java.util.function.Predicate<MethodCallExpr> wanted) {
    int begin = loop.getBegin().map(p -> p.line).orElse(0);
    Node region = Scopes.enclosingBody(loop);
    Set<String> receivers = new java.util.HashSet<>();
    polled.forEach(r -> receivers.add(Expressions.withoutParenthesesAndCasts(r).toString()));
    for (MethodCallExpr call : region.findAll(MethodCallExpr.class)) {
      if (call.getEnd().map(p -> p.line >= begin).orElse(true) || Scopes.enclosingBody(call) != region
          || call.getScope().map(sc -> !receivers.contains(Expressions.withoutParenthesesAndCasts(sc).toString()))
              .orElse(true)) {
        continue;
      }
      if (wanted.test(call)) {
        return true;
      }
    }
    return false;
  }

  /** {@code continue;} or {@code { continue; }}, with no label: it goes back to this loop's condition. */
  private static boolean onlyContinue(Statement then) {
    Statement s = then;
    if (s.isBlockStmt() && s.asBlockStmt().getStatements().size() == 1) {
      s = s.asBlockStmt().getStatement(0);
    }
    return s instanceof ContinueStmt c && c.getLabel().isEmpty();
  }

  /**
   * A loop condition that no amount of waiting changes by itself: {@code true}, plain flags, the thread's
   * interrupt flag, and their negations joined with {@code &&}.
   */
  private static boolean onlyFlags(Expression condition) {
    Expression c = Expressions.withoutParenthesesAndCasts(condition);
    if (c instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.AND) {
      return onlyFlags(b.getLeft()) && onlyFlags(b.getRight());
    }
    if (c instanceof UnaryExpr u && u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT) {
      c = Expressions.withoutParenthesesAndCasts(u.getExpression());
    }
    return c instanceof BooleanLiteralExpr t && t.getValue() || isFlag(c) || isInterruptFlag(c);
  }

  /** {@code Thread.currentThread().isInterrupted()} or {@code Thread.interrupted()}. */
  private static boolean isInterruptFlag(Expression e) {
    if (!(e instanceof MethodCallExpr m) || !m.getArguments().isEmpty() || m.getScope().isEmpty()) {
      return false;
    }
    String scope = m.getScope().get().toString();
    return m.getNameAsString().equals("isInterrupted") && scope.equals("Thread.currentThread()")
        || m.getNameAsString().equals("interrupted") && scope.equals("Thread");
  }

  /** {@code flag && !synced()} chains: at least one operand waits for sync, the others are plain flags. */
  private boolean notSyncedUnlessFlagged(RuleContext ctx, Expression condition, List<Expression> polled) {
    Expression c = Expressions.withoutParenthesesAndCasts(condition);
    if (c instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.AND) {
      List<Expression> left = new ArrayList<>();
      List<Expression> right = new ArrayList<>();
      boolean l = notSyncedUnlessFlagged(ctx, b.getLeft(), left);
      boolean r = notSyncedUnlessFlagged(ctx, b.getRight(), right);
      polled.addAll(left);
      polled.addAll(right);
      return (l || isFlag(b.getLeft())) && (r || isFlag(b.getRight())) && (l || r);
    }
    return onlyNotSynced(ctx, c, polled);
  }

  private static boolean isFlag(Expression e) {
    Expression x = Expressions.withoutParenthesesAndCasts(e);
    if (x instanceof UnaryExpr u && u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT) {
      x = Expressions.withoutParenthesesAndCasts(u.getExpression());
    }
    return x instanceof NameExpr || x instanceof com.github.javaparser.ast.expr.FieldAccessExpr;
  }

  private static boolean isEmpty(Statement body) {
    return body.isEmptyStmt() || body.isBlockStmt() && body.asBlockStmt().getStatements().stream().allMatch(Statement::isEmptyStmt);
  }

  /** A private method that nothing in its file calls or references never runs: its wait hangs nothing. */
  private static boolean inUncalledPrivateMethod(Node n) {
    Optional<MethodDeclaration> method = n.findAncestor(MethodDeclaration.class);
    Optional<com.github.javaparser.ast.CompilationUnit> unit = n.findCompilationUnit();
    if (method.isEmpty() || !method.get().isPrivate() || unit.isEmpty()) {
      return false;
    }
    String name = method.get().getNameAsString();
    return FileNodes.of(unit.get(), MethodCallExpr.class).stream().noneMatch(c -> c.getNameAsString().equals(name))
        && FileNodes.of(unit.get(), com.github.javaparser.ast.expr.MethodReferenceExpr.class).stream()
            .noneMatch(r -> r.getIdentifier().equals(name));
  }

  /** {@code !a.hasSynced()}, {@code !a.hasSynced() || !b.hasSynced()} or {@code !(a.hasSynced() && b.hasSynced())}. */
  private boolean onlyNotSynced(RuleContext ctx, Expression condition, List<Expression> polled) {
    Expression c = Expressions.withoutParenthesesAndCasts(condition);
    if (c instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.OR) {
      return onlyNotSynced(ctx, b.getLeft(), polled) && onlyNotSynced(ctx, b.getRight(), polled);
    }
    if (c instanceof UnaryExpr u && u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT) {
      return allSynced(ctx, u.getExpression(), polled);
    }
    return false;
  }

  private boolean allSynced(RuleContext ctx, Expression expression, List<Expression> polled) {
    return allSynced(ctx, expression, polled, 0);
  }

  private boolean allSynced(RuleContext ctx, Expression expression, List<Expression> polled, int hops) {
    Expression e = expression;
    while (e instanceof EnclosedExpr en) {
      e = en.getInner();
    }
    if (e instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.AND) {
      return allSynced(ctx, b.getLeft(), polled, hops) && allSynced(ctx, b.getRight(), polled, hops);
    }
    if (e instanceof MethodCallExpr all && allMatchSynced(ctx, all, polled)) {
      return true;
    }
    if (!(e instanceof MethodCallExpr m) || !m.getArguments().isEmpty()) {
      return false;
    }
    if (m.getScope().isPresent() && WaitApis.SYNC_POLLS.stream().anyMatch(poll -> poll.matches(m, ctx.types()))) {
      polled.add(m.getScope().get());
      return true;
    }
    // A project method that only reports sync: boolean ready() { return informer.hasSynced(); }, in this
    // file or in a wrapper class of the project (strimzi's Informer.hasSynced()).
    if (hops < MAX_LOCAL_HOPS) {
      return SourceMethods.forCall(m, ctx.types()).flatMap(MethodDeclaration::getBody)
          .filter(b -> b.getStatements().size() == 1 && b.getStatement(0) instanceof ReturnStmt)
          .flatMap(b -> ((ReturnStmt) b.getStatement(0)).getExpression())
          .filter(r -> allSynced(ctx, r, polled, hops + 1)).isPresent();
    }
    return false;
  }

  /**
   * {@code Arrays.stream(informers).allMatch(SharedIndexInformer::hasSynced)} or {@code informers.stream().allMatch(i
   * -> i.hasSynced())}: a sync check over several informers, true only once every one has synced. The method
   * reference names the informer type (fabric8 {@code SharedIndexInformer} or 4.x / 5.x {@code SharedInformer},
   * client-java {@code SharedInformer}); the lambda's call must be a sync poll on its parameter.
   */
  private static boolean allMatchSynced(RuleContext ctx, MethodCallExpr all, List<Expression> polled) {
    if (!all.getNameAsString().equals("allMatch") || all.getArguments().size() != 1 || all.getScope().isEmpty()) {
      return false;
    }
    Expression test = Expressions.withoutParenthesesAndCasts(all.getArgument(0));
    if (test instanceof MethodReferenceExpr r && r.getScope() instanceof TypeExpr t
        && (r.getIdentifier().equals("hasSynced") || r.getIdentifier().equals("isWatching"))
        && ctx.types().isA(t.getType(), SYNCED_OWNERS).isYes()) {
      polled.add(all.getScope().get());
      return true;
    }
    if (test instanceof LambdaExpr l && l.getParameters().size() == 1 && l.getExpressionBody().isPresent()
        && Expressions.withoutParenthesesAndCasts(l.getExpressionBody().get()) instanceof MethodCallExpr poll
        && poll.getArguments().isEmpty() && poll.getScope().filter(NameExpr.class::isInstance)
            .map(sc -> ((NameExpr) sc).getNameAsString().equals(l.getParameter(0).getNameAsString())).orElse(false)
        && WaitApis.SYNC_POLLS.stream().anyMatch(p -> p.matches(poll, ctx.types()))) {
      polled.add(all.getScope().get());
      return true;
    }
    return false;
  }

  private static final Set<String> SYNCED_OWNERS = Set.of(F8_SHARED_INDEX_INFORMER, F8_SHARED_INFORMER,
      io.github.informerguard.analyzer.catalog.ApiTypes.K8S_SHARED_INFORMER);

  /**
   * Any break, return or throw in the body may be a deadline check: do not judge its condition. In
   * startup code ({@code nobodyInterrupts}), an exit only in an InterruptedException catch is none: no
   * code interrupts the thread that runs a startup hook.
   */
  private static boolean inInterruptCatch(Node n, Statement body) {
    return n.findAncestor(CatchClause.class).filter(body::isAncestorOf)
        .filter(c -> c.getParameter().getType().asString().equals("InterruptedException")
            || c.getParameter().getType().asString().equals("java.lang.InterruptedException"))
        .isPresent();
  }

  private static boolean hasExit(Statement body, boolean nobodyInterrupts) {
    for (Node n : body.findAll(Node.class, x -> x instanceof BreakStmt || x instanceof ReturnStmt
        || x instanceof ThrowStmt)) {
      if (n.findAncestor(LambdaExpr.class).filter(body::isAncestorOf).isEmpty()
          && n.findAncestor(ObjectCreationExpr.class).filter(body::isAncestorOf).isEmpty()
          && !(nobodyInterrupts && inInterruptCatch(n, body))) {
        return true;
      }
    }
    return body.findAll(MethodCallExpr.class).stream()
        .anyMatch(m -> m.getNameAsString().equals("exit") && m.getScope().map(Object::toString).filter("System"::equals).isPresent());
  }
}
