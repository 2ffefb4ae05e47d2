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
import io.github.informerguard.analyzer.catalog.CancellationTypes;
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
      // if (log.isDebugEnabled()) log...: a logger's level guard decides only whether the message is written
      return i.getCondition().findAll(MethodCallExpr.class).stream().allMatch(c -> LoggingCalls.isLevelQuery(c, types))
          && inert(i.getThenStmt())
          && i.getElseStmt().map(this::inert).orElse(true);
    }
    return false;
  }

  /**
   * onClose only reports the close down the channel that eventReceived hands its events to
   * ({@code bus.publish(TOPIC, message)} in both): every statement is a logging call, a call of a method that
   * eventReceived also calls on the same variable or field (not {@code this}, not a type's static method), or a
   * local whose value only feeds such calls; the close exception is at most read ({@code e.getMessage()}) or
   * logged, never handed on as a whole. The consumers of the event stream get one more message, telling them
   * the stream ended; nothing lists or watches again, so the close is noted and dropped as a log call drops it.
   */
  boolean reportsToEventSink(MethodDeclaration onClose, Optional<MethodDeclaration> eventReceived) {
    if (onClose.getBody().isEmpty() || onClose.getParameters().size() != 1
        || eventReceived.flatMap(MethodDeclaration::getBody).isEmpty()) {
      return false;
    }
    Set<String> sinks = new java.util.HashSet<>();
    for (MethodCallExpr m : eventReceived.get().getBody().get().findAll(MethodCallExpr.class)) {
      sinkKey(m).ifPresent(sinks::add);
    }
    if (sinks.isEmpty()) {
      return false;
    }
    BlockStmt body = onClose.getBody().get();
    List<MethodCallExpr> reports = body.findAll(MethodCallExpr.class,
        m -> m.getParentNode().orElse(null) instanceof ExpressionStmt && sinkKey(m).filter(sinks::contains).isPresent());
    if (reports.isEmpty() || !onlyReports(body, reports)) {
      return false;
    }
    String cause = onClose.getParameter(0).getNameAsString();
    // The channel is a broadcaster to other readers, not an in-process hand-off (a JDK queue, collection or
    // executor) whose consumer is the project's own code, which may list and watch again on the marker.
    if (reports.stream().anyMatch(r -> types.isA(r.getScope().get(), IN_PROCESS_HANDOFFS).isYes())) {
      return false;
    }
    // What is posted is a plain value: no code handed over (a lambda, a method reference, an anonymous class), no
    // call on another object or a method of the file (which may restart the watch), only the cause's text and
    // values built by static factories and constants (Notice.of("ERROR", e.getMessage())).
    for (MethodCallExpr r : reports) {
      if (!r.getArguments().stream().allMatch(a -> plainValue(a, cause))) {
        return false;
      }
    }
    for (com.github.javaparser.ast.body.VariableDeclarator d : body.findAll(com.github.javaparser.ast.body.VariableDeclarator.class)) {
      if (d.getInitializer().filter(i -> !plainValue(i, cause)).isPresent()) {
        return false;
      }
    }
    for (NameExpr n : body.findAll(NameExpr.class, x -> x.getNameAsString().equals(cause))) {
      boolean read = n.getParentNode().orElse(null) instanceof MethodCallExpr m && m.getScope().filter(sc -> sc == n).isPresent()
          && !m.getNameAsString().equals("getCause") && !m.getNameAsString().startsWith("as");
      if (!read && !inLogging(n) && !nullCheckBeforeLogging(n) && !inNullCheck(n)) {
        return false; // the exception itself is handed on: the receiver may act on it
      }
    }
    return true;
  }

  /** In-process hand-offs: what is put there is taken by the project's own code, which may restart the watch. */
  private static final Set<String> IN_PROCESS_HANDOFFS = Set.of("java.util.Collection", "java.util.Queue",
      "java.util.Deque", "java.util.List", "java.util.Set", "java.util.Map", "java.util.concurrent.BlockingQueue",
      "java.util.concurrent.BlockingDeque", "java.util.concurrent.TransferQueue",
      "java.util.concurrent.LinkedBlockingQueue", "java.util.concurrent.ArrayBlockingQueue",
      "java.util.concurrent.LinkedBlockingDeque", "java.util.concurrent.ConcurrentLinkedQueue",
      "java.util.concurrent.LinkedTransferQueue", "java.util.concurrent.PriorityBlockingQueue",
      "java.util.concurrent.SynchronousQueue", "java.util.ArrayDeque", "java.util.LinkedList", "java.util.ArrayList",
      CancellationTypes.EXECUTOR, CancellationTypes.EXECUTOR_SERVICE, CancellationTypes.SCHEDULED_EXECUTOR_SERVICE,
      CancellationTypes.THREAD_POOL_EXECUTOR, CancellationTypes.SCHEDULED_THREAD_POOL_EXECUTOR,
      CancellationTypes.FORK_JOIN_POOL);

  /**
   * A value that carries no code and calls nothing that may act: no lambda, method reference or anonymous class;
   * every call in it reads the cause ({@code e.getMessage()}) or is rooted in a type name (a static factory
   * {@code Notice.of(..)}, {@code String.valueOf(..)}, an enum constant's {@code Kind.POD.name()}).
   */
  private static boolean plainValue(Expression e, String cause) {
    if (e.findFirst(com.github.javaparser.ast.expr.LambdaExpr.class).isPresent()
        || e.findFirst(com.github.javaparser.ast.expr.MethodReferenceExpr.class).isPresent()
        || e.findAll(com.github.javaparser.ast.expr.ObjectCreationExpr.class).stream()
            .anyMatch(c -> c.getAnonymousClassBody().isPresent())) {
      return false;
    }
    return e.findAll(MethodCallExpr.class).stream().allMatch(m -> m.getScope()
        .filter(sc -> sc instanceof NameExpr n && n.getNameAsString().equals(cause) || rootedInTypeName(sc)).isPresent());
  }

  /** {@code Notice}, {@code Message.Level.ERROR}, {@code Notice.builder().text(t)}: a chain that starts at a type name. */
  private static boolean rootedInTypeName(Expression scope) {
    if (scope instanceof NameExpr n) {
      return Character.isUpperCase(n.getNameAsString().charAt(0))
          && io.github.informerguard.analyzer.resolve.Scopes.lookup(n.getNameAsString(), n).isEmpty();
    }
    if (scope instanceof com.github.javaparser.ast.expr.FieldAccessExpr f) {
      return rootedInTypeName(f.getScope());
    }
    if (scope instanceof MethodCallExpr m) {
      return m.getScope().filter(CloseHandlers::rootedInTypeName).isPresent();
    }
    return false;
  }

  /** {@code receiver.method/arity} of a call on a variable or a field ({@code bus}, {@code this.bus}), not on a logger. */
  private Optional<String> sinkKey(MethodCallExpr m) {
    if (m.getScope().isEmpty() || evidence.isLogging(m)) {
      return Optional.empty();
    }
    Expression scope = m.getScope().get();
    boolean variable = scope instanceof NameExpr n && io.github.informerguard.analyzer.resolve.Scopes.lookup(n.getNameAsString(), n).isPresent()
        || scope instanceof com.github.javaparser.ast.expr.FieldAccessExpr f && f.getScope() instanceof com.github.javaparser.ast.expr.ThisExpr;
    if (!variable) {
      return Optional.empty();
    }
    String receiver = scope instanceof NameExpr n ? n.getNameAsString()
        : ((com.github.javaparser.ast.expr.FieldAccessExpr) scope).getNameAsString();
    return Optional.of(receiver + "." + m.getNameAsString() + "/" + m.getArguments().size());
  }

  /** Every statement logs, is one of {@code reports}, declares a local that only feeds them, or is a null-checked block of such. */
  private boolean onlyReports(Statement s, List<MethodCallExpr> reports) {
    if (s instanceof BlockStmt b) {
      return b.getStatements().stream().allMatch(st -> onlyReports(st, reports));
    }
    if (s instanceof EmptyStmt) {
      return true;
    }
    if (s instanceof IfStmt i) {
      return i.getCondition().findAll(MethodCallExpr.class).stream().allMatch(c -> LoggingCalls.isLevelQuery(c, types))
          && onlyReports(i.getThenStmt(), reports) && i.getElseStmt().map(e -> onlyReports(e, reports)).orElse(true);
    }
    if (!(s instanceof ExpressionStmt e)) {
      return false;
    }
    if (e.getExpression() instanceof MethodCallExpr m) {
      return reports.contains(m) || inert(s);
    }
    if (e.getExpression() instanceof com.github.javaparser.ast.expr.VariableDeclarationExpr v) {
      return v.getVariables().stream().allMatch(d -> d.getInitializer().isPresent()
          && d.getInitializer().get().findFirst(com.github.javaparser.ast.expr.LambdaExpr.class).isEmpty()
          && d.getInitializer().get().findFirst(com.github.javaparser.ast.expr.MethodReferenceExpr.class).isEmpty()
          && d.getInitializer().get().findAll(com.github.javaparser.ast.expr.ObjectCreationExpr.class).stream()
              .allMatch(c -> c.getAnonymousClassBody().isEmpty())
          && feedsOnly(d, reports));
    }
    return false;
  }

  /** Every use of the local is inside the arguments of one of {@code reports}, or in the initializer of another local. */
  private static boolean feedsOnly(com.github.javaparser.ast.body.VariableDeclarator local, List<MethodCallExpr> reports) {
    Node scope = local.findAncestor(BlockStmt.class).orElse(null);
    if (scope == null) {
      return false;
    }
    List<NameExpr> uses = scope.findAll(NameExpr.class, n -> n.getNameAsString().equals(local.getNameAsString()));
    return !uses.isEmpty() && uses.stream().allMatch(u -> reports.stream().anyMatch(r -> r.getArguments().stream().anyMatch(a -> a.isAncestorOf(u) || a == u))
        || u.findAncestor(com.github.javaparser.ast.body.VariableDeclarator.class).filter(d -> d != local).isPresent());
  }

  /** {@code if (cause != null)}: asking whether there is a cause tells no 410 apart. */
  private static boolean inNullCheck(NameExpr n) {
    return n.getParentNode().orElse(null) instanceof com.github.javaparser.ast.expr.BinaryExpr b
        && (b.getLeft() instanceof com.github.javaparser.ast.expr.NullLiteralExpr
            || b.getRight() instanceof com.github.javaparser.ast.expr.NullLiteralExpr)
        && b.getParentNode().orElse(null) instanceof IfStmt i && i.getCondition() == b;
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
    Set<String> all = new java.util.HashSet<>();
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
        all.add(scope.toString());
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
          && !nullCheckBeforeRelease(n, all)) {
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
  private boolean nullCheckBeforeRelease(NameExpr n, Set<String> waiters) {
    return n.getParentNode().orElse(null) instanceof com.github.javaparser.ast.expr.BinaryExpr b
        && (b.getLeft() instanceof com.github.javaparser.ast.expr.NullLiteralExpr
            || b.getRight() instanceof com.github.javaparser.ast.expr.NullLiteralExpr)
        && b.getParentNode().orElse(null) instanceof IfStmt i && i.getCondition() == b
        && logsAndReleases(i.getThenStmt(), waiters) && i.getElseStmt().map(e -> logsAndReleases(e, waiters)).orElse(true);
  }

  /**
   * Every statement is inert (a log call, a comment) or a release of one of {@code waiters}, the latches and
   * futures onClose releases ({@code running.countDown(); finished.countDown();} both end their waits).
   */
  private boolean logsAndReleases(Statement s, Set<String> waiters) {
    if (s instanceof BlockStmt b) {
      return b.getStatements().stream().allMatch(st -> logsAndReleases(st, waiters));
    }
    return inert(s) || s instanceof ExpressionStmt e && e.getExpression() instanceof MethodCallExpr m
        && waiters.stream().anyMatch(w -> isRelease(m, w));
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
