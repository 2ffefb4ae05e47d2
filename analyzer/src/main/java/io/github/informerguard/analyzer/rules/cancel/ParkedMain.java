package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.LifecycleApis;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Scopes;
import io.github.informerguard.analyzer.fold.ConstantFolder;
import io.github.informerguard.analyzer.fold.Folded;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.Set;
import com.github.javaparser.ast.expr.UnaryExpr;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import java.util.Arrays;

/**
 * A {@code main} that starts something and then waits forever to keep the process up (joins its own
 * thread, sleeps forever, awaits a latch nothing counts down, loops with no way out). On SIGTERM the
 * JVM runs its shutdown hooks and halts: the main thread is not unwound, so a try-with-resources
 * close, a finally or a stop placed after the wait never runs. What it started is stopped only by a
 * shutdown hook (or another shutdown path of the file).
 */
final class ParkedMain {

  /** A sleep at least this long keeps the process up rather than pausing it. */
  static final Duration PARKING_SLEEP = Duration.ofDays(1);

  private final TypeFacts types;

  ParkedMain(TypeFacts types) {
    this.types = types;
  }

  /**
   * Whether {@code start} runs directly in {@code main} (not in a lambda) and an endless wait follows
   * it there on every path, with no shutdown path in the file.
   */
  boolean waitsForeverAfter(Node start) {
    Optional<MethodDeclaration> main = start.findAncestor(MethodDeclaration.class).filter(ParkedMain::isMain);
    if (main.isEmpty() || main.get().getBody().isEmpty()
        || start.findAncestor(LambdaExpr.class).filter(main.get()::isAncestorOf).isPresent()
        || start.findAncestor(ObjectCreationExpr.class).filter(o -> o.getAnonymousClassBody().isPresent()
            && main.get().isAncestorOf(o)).isPresent()) {
      return false;
    }
    int after = start.getEnd().map(p -> p.line).orElse(Integer.MAX_VALUE);
    BlockStmt body = main.get().getBody().get();
    boolean waits = body.findAll(Statement.class).stream()
        .filter(s -> s.getBegin().map(p -> p.line > after).orElse(false))
        .filter(s -> alwaysReached(s, body))
        .anyMatch(s -> endless(s, main.get()) || callsEndlessMethod(s));
    return waits && start.findCompilationUnit().filter(cu -> !new StartupHooks(types).fileHasShutdownPath(cu)).isPresent();
  }

  /**
   * {@code controller.run();} in main, where {@code run()} is a method of the analyzed sources (this file
   * or another) whose body, on every path, loops forever: {@code while (true)} or {@code for (;;)} with no
   * {@code break}, {@code return}, {@code throw} or exit, or a loop that ends only when the thread is
   * interrupted ({@code while (!Thread.currentThread().isInterrupted())}), which nothing does to the main
   * thread on SIGTERM. The call never returns, so what follows it in main never runs.
   */
  private boolean callsEndlessMethod(Statement s) {
    if (!(s instanceof ExpressionStmt e && e.getExpression() instanceof MethodCallExpr call)) {
      return false;
    }
    Optional<MethodDeclaration> callee = SourceMethods.forCall(call, types);
    if (callee.isEmpty() || callee.get().getBody().isEmpty() || isMain(callee.get())) {
      return false;
    }
    BlockStmt body = callee.get().getBody().get();
    return body.getStatements().stream()
        .anyMatch(st -> endless(st, callee.get()) || endsOnlyOnInterrupt(st));
  }

  /** {@code while (!Thread.currentThread().isInterrupted())} or {@code while (!Thread.interrupted())} with no way out. */
  private static boolean endsOnlyOnInterrupt(Statement s) {
    if (!(s instanceof WhileStmt w) || !(w.getCondition() instanceof UnaryExpr u)
        || u.getOperator() != UnaryExpr.Operator.LOGICAL_COMPLEMENT) {
      return false;
    }
    String test = u.getExpression().toString().replaceAll("\\s+", "");
    return (test.equals("Thread.currentThread().isInterrupted()") || test.equals("Thread.interrupted()"))
        && noWayOut(w.getBody());
  }

  /**
   * Whether an endless wait follows {@code start} on every path through {@code block} (a
   * try-with-resources block holding the client), in the same method or lambda body, with no shutdown
   * path in the file: the close at the end of the block then never runs, on SIGTERM or otherwise.
   */
  boolean waitsForeverIn(Node start, BlockStmt block) {
    Node region = Scopes.enclosingBody(start);
    if (region != Scopes.enclosingBody(block) || !block.isAncestorOf(start)) {
      return false;
    }
    int after = start.getEnd().map(p -> p.line).orElse(Integer.MAX_VALUE);
    // Outside main an interrupt (a pool's shutdownNow(), Thread.interrupt()) can reach the thread: a
    // wait that lets the InterruptedException out leaves the try block, and the close runs.
    boolean inMain = region instanceof MethodDeclaration m && isMain(m);
    boolean waits = block.findAll(Statement.class).stream()
        .filter(s -> s.getBegin().map(p -> p.line > after).orElse(false))
        .filter(s -> alwaysReached(s, block))
        .filter(s -> inMain || (s instanceof WhileStmt || s instanceof ForStmt) && !interruptLeaves(s))
        .anyMatch(s -> endless(s, region));
    return waits && start.findCompilationUnit().filter(cu -> !new StartupHooks(types).fileHasShutdownPath(cu)).isPresent();
  }

  /** JDK calls that throw InterruptedException, with the argument counts that do (poll() and get(key) do not). */
  private static final Set<String> INTERRUPTIBLE_ANY = Set.of("sleep", "join", "wait", "take", "put", "await",
      "acquire", "awaitTermination", "invokeAll", "invokeAny", "lockInterruptibly");

  /**
   * Whether an InterruptedException can leave {@code loop}: a blocking JDK call, or a call of a method of the
   * file that declares it, outside any try of the loop whose catch takes InterruptedException, Exception or
   * Throwable (and outside lambdas and anonymous classes of the loop, which run elsewhere).
   */
  private static boolean interruptLeaves(Statement loop) {
    for (MethodCallExpr c : loop.findAll(MethodCallExpr.class)) {
      String name = c.getNameAsString();
      int args = c.getArguments().size();
      boolean throwsIt = INTERRUPTIBLE_ANY.contains(name)
          || (name.equals("poll") || name.equals("offer")) && args >= 2
          || name.equals("get") && (args == 0 || args == 2) && c.getScope().isPresent()
          || SourceMethods.forCallInFile(c)
              .filter(m -> m.getThrownExceptions().stream().anyMatch(t -> INTERRUPT_CATCHES.contains(t.asString())))
              .isPresent();
      if (throwsIt && !caughtWithin(c, loop)) {
        return true;
      }
    }
    return false;
  }

  private static final Set<String> INTERRUPT_CATCHES = Set.of("InterruptedException", "java.lang.InterruptedException",
      "Exception", "java.lang.Exception", "Throwable", "java.lang.Throwable");

  private static boolean caughtWithin(Node call, Statement loop) {
    for (Node p = call.getParentNode().orElse(null); p != null && p != loop; p = p.getParentNode().orElse(null)) {
      if (p instanceof LambdaExpr || p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
        return true;
      }
      if (p instanceof TryStmt t && t.getTryBlock().isAncestorOf(call) && t.getCatchClauses().stream()
          .anyMatch(cc -> cc.getParameter().getType().asString().lines().findFirst().stream()
              .flatMap(x -> Arrays.stream(x.split("\\|")))
              .anyMatch(x -> INTERRUPT_CATCHES.contains(x.trim())))) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code start} runs directly in {@code main}'s body (not in a lambda or an anonymous class there). */
  static boolean startsInMain(Node start) {
    Optional<MethodDeclaration> main = start.findAncestor(MethodDeclaration.class).filter(ParkedMain::isMain);
    return main.isPresent() && main.get().getBody().isPresent()
        && start.findAncestor(LambdaExpr.class).filter(main.get()::isAncestorOf).isEmpty()
        && start.findAncestor(ObjectCreationExpr.class).filter(o -> o.getAnonymousClassBody().isPresent()
            && main.get().isAncestorOf(o)).isEmpty();
  }

  private static boolean isMain(MethodDeclaration m) {
    return io.github.informerguard.analyzer.resolve.SourceMethods.isMain(m);
  }

  /** Only blocks and try blocks lie between the statement and the method body: no branch skips it. */
  private static boolean alwaysReached(Statement s, BlockStmt body) {
    Node child = s;
    for (Node p = s.getParentNode().orElse(null); p != null && child != body; p = p.getParentNode().orElse(null)) {
      final Node c = child;
      boolean ok = p instanceof BlockStmt
          || p instanceof TryStmt t && t.getTryBlock() == c;
      if (!ok) {
        return false;
      }
      child = p;
    }
    return child == body;
  }

  private boolean endless(Statement s, Node main) {
    if (s instanceof ExpressionStmt e && e.getExpression() instanceof MethodCallExpr call) {
      String written = call.toString().replaceAll("\\s+", "");
      if (LifecycleApis.ENDLESS_WAITS.contains(written)) {
        return true;
      }
      if (sleepsForDays(call)) {
        return true;
      }
      return call.getNameAsString().equals(LifecycleApis.LATCH_AWAIT) && call.getArguments().isEmpty()
          && call.getScope().filter(scope -> latchNobodyCountsDown(scope, main)).isPresent();
    }
    if (s instanceof WhileStmt w) {
      return w.getCondition() instanceof BooleanLiteralExpr b && b.getValue() && noWayOut(w.getBody());
    }
    if (s instanceof ForStmt f) {
      return f.getCompare().isEmpty() && noWayOut(f.getBody());
    }
    return false;
  }

  /**
   * {@code TimeUnit.DAYS.sleep(1000)}, {@code Thread.sleep(Long.MAX_VALUE)}: a sleep of a day or more
   * after starting informers is how such a main keeps the process up, not a pause it means to wake
   * from; its pod is stopped (SIGTERM) long before it returns.
   */
  private boolean sleepsForDays(MethodCallExpr call) {
    if (!call.getNameAsString().equals(LifecycleApis.SLEEP) || call.getScope().isEmpty()
        || call.getArguments().isEmpty()) {
      return false;
    }
    ConstantFolder folder = new ConstantFolder(types);
    Expression scope = call.getScope().get();
    Optional<Long> millis;
    if (call.getArguments().size() == 1
        && folder.fold(scope).map(Folded::value).orElse(null) instanceof TimeUnit unit) {
      millis = folder.fold(call.getArgument(0)).map(Folded::value)
          .filter(v -> v instanceof Long || v instanceof Integer).map(v -> unit.toMillis(((Number) v).longValue()));
    } else if (call.getArguments().size() <= 2 && scope instanceof NameExpr n && Scopes.lookup(n.getNameAsString(), n).isEmpty()
        && types.typeName(n.getNameAsString(), n).filter(LifecycleApis.THREAD_TYPE::equals).isPresent()) {
      millis = folder.fold(call.getArgument(0)).flatMap(ConstantFolder::millis);
    } else {
      return false;
    }
    return millis.filter(ms -> ms >= PARKING_SLEEP.toMillis()).isPresent();
  }

  private static boolean noWayOut(Statement loopBody) {
    return loopBody.findAll(BreakStmt.class).isEmpty() && loopBody.findAll(ReturnStmt.class).isEmpty()
        && loopBody.findAll(ThrowStmt.class).isEmpty()
        && loopBody.findAll(MethodCallExpr.class).stream().noneMatch(c -> LifecycleApis.JVM_EXITS.contains(
            c.getScope().map(sc -> sc + ".").orElse("") + c.getNameAsString()));
  }

  /** {@code new CountDownLatch(1).await()}, or a local latch of main that no code of the file counts down. */
  private boolean latchNobodyCountsDown(Expression scope, Node main) {
    Expression x = Expressions.withoutParenthesesAndCasts(scope);
    if (x instanceof ObjectCreationExpr o) {
      return types.isA(o.getType(), Set.of(LifecycleApis.LATCH_TYPE)).isYes();
    }
    if (!(x instanceof NameExpr n)) {
      return false;
    }
    Optional<VariableRef> ref = Scopes.lookup(n.getNameAsString(), n);
    if (ref.isEmpty() || ref.get().kind() != VariableRef.Kind.LOCAL
        || !(ref.get().declaration().orElse(null) instanceof VariableDeclarator d)
        || !types.isA(x, Set.of(LifecycleApis.LATCH_TYPE)).isYes()) {
      return false;
    }
    // Handed to anything (a thread, a hook, a handler), the latch may be counted down there.
    return main.findAll(NameExpr.class).stream()
        .filter(u -> u.getNameAsString().equals(d.getNameAsString()) && Scopes.refersTo(u, d))
        .allMatch(u -> u.getParentNode().filter(p -> p instanceof MethodCallExpr m && m.getScope().filter(sc -> sc == u).isPresent()
            && !m.getNameAsString().equals(LifecycleApis.LATCH_COUNT_DOWN)).isPresent());
  }
}
