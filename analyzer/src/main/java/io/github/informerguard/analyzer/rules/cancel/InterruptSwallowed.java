package io.github.informerguard.analyzer.rules.cancel;

import io.github.informerguard.analyzer.resolve.Expressions;
import static io.github.informerguard.analyzer.catalog.CancellationTypes.COMPLETABLE_FUTURE;
import static io.github.informerguard.analyzer.catalog.CancellationTypes.INTERRUPTED_EXCEPTION;
import static io.github.informerguard.analyzer.catalog.CancellationTypes.THREAD;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import io.github.informerguard.analyzer.api.Match;
import io.github.informerguard.analyzer.resolve.Scopes;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import com.github.javaparser.ast.type.UnionType;
import io.github.informerguard.analyzer.api.Family;
import io.github.informerguard.analyzer.api.Rule;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.catalog.CallbackApis;
import io.github.informerguard.analyzer.catalog.CancellationTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Flags {@code catch (InterruptedException e)} (alone or in a multi-catch) that neither
 * re-interrupts the thread nor rethrows an InterruptedException, unless the catch ends a task
 * body (a Runnable/Callable lambda handed to a thread or executor, or such a class's run()/call());
 * more severe inside informer, watch and reconciler callback methods. Docs: docs/rules/InterruptSwallowed.md.
 */
public final class InterruptSwallowed implements Rule {

  public static final String ID = "InterruptSwallowed";

  private static final Set<String> INTERRUPTED = Set.of(INTERRUPTED_EXCEPTION);
  private static final Set<String> LOG_METHODS =
      Set.of("trace", "debug", "info", "warn", "warning", "error", "fatal", "severe", "fine", "log", "println", "print",
          "printf");
  private static final Set<String> PRINT_STREAMS = Set.of("System.out", "System.err");
  private static final int MAX_HELPER_DEPTH = 3;

  private static final RuleDescriptor DESCRIPTOR = new RuleDescriptor(
      ID,
      "InterruptedException caught without re-interrupting the thread or rethrowing it",
      Severity.WARNING,
      Family.CANCELLATION,
      "0.1.0",
      Set.of("InterruptedException"),
      Map.of(),
      Map.of(Severity.ERROR, "inside informer, watch and reconcile callbacks (one level above the configured severity)"));

  @Override
  public RuleDescriptor descriptor() {
    return DESCRIPTOR;
  }

  @Override
  public void check(RuleContext ctx) {
    for (CatchClause clause : ctx.unit().findAll(CatchClause.class)) {
      Type type = clause.getParameter().getType();
      List<Type> alternatives = type instanceof UnionType u ? new ArrayList<>(u.getElements()) : List.of(type);
      if (alternatives.stream().noneMatch(t -> ctx.types().isA(t, INTERRUPTED).isYes())) {
        continue;
      }
      String name = clause.getParameter().getNameAsString();
      Outcome outcome = outcome(ctx, clause.getBody(), name, 0);
      if (outcome == Outcome.HANDLED) {
        continue;
      }
      Optional<Node> body = enclosingBody(clause);
      boolean returns = outcome == Outcome.SWALLOWED && body.isPresent() && endsBody(clause, body.get());
      if (returns && isTaskBody(ctx, body.get())) {
        continue; // the task or thread ends: the interrupt asked for exactly that
      }
      InterruptMessages.Ending ending = outcome == Outcome.WRAPPED ? InterruptMessages.Ending.WRAPPED
          : returns ? InterruptMessages.Ending.RETURNS : InterruptMessages.Ending.CONTINUES;
      Optional<String> callback = callback(ctx, clause);
      String message = InterruptMessages.message(ending, alternatives.size() > 1, callback);
      if (callback.isPresent()) {
        Severity configured = ctx.settings().severity();
        ctx.report(clause, configured == Severity.INFO ? Severity.WARNING : Severity.ERROR, message);
      } else {
        ctx.report(clause, message);
      }
    }
  }

  /** The lambda or method whose body the catch is directly in (a {@code return} there leaves it). */
  private static Optional<Node> enclosingBody(Node n) {
    Optional<Node> p = n.getParentNode();
    while (p.isPresent()) {
      Node node = p.get();
      if (node instanceof LambdaExpr || node instanceof MethodDeclaration) {
        return Optional.of(node);
      }
      if (node instanceof CallableDeclaration<?> || node instanceof InitializerDeclaration
          || node instanceof TypeDeclaration<?> || node instanceof ObjectCreationExpr o
          && o.getAnonymousClassBody().isPresent()) {
        return Optional.empty();
      }
      p = node.getParentNode();
    }
    return Optional.empty();
  }

  /**
   * Whether leaving the catch leaves {@code owner}: the catch ends with {@code return}, or it
   * completes normally and nothing after the try runs before the end of the body. A catch that
   * loops, breaks or continues does not end it.
   */
  private static boolean endsBody(CatchClause clause, Node owner) {
    BlockStmt block = clause.getBody();
    if (!block.findAll(Statement.class, s -> s.isWhileStmt() || s.isDoStmt() || s.isForStmt()
        || s.isForEachStmt() || s.isBreakStmt() || s.isContinueStmt() || s.isThrowStmt()).isEmpty()) {
      return false;
    }
    NodeList<Statement> statements = block.getStatements();
    if (!statements.isEmpty() && statements.getLast().get().isReturnStmt()) {
      return true;
    }
    if (block.findFirst(ReturnStmt.class).isPresent()) {
      return false; // returns on some paths only; judged as carrying on
    }
    Node body = owner instanceof LambdaExpr l ? l.getBody()
        : ((MethodDeclaration) owner).getBody().map(Node.class::cast).orElse(null);
    Node node = clause.getParentNode().orElse(null); // the try statement
    while (node != null && node != body) {
      Node parent = node.getParentNode().orElse(null);
      if (parent instanceof BlockStmt b) {
        if (b.getStatements().isEmpty() || b.getStatements().getLast().get() != node) {
          return false; // more statements run after it
        }
      } else if (parent instanceof CatchClause c) {
        parent = c.getParentNode().orElse(null);
      } else if (!(parent instanceof IfStmt || parent instanceof TryStmt || parent instanceof LabeledStmt
          || parent instanceof SynchronizedStmt)) {
        return false; // a loop goes round again; a switch or anything else: do not guess
      }
      node = parent;
    }
    return node != null;
  }

  /**
   * A task body: a lambda passed to {@code new Thread(...)} or to an executor's submit/execute/
   * schedule (or CompletableFuture.runAsync/supplyAsync), or the run()/call() method of a class
   * that directly implements Runnable/Callable or extends Thread/TimerTask.
   */
  private static boolean isTaskBody(RuleContext ctx, Node owner) {
    if (owner instanceof LambdaExpr lambda) {
      return handedToARunner(ctx, lambda);
    }
    MethodDeclaration m = (MethodDeclaration) owner;
    if (!m.getParameters().isEmpty()) {
      return false;
    }
    if (m.isPrivate() && onlyRunAsTask(ctx, m)) {
      return true;
    }
    if (m.isStatic() || !(m.getNameAsString().equals("run") || m.getNameAsString().equals("call"))) {
      return false;
    }
    Node type = m.getParentNode().orElse(null);
    List<ClassOrInterfaceType> parents = new ArrayList<>();
    if (type instanceof ObjectCreationExpr o) {
      parents.add(o.getType());
    } else if (type instanceof ClassOrInterfaceDeclaration c) {
      parents.addAll(c.getExtendedTypes());
      parents.addAll(c.getImplementedTypes());
    }
    for (ClassOrInterfaceType t : parents) {
      String written = t.getNameWithScope();
      if (ctx.types().typeName(written, t).filter(CallbackApis.TASK_TYPES::contains).isPresent()) {
        return true; // directly: an interface that merely extends Runnable (a Controller) is not a task
      }
    }
    return false;
  }

  private enum Outcome {
    HANDLED,
    WRAPPED,
    SWALLOWED
  }

  /**
   * What a catch body (or a helper it calls) does with the interrupt. Anything that might
   * propagate it (the exception handed to code we cannot see) counts as handled.
   */
  private Outcome outcome(RuleContext ctx, Node body, String exception, int depth) {
    for (MethodCallExpr call : body.findAll(MethodCallExpr.class)) {
      if (call.getNameAsString().equals("interrupt") && call.getArguments().isEmpty()) {
        return Outcome.HANDLED; // Thread.currentThread().interrupt(), or a Thread variable's
      }
    }
    boolean wrapped = false;
    for (ThrowStmt t : body.findAll(ThrowStmt.class)) {
      Expression thrown = Expressions.withoutParenthesesAndCasts(t.getExpression());
      if (!(thrown instanceof ObjectCreationExpr created)
          || ctx.types().isA(created.getType(), INTERRUPTED).isYes()) {
        return Outcome.HANDLED; // rethrows the exception (or a variable or factory result that may carry it)
      }
      wrapped = true; // throw new SomethingElse(e): the exception escapes, the interrupt status does not
    }
    if (exception != null && handsExceptionOn(ctx, body, exception)) {
      return Outcome.HANDLED;
    }
    if (depth < MAX_HELPER_DEPTH) {
      for (MethodCallExpr call : body.findAll(MethodCallExpr.class)) {
        Optional<MethodDeclaration> helper = helper(call);
        if (helper.isPresent() && helper.get().getBody().isPresent()
            && outcome(ctx, helper.get().getBody().get(), null, depth + 1) == Outcome.HANDLED) {
          return Outcome.HANDLED;
        }
      }
    }
    return wrapped ? Outcome.WRAPPED : Outcome.SWALLOWED;
  }

  /**
   * Whether the caught exception is passed to code that may rethrow it or re-interrupt: any
   * call or constructor other than logging and other than a wrapper that is thrown right away.
   */
  private boolean handsExceptionOn(RuleContext ctx, Node body, String exception) {
    for (NameExpr use : body.findAll(NameExpr.class)) {
      if (!use.getNameAsString().equals(exception)) {
        continue;
      }
      Node parent = use.getParentNode().orElse(null);
      if (parent instanceof MethodCallExpr call && call.getArguments().contains(use)) {
        if (isLogging(ctx, call) || helper(call).isPresent()) {
          continue; // helpers are judged by their bodies
        }
        return true;
      }
      if (parent instanceof ObjectCreationExpr created && created.getArguments().contains(use)) {
        if (created.getParentNode().filter(ThrowStmt.class::isInstance).isPresent()) {
          continue; // throw new IllegalStateException(e): judged as wrapping
        }
        return true;
      }
      if (parent instanceof AssignExpr
          || parent instanceof VariableDeclarator
          || parent instanceof ReturnStmt) {
        return true; // stored or returned for someone else to act on
      }
    }
    return false;
  }

  private boolean isLogging(RuleContext ctx, MethodCallExpr call) {
    if (call.getScope().isEmpty() || !LOG_METHODS.contains(call.getNameAsString())) {
      return false;
    }
    Expression scope = call.getScope().get();
    if (PRINT_STREAMS.contains(scope.toString())) {
      return true;
    }
    if (scope instanceof NameExpr n) {
      String lower = n.getNameAsString().toLowerCase(Locale.ROOT);
      if (lower.equals("log") || lower.equals("logger")) {
        return true; // also Lombok's generated loggers, which no mode can type
      }
    }
    return ctx.types().isA(scope, CallbackApis.LOGGERS).isYes();
  }

  /** A method of the same class (or an enclosing one) that a call without a foreign receiver invokes. */
  private static Optional<MethodDeclaration> helper(MethodCallExpr call) {
    if (call.getScope().isPresent() && !(call.getScope().get() instanceof ThisExpr)) {
      return Optional.empty();
    }
    Optional<Node> n = call.getParentNode();
    while (n.isPresent()) {
      if (n.get() instanceof TypeDeclaration<?> t) {
        List<MethodDeclaration> candidates = t.getMethodsByName(call.getNameAsString()).stream()
            .filter(m -> m.getParameters().size() == call.getArguments().size())
            .toList();
        if (!candidates.isEmpty()) {
          return candidates.size() == 1 ? Optional.of(candidates.get(0)) : Optional.empty();
        }
      }
      n = n.get().getParentNode();
    }
    return Optional.empty();
  }

  /** A lambda or method reference passed to {@code new Thread(...)} or to an executor's submit/execute/schedule. */
  private static boolean handedToARunner(RuleContext ctx, Expression task) {
    Node parent = task.getParentNode().orElse(null);
    if (parent instanceof ObjectCreationExpr o && o.getArguments().contains(task)) {
      return o.getAnonymousClassBody().isEmpty() && ctx.types().isA(o.getType(), Set.of(THREAD)).isYes();
    }
    if (parent instanceof MethodCallExpr m && m.getArguments().contains(task)
        && CallbackApis.TASK_SUBMITS.contains(m.getNameAsString()) && m.getScope().isPresent()) {
      Expression scope = m.getScope().get();
      if (scope instanceof NameExpr n && Scopes.lookup(n.getNameAsString(), n).isEmpty()) {
        return ctx.types().typeName(n.getNameAsString(), n).filter(COMPLETABLE_FUTURE::equals).isPresent();
      }
      return ctx.types().isA(scope, CallbackApis.TASK_RUNNERS) != Match.NO;
    }
    return false;
  }

  /**
   * A private no-argument method that its class never calls directly and only hands, as a method
   * reference ({@code this::loop}), to a thread or executor: its body is the whole task.
   */
  private static boolean onlyRunAsTask(RuleContext ctx, MethodDeclaration method) {
    Node owner = method.getParentNode().orElse(null);
    if (owner == null) {
      return false;
    }
    String name = method.getNameAsString();
    boolean called = owner.findAll(MethodCallExpr.class).stream()
        .anyMatch(c -> c.getNameAsString().equals(name) && c.getArguments().isEmpty());
    if (called) {
      return false;
    }
    List<MethodReferenceExpr> refs = owner.findAll(MethodReferenceExpr.class).stream()
        .filter(r -> r.getIdentifier().equals(name)).toList();
    return !refs.isEmpty() && refs.stream().allMatch(r -> handedToARunner(ctx, r));
  }

  /**
   * The callback interface whose callback method the catch is in: a method such as onAdd or
   * reconcile of a class implementing it (or a private helper that only such methods call), or a
   * lambda registered as a reconciler. Other methods of the class are ordinary code.
   */
  private static Optional<String> callback(RuleContext ctx, CatchClause clause) {
    Optional<Node> n = clause.getParentNode();
    while (n.isPresent()) {
      Node node = n.get();
      if (node instanceof LambdaExpr lambda) {
        Optional<Node> call = lambda.getParentNode();
        if (call.isPresent() && call.get() instanceof MethodCallExpr m
            && CallbackApis.CALLBACK_REGISTRATIONS.contains(m.getNameAsString())
            && m.getScope().isPresent()
            && ctx.types().isA(m.getScope().get(), CallbackApis.CALLBACK_REGISTRATION_OWNERS).isYes()) {
          return Optional.of(CancellationTypes.K8S_RECONCILER);
        }
        if (isTaskBody(ctx, lambda)) {
          return Optional.empty(); // runs on another thread, not in the callback
        }
      }
      if (node instanceof MethodDeclaration method) {
        Optional<String> direct = callbackOf(ctx, method);
        if (direct.isPresent() || !method.isPrivate()) {
          return direct;
        }
        return helperOfCallback(ctx, method);
      }
      if (node instanceof TypeDeclaration<?> || node instanceof CallableDeclaration<?>) {
        return Optional.empty();
      }
      n = node.getParentNode();
    }
    return Optional.empty();
  }

  /** The callback type for which {@code method} is one of the callback methods, if any. */
  private static Optional<String> callbackOf(RuleContext ctx, MethodDeclaration method) {
    Node owner = method.getParentNode().orElse(null);
    List<ClassOrInterfaceType> parents = new ArrayList<>();
    if (owner instanceof ObjectCreationExpr o) {
      parents.add(o.getType());
    } else if (owner instanceof ClassOrInterfaceDeclaration c) {
      parents.addAll(c.getExtendedTypes());
      parents.addAll(c.getImplementedTypes());
    }
    for (ClassOrInterfaceType t : parents) {
      for (String callbackType : CallbackApis.CALLBACK_TYPES) {
        if (CallbackApis.CALLBACK_METHODS.get(callbackType).contains(method.getNameAsString())
            && ctx.types().isA(t, Set.of(callbackType)).isYes()) {
          return Optional.of(callbackType);
        }
      }
    }
    return Optional.empty();
  }

  /** A private method that is called, and only called, from callback methods of its class. */
  private static Optional<String> helperOfCallback(RuleContext ctx, MethodDeclaration helper) {
    Node owner = helper.getParentNode().orElse(null);
    if (owner == null) {
      return Optional.empty();
    }
    Optional<String> found = Optional.empty();
    for (MethodCallExpr call : owner.findAll(MethodCallExpr.class)) {
      if (!call.getNameAsString().equals(helper.getNameAsString())
          || call.getArguments().size() != helper.getParameters().size()
          || call.getScope().isPresent() && !(call.getScope().get() instanceof ThisExpr)) {
        continue;
      }
      Optional<MethodDeclaration> caller = call.findAncestor(MethodDeclaration.class);
      Optional<String> type = caller.filter(c -> c.getParentNode().orElse(null) == owner)
          .flatMap(c -> callbackOf(ctx, c));
      if (type.isEmpty()) {
        return Optional.empty();
      }
      found = type;
    }
    return found;
  }
}
