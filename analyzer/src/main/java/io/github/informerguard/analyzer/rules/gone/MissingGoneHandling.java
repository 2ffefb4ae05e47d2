package io.github.informerguard.analyzer.rules.gone;

import io.github.informerguard.analyzer.fold.ConstantFolder;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import io.github.informerguard.analyzer.rules.CatalogRule;
import io.github.informerguard.analyzer.api.Family;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.catalog.CancellationTypes;
import io.github.informerguard.analyzer.catalog.WaitApis;
import io.github.informerguard.analyzer.catalog.WatchApis;
import io.github.informerguard.analyzer.rules.FindingText;
import io.github.informerguard.analyzer.rules.cancel.UncalledCode;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Flags raw watches whose close or error path ignores HTTP 410 Gone: fabric8 {@code Watcher}s
 * handed to {@code watch(...)} whose {@code onClose(WatcherException)} neither checks for 410
 * nor re-lists and re-watches, and client-java {@code Watch.createWatch(...)} loops with no 410
 * handling. fabric8 watches whose handle is closed in the method that opens them (bounded
 * lifetime) are not flagged. Informers and JOSDK event sources re-list by themselves and are not raw watches.
 * Docs: docs/rules/MissingGoneHandling.md.
 */
public final class MissingGoneHandling extends CatalogRule {

  public static final String ID = "MissingGoneHandling";

  public MissingGoneHandling() {
    super(warning(ID, Family.GONE,
        "Raw watch whose close/error path ignores HTTP 410 Gone (no relist and rewatch)",
        WatchApis.TRIGGER_WORDS),
        MethodCallExpr.class, ClassOrInterfaceDeclaration.class, MethodReferenceExpr.class);
  }

  @Override
  public void check(RuleContext ctx) {
    GoneEvidence evidence = new GoneEvidence(ctx.types());
    checkFabric8(ctx, evidence);
    checkClientJava(ctx, evidence);
  }

  private void checkFabric8(RuleContext ctx, GoneEvidence evidence) {
    Fabric8Watchers watchers = new Fabric8Watchers(ctx.types());
    ShortLivedWatches shortLived = new ShortLivedWatches(ctx.types());
    CloseHandlers handlers = new CloseHandlers(ctx.types(), evidence);
    MainEndingClose mainEnding = new MainEndingClose(ctx.types());
    List<Fabric8Watchers.Implementation> found = watchers.find(ctx.unit());
    for (Fabric8Watchers.Implementation impl : found) {
      Optional<MethodDeclaration> onClose = watchers.onClose(impl);
      // A watch only in private methods that nothing in the file calls never opens (a commented-out test()).
      if (onClose.isEmpty() || discardsEvents(impl) || impl.watches().stream().anyMatch(MissingGoneHandling::insideRelistLoop)
          || impl.watches().stream().allMatch(FreshRewatches::fabric8)
          || impl.watches().stream().allMatch(UncalledCode::inUncalledPrivateMethod)) {
        continue;
      }
      if (completesWithTimeout(ctx, impl)) {
        continue; // a one-shot wait whose future a timeout ends: a lost watch fails the waiter
      }
      MethodCallExpr first = impl.watches().get(0);
      String where = "passed to " + watchedAt(first);
      // A waiter released on any close takes a 410 for success, and an exit on any close kills the
      // process on a routine 410, however short the watch lives.
      if (reportsWaiterOrExit(ctx, handlers, evidence, impl, onClose.get(), where, impl.watches())) {
        continue;
      }
      if (TimedLatchWaits.oneShot(impl, evidence)) {
        continue; // the watch serves one wait with a deadline: a 410 makes it run to its deadline, as a missed event would
      }
      // Only long-lived watches: a handle closed in the opening method, with no unbounded wait
      // in between, lives seconds to minutes, too short for a compaction 410 to be a real risk.
      // A project watch method's handle returned to the caller is the caller's to judge (its lifetime is elsewhere).
      Optional<MethodCallExpr> longLived = impl.watches().stream()
          .filter(w -> !shortLived.isShortLived(w) && !watchers.returnedProxy(w)).findFirst();
      if (longLived.isEmpty()) {
        continue;
      }
      Set<Node> exception = Collections.newSetFromMap(new IdentityHashMap<>());
      exception.add(onClose.get().getParameter(0));
      GoneEvidence.Result r = evidence.scan(onClose.get().getBody().get(), exception,
          GoneEvidence.Delegation.ANY_UNKNOWN_CALL);
      // A close reported down the event stream's own channel (the bus eventReceived publishes to) only notes it.
      boolean opaque = r.opaque && !handlers.reportsToEventSink(onClose.get(), impl.method("eventReceived", 2));
      if (r.goneCheck || (r.fabric8List && r.fabric8Watch) || opaque || mainEnding.releasesMainsLastWait(onClose.get())
          || handlers.failsWaiter(onClose.get(), impl.method("eventReceived", 2))) {
        continue;
      }
      GoneMessages.fabric8(watcherName(impl), "passed to " + watchedAt(longLived.get()), handlesErrorAction(impl),
          CloseHandlers.isFourX(onClose.get(), ctx.types())).report(ctx, onClose.get());
    }
    // Anonymous Watchers handed to a helper that opens the watch: only a waiter their close releases blindly.
    for (Fabric8Watchers.Implementation impl : watchers.anonymousWithoutWatchHere(ctx.unit(), found)) {
      Optional<MethodDeclaration> onClose = watchers.onClose(impl);
      if (onClose.isEmpty() || discardsEvents(impl)
          || reportsWaiterOrExit(ctx, handlers, evidence, impl, onClose.get(), "wherever it is watched", List.of())) {
        continue;
      }
      // A watcher factory (a base class's buildWatcher() that subclasses watch with): its watch calls are
      // elsewhere, so it is judged as a named Watcher class watched from another file.
      Optional<MethodDeclaration> factory = watchers.baseClassFactory(impl);
      if (factory.isPresent() && judgedAsWatchedElsewhere(handlers, evidence, onClose.get())) {
        GoneMessages.fabric8("the Watcher returned by " + factory.get().getNameAsString() + "()",
            "wherever it is passed to watch(...)", handlesErrorAction(impl),
            CloseHandlers.isFourX(onClose.get(), ctx.types())).report(ctx, onClose.get());
        continue;
      }
      // Handed to a project helper that opens the watch and keeps it: an inert close handler is wrong there as on
      // a named Watcher watched from another file (the helper's lifetime is not in view, the dropped close is).
      // Not a waiter (eventReceived releases a latch or future): that may be a one-shot wait the helper bounds.
      boolean waiter = impl.method("eventReceived", 2).filter(handlers::releasesAnyWaiter).isPresent();
      Optional<MethodCallExpr> helper = factory.isEmpty() && !waiter && handlers.inert(onClose.get())
          ? watchers.handedToHelper(impl) : Optional.empty();
      if (helper.isPresent()) {
        String helperName = FindingText.shorten(helper.get().getScope().map(Expression::toString).orElse("?"))
            + "." + helper.get().getNameAsString() + "(...)";
        GoneMessages.fabric8(watcherName(impl), "passed to " + helperName, handlesErrorAction(impl),
            CloseHandlers.isFourX(onClose.get(), ctx.types())).report(ctx, onClose.get());
      }
    }
    // Named Watchers whose watch(...) calls are elsewhere: only a close handler that plainly drops the close,
    // and only when some source file hands the class to a watch call (an informer event handler that also
    // implements Watcher, or a watcher class nothing watches with, opens no watch).
    WatchedElsewhere elsewhere = new WatchedElsewhere(ctx.types());
    for (Fabric8Watchers.Implementation impl : watchers.namedWithoutWatchHere(ctx.unit(), found)) {
      Optional<MethodDeclaration> onClose = watchers.onClose(impl);
      Optional<List<MethodCallExpr>> watchedBy = elsewhere.watchCalls((ClassOrInterfaceDeclaration) impl.body());
      if (onClose.isEmpty() || discardsEvents(impl) || watchedBy.filter(List::isEmpty).isPresent()) {
        continue;
      }
      if (reportsWaiterOrExit(ctx, handlers, evidence, impl, onClose.get(), "wherever it is watched",
          watchedBy.orElse(List.of()))) {
        continue;
      }
      // The watch calls are in other files, so the watch's lifetime is unknown here: judge what onClose does
      // (and the helpers of this file it calls) as for a watcher watched here, but leave out a close that
      // releases a waiter, which may be the end of a short one-shot wait.
      if (judgedAsWatchedElsewhere(handlers, evidence, onClose.get())) {
        GoneMessages.fabric8(watcherName(impl), "wherever it is passed to watch(...)", handlesErrorAction(impl),
            CloseHandlers.isFourX(onClose.get(), ctx.types())).report(ctx, onClose.get());
      }
    }
  }

  /**
   * The Watcher does nothing at all: eventReceived and onClose are both declared here with empty bodies (or only
   * comments). Every event is dropped as it comes and no code hears of the close, so a watch a 410 ends loses
   * nothing any code uses (a placeholder watch that a ListerWatcher must hand back). A Watcher that does anything
   * with its events, or only logs its close, is judged as before.
   */
  private static boolean discardsEvents(Fabric8Watchers.Implementation impl) {
    return empty(impl.method("eventReceived", 2)) && empty(impl.method("onClose", 1));
  }

  private static boolean empty(Optional<MethodDeclaration> method) {
    return method.flatMap(MethodDeclaration::getBody).filter(b -> b.getStatements().isEmpty()).isPresent();
  }

  /** An inert close handler, or one that tells no 410 apart and releases no waiter (the end of a one-shot wait). */
  private static boolean judgedAsWatchedElsewhere(CloseHandlers handlers, GoneEvidence evidence, MethodDeclaration onClose) {
    return handlers.inert(onClose) || !handlers.releasesAnyWaiter(onClose) && ignoresGone(evidence, onClose);
  }

  private static boolean ignoresGone(GoneEvidence evidence, MethodDeclaration onClose) {
    Set<Node> exception = Collections.newSetFromMap(new IdentityHashMap<>());
    exception.add(onClose.getParameter(0));
    GoneEvidence.Result r = evidence.scan(onClose.getBody().get(), exception, GoneEvidence.Delegation.ANY_UNKNOWN_CALL);
    return !(r.goneCheck || (r.fabric8List && r.fabric8Watch) || r.opaque);
  }

  /**
   * Reports an onClose that releases a waiter without looking at the cause, or that ends the process
   * with no 410 check: wrong on any watch, whatever its lifetime or wherever it is opened. An exit behind
   * watches ({@code watches}, empty when unknown) that all cover a whole kind is the crash-only restart of
   * a process that lists again when restarted: judged done, not reported.
   */
  private static boolean reportsWaiterOrExit(RuleContext ctx, CloseHandlers handlers, GoneEvidence evidence,
      Fabric8Watchers.Implementation impl, MethodDeclaration onClose, String where, List<MethodCallExpr> watches) {
    Optional<String> waiter = handlers.releasesWaiterBlindly(onClose, impl.method("eventReceived", 2));
    if (waiter.isPresent()) {
      GoneMessages.fabric8EndsWaiter(watcherName(impl), where, waiter.get()).report(ctx, onClose);
      return true;
    }
    Set<Node> exception = Collections.newSetFromMap(new IdentityHashMap<>());
    exception.add(onClose.getParameter(0));
    GoneEvidence.Result r = evidence.scan(onClose.getBody().get(), exception, GoneEvidence.Delegation.TRACKED_VALUES_ONLY);
    Optional<MethodCallExpr> exit = handlers.exitsProcess(onClose, r);
    if (exit.isPresent() && WholeKindWatches.all(watches)) {
      return true;
    }
    if (exit.isPresent()) {
      GoneMessages.fabric8ExitsProcess(watcherName(impl), where, FindingText.shorten(exit.get().toString()),
          CloseHandlers.isFourX(onClose, ctx.types())).report(ctx, onClose);
      return true;
    }
    return false;
  }

  /**
   * The watcher completes a CompletableFuture that orTimeout/completeOnTimeout bounds: the future is
   * made with the timeout ({@code f = new CompletableFuture<>().orTimeout(..)}) or given one later
   * ({@code f.orTimeout(..)}), in the watcher or in the method that makes it.
   */
  private static boolean completesWithTimeout(RuleContext ctx, Fabric8Watchers.Implementation impl) {
    Set<String> completed = new java.util.HashSet<>();
    for (MethodCallExpr m : impl.body().findAll(MethodCallExpr.class)) {
      if (WaitApis.FUTURE_SIGNALS.contains(m.getNameAsString()) && m.getScope().isPresent()) {
        boundName(m.getScope().get()).ifPresent(completed::add);
      }
    }
    if (completed.isEmpty()) {
      return false;
    }
    // An anonymous watcher's future lives in the method that makes it; a named one's in its class.
    Node around = impl.body() instanceof com.github.javaparser.ast.expr.ObjectCreationExpr
        ? impl.body().findAncestor(com.github.javaparser.ast.body.CallableDeclaration.class)
            .map(Node.class::cast).orElse(impl.body())
        : impl.body();
    for (MethodCallExpr t : around.findAll(MethodCallExpr.class)) {
      if (!WatchApis.FUTURE_TIMEOUTS.contains(t.getNameAsString()) || t.getArguments().size() < 2 || t.getScope().isEmpty()
          || !ctx.types().isA(t.getScope().get(), Set.of(CancellationTypes.COMPLETABLE_FUTURE)).isYes()) {
        continue;
      }
      Node parent = t.getParentNode().orElse(null);
      Optional<String> bound = parent instanceof com.github.javaparser.ast.body.VariableDeclarator v
          ? Optional.of(v.getNameAsString())
          : parent instanceof com.github.javaparser.ast.expr.AssignExpr a && a.getValue() == t ? boundName(a.getTarget())
          : boundName(t.getScope().get());
      if (bound.filter(completed::contains).isPresent()) {
        return true;
      }
    }
    return false;
  }

  private static Optional<String> boundName(Expression e) {
    return e instanceof NameExpr n ? Optional.of(n.getNameAsString())
        : e instanceof FieldAccessExpr f && f.getScope() instanceof com.github.javaparser.ast.expr.ThisExpr
            ? Optional.of(f.getNameAsString()) : Optional.empty();
  }

  private void checkClientJava(RuleContext ctx, GoneEvidence evidence) {
    ClientJavaWatches watches = new ClientJavaWatches(ctx.types());
    MainEndingClose mainEnding = new MainEndingClose(ctx.types());
    ConstantFolder folder = new ConstantFolder(ctx.types());
    for (MethodCallExpr call : ctx.nodes(MethodCallExpr.class)) {
      // A watch only in a private method nothing in the file calls never opens (a helper of commented-out code).
      if (!watches.isCreateWatch(call) || UncalledCode.inUncalledPrivateMethod(call)) {
        continue;
      }
      Optional<Node> callable = ClientJavaWatches.enclosingCallable(call);
      if (callable.isEmpty() || !watches.iterated(call, callable.get()) || watches.isOneShotWait(call, callable.get())
          || FreshRewatches.clientJava(call) || ServerTimeoutWatches.endsOnServerTimeout(call, folder)
          || mainEnding.clientJavaWatchEndsMain(call, ClientJavaWatches.freshRequest(call))
          || watches.resetsOnErrorEvent(call, callable.get())) {
        continue;
      }
      GoneEvidence.Result r = evidence.scan(callable.get(), watches.events(callable.get()),
          GoneEvidence.Delegation.TRACKED_VALUES_ONLY);
      // A 410 looked for only on a thrown ApiException, with no event's type read, never sees a watch's 410.
      boolean onlyThrown = r.goneCheck && !r.errorTypeCheck && ClientJavaWatches.goneTestedOnlyOnApiException(callable.get());
      if (r.goneCheck && !onlyThrown || (r.errorTypeCheck && r.clientJavaRelist) || r.opaque) {
        continue;
      }
      String watched = FindingText.shorten(call.getArgument(1).toString());
      (onlyThrown ? GoneMessages.clientJavaGoneOnlyThrown(watched) : GoneMessages.clientJava(watched)).report(ctx, call);
    }
  }

  /**
   * A watch opened inside a loop that also lists: the loop itself re-lists and re-watches
   * whenever the watch ends, whatever onClose does.
   */
  private static boolean insideRelistLoop(MethodCallExpr watch) {
    Node n = watch.getParentNode().orElse(null);
    while (n != null && !(n instanceof MethodDeclaration)) {
      Node body = n instanceof WhileStmt w ? w.getBody()
          : n instanceof DoStmt d ? d.getBody()
          : n instanceof ForStmt f ? f.getBody()
          : n instanceof ForEachStmt fe ? fe.getBody() : null;
      if (body != null && body.findAll(MethodCallExpr.class).stream()
          .anyMatch(m -> m.getNameAsString().equals(WatchApis.F8_LIST_METHOD))) {
        return true;
      }
      n = n.getParentNode().orElse(null);
    }
    return false;
  }

  /** {@code pods.watch(...)}, or a project method that opens the watch: {@code tkn.watchPipelines(...)}. */
  private static String watchedAt(MethodCallExpr call) {
    return call.getScope().map(x -> FindingText.shorten(x.toString()) + ".").orElse("") + call.getNameAsString() + "(...)";
  }

  private static String watcherName(Fabric8Watchers.Implementation impl) {
    return impl.body() instanceof ClassOrInterfaceDeclaration c ? "Watcher " + c.getNameAsString() : "this Watcher";
  }

  /** Whether eventReceived mentions Action.ERROR, which suggests the author thought 410 arrives there. */
  private static boolean handlesErrorAction(Fabric8Watchers.Implementation impl) {
    return impl.method("eventReceived", 2).map(m -> m.findAll(Expression.class).stream().anyMatch(e ->
        (e instanceof NameExpr n && n.getNameAsString().equals("ERROR"))
            || (e instanceof FieldAccessExpr f && f.getNameAsString().equals("ERROR")))).orElse(false);
  }
}
