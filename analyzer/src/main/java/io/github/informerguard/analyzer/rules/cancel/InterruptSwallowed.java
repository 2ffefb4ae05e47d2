package io.github.informerguard.analyzer.rules.cancel;

import io.github.informerguard.analyzer.rules.CatalogRule;
import io.github.informerguard.analyzer.rules.LoggingCalls;
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
import io.github.informerguard.analyzer.api.OptionType;
import io.github.informerguard.analyzer.catalog.InterruptApis;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.catalog.CallbackApis;
import io.github.informerguard.analyzer.catalog.CancellationTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Flags {@code catch (InterruptedException e)} (alone or in a multi-catch) that neither
 * re-interrupts the thread nor rethrows an InterruptedException, unless the catch ends a task
 * body (a Runnable/Callable lambda handed to a thread or executor, or such a class's run()/call(),
 * also by breaking out of or switching off its loop), ends in a call that always throws, or throws
 * an exception dedicated to interruption that the file turns back into one. More severe inside
 * informer, watch and reconciler callback methods. With the default {@code scope: kubernetes} only
 * code that uses the clients' types, or runs in their callbacks, is reported.
 * Docs: docs/rules/InterruptSwallowed.md.
 */
public final class InterruptSwallowed extends CatalogRule {

  public static final String ID = "InterruptSwallowed";

  /** Policy option: {@code kubernetes} (default) or {@code all}. */
  public static final String SCOPE = "scope";

  private static final Set<String> INTERRUPTED = Set.of(INTERRUPTED_EXCEPTION);
  private static final int MAX_HELPER_DEPTH = 3;

  public InterruptSwallowed() {
    super(new RuleDescriptor(
        ID,
        "InterruptedException caught without re-interrupting the thread or rethrowing it",
        Severity.WARNING,
        Family.CANCELLATION,
        "0.1.0",
        Set.of("InterruptedException"),
        Map.of(SCOPE, OptionType.SCOPE),
        Map.of(Severity.ERROR, "inside informer, watch and reconcile callbacks (one level above the configured severity)")),
        CatchClause.class, MethodCallExpr.class, MethodReferenceExpr.class, ClassOrInterfaceType.class,
        ObjectCreationExpr.class);
  }

  @Override
  public void check(RuleContext ctx) {
    boolean everywhere = ctx.settings().option(SCOPE).map("all"::equals).orElse(false);
    boolean namesClients = everywhere || ClientScope.namesClientTypes(ctx.unit());
    // Typed once, and only when a catch outside the file's named client code would be reported.
    Optional<Boolean> handlesClients = Optional.empty();
    for (CatchClause clause : ctx.nodes(CatchClause.class)) {
      Type type = clause.getParameter().getType();
      List<Type> alternatives = type instanceof UnionType u ? new ArrayList<>(u.getElements()) : List.of(type);
      String name = clause.getParameter().getNameAsString();
      if (alternatives.stream().noneMatch(t -> ctx.types().isA(t, INTERRUPTED).isYes())) {
        // syntax first (an instanceof test of the catch variable), types only then
        Optional<InterruptBranch> branch = InterruptBranch.of(ctx, clause)
            .filter(b -> alternatives.stream().anyMatch(t -> catchesAnyException(ctx, t)));
        if (branch.isEmpty()) {
          continue;
        }
        Optional<InterruptMessages.Ending> ending = branchEnding(ctx, clause, branch.get());
        if (ending.isEmpty() || inUncalledPrivateMethod(clause) || ShutdownHooks.inShutdownHook(ctx, clause)) {
          continue;
        }
        Optional<String> callback = callback(ctx, clause);
        if (!namesClients && callback.isEmpty()) {
          if (handlesClients.isEmpty()) {
            handlesClients = Optional.of(ClientScope.handlesClientValues(ctx));
          }
          if (!handlesClients.get()) {
            continue;
          }
        }
        report(ctx, clause, ending.get(), false, name, thrownWrapper(ctx, branch.get().path()), callback);
        continue;
      }
      Outcome outcome = outcome(ctx, clause.getBody(), name, 0);
      if (outcome == Outcome.HANDLED) {
        continue;
      }
      if (CompletedFutureGets.onlyReadsCompletedFutures(ctx, clause) || ShutdownHooks.inShutdownHook(ctx, clause)) {
        continue; // no interrupt can arrive (a completed future's get), or nobody can send or read one (a JVM exit hook)
      }
      Optional<Node> body = enclosingBody(clause);
      boolean returns = outcome == Outcome.SWALLOWED && body.isPresent() && endsBody(ctx, clause, body.get());
      boolean throwsOut = outcome == Outcome.WRAPPED && body.isPresent() && endsInThrow(clause);
      if ((returns || throwsOut) && isTaskBody(ctx, body.get())) {
        continue; // the task or thread ends: the interrupt asked for exactly that
      }
      if (returns && LoopStopResults.stopsTheCallingLoop(clause, loop -> endsTaskBody(ctx, loop))) {
        continue; // the method answers "stop" to the loop that is its task's last work: the task ends
      }
      if (outcome == Outcome.SWALLOWED && isWakeUpForOwnStopFlag(clause)) {
        continue; // the class interrupts the loop only after setting its stop flag: the loop exits
      }
      if (outcome == Outcome.SWALLOWED && !returns && body.isPresent() && endsTaskOnOwnStopFlag(ctx, clause, body.get())) {
        continue; // the task ends when the interrupt is the class's own stop signal; others are spurious
      }
      if (inUncalledPrivateMethod(clause)) {
        continue; // dead code: nothing can run it
      }
      Optional<String> callback = callback(ctx, clause);
      if (!namesClients && callback.isEmpty()) {
        if (handlesClients.isEmpty()) {
          handlesClients = Optional.of(ClientScope.handlesClientValues(ctx));
        }
        if (!handlesClients.get()) {
          continue; // scope kubernetes: this code has nothing to do with the clients
        }
      }
      InterruptMessages.Ending ending = outcome == Outcome.WRAPPED ? InterruptMessages.Ending.WRAPPED
          : returns ? InterruptMessages.Ending.RETURNS
          : endsWithBreak(clause) ? InterruptMessages.Ending.BREAKS : InterruptMessages.Ending.CONTINUES;
      report(ctx, clause, ending, alternatives.size() > 1, name, thrownWrapper(ctx, clause.getBody()), callback);
    }
  }

  private static void report(RuleContext ctx, CatchClause clause, InterruptMessages.Ending ending, boolean multi,
      String name, Optional<String> wrapper, Optional<String> callback) {
    InterruptMessages.Text text = InterruptMessages.of(ending, multi, name, where(clause), wrapper, callback);
    if (callback.isPresent()) {
      Severity configured = ctx.settings().severity();
      ctx.report(clause, configured == Severity.INFO ? Severity.WARNING : Severity.ERROR, text.message(),
          text.detail());
    } else {
      ctx.report(clause, text.message(), text.detail());
    }
  }

  /**
   * {@code Exception} or {@code Throwable}: a catch an InterruptedException can land in, or a {@code throws} that
   * may carry one.
   */
  static boolean catchesAnyException(RuleContext ctx, Type t) {
    return t instanceof ClassOrInterfaceType c
        && ctx.types().typeName(c.getNameWithScope(), c).filter(EXCEPTION_ROOTS::contains).isPresent();
  }

  private static final Set<String> EXCEPTION_ROOTS = Set.of("java.lang.Exception", "java.lang.Throwable");

  /**
   * How the branch that an InterruptedException takes through a {@code catch (Exception e)} ends,
   * or empty when it re-interrupts or passes the exception on (or ends a task, as a catch of
   * InterruptedException that ends it would). The path is what runs before the {@code if}, the
   * branch the interrupt takes (the then-branch of {@code e instanceof InterruptedException}, the
   * else of a negated test), and, when that branch completes normally, what follows the {@code if};
   * the other branch is for other exceptions.
   */
  private Optional<InterruptMessages.Ending> branchEnding(RuleContext ctx, CatchClause clause, InterruptBranch branch) {
    List<Statement> path = branch.path();
    Statement last = path.isEmpty() ? clause.getBody() : lastOf(path.get(path.size() - 1));
    boolean wrapped = false;
    for (Node part : path) {
      for (String exception : branch.names()) {
        Outcome o = outcome(ctx, part, exception, 0);
        if (o == Outcome.HANDLED) {
          return Optional.empty();
        }
        wrapped |= o == Outcome.WRAPPED;
      }
    }
    Optional<Node> body = enclosingBody(clause);
    boolean inTask = body.isPresent() && isTaskBody(ctx, body.get());
    if (wrapped) {
      boolean throwsOut = last.isThrowStmt() && noOuterCatch(clause);
      return inTask && throwsOut ? Optional.empty() : Optional.of(InterruptMessages.Ending.WRAPPED);
    }
    if (last.isReturnStmt() || body.isPresent() && fallsOffTheEnd(ctx, clause, path, last, body.get())) {
      return inTask ? Optional.empty() : Optional.of(InterruptMessages.Ending.RETURNS);
    }
    return Optional.of(last.isBreakStmt() ? InterruptMessages.Ending.BREAKS : InterruptMessages.Ending.CONTINUES);
  }

  /**
   * Whether the interrupt's path through the catch completes normally (no loop, jump or throw in it)
   * and nothing but logging follows the {@code try} up to the end of the method or lambda: the code
   * returns, as a catch of InterruptedException that falls off the end does.
   */
  private static boolean fallsOffTheEnd(RuleContext ctx, CatchClause clause, List<Statement> path, Statement last,
      Node owner) {
    if (leaves(last) || path.stream().anyMatch(p -> !p.findAll(Statement.class, s -> s.isWhileStmt() || s.isDoStmt()
        || s.isForStmt() || s.isForEachStmt() || s.isBreakStmt() || s.isContinueStmt() || s.isThrowStmt()
        || s.isReturnStmt()).isEmpty())) {
      return false;
    }
    Node body = owner instanceof LambdaExpr l ? l.getBody()
        : ((MethodDeclaration) owner).getBody().map(Node.class::cast).orElse(null);
    return isTail(ctx, clause.getParentNode().orElse(null), body);
  }

  /** The last statement of a block (the block itself when empty), or the statement. */
  private static Statement lastOf(Statement s) {
    return s instanceof BlockStmt b ? b.getStatements().getLast().orElse(b) : s;
  }

  /** Whether the statement (a block's last one) leaves the code that follows it. */
  private static boolean leaves(Statement s) {
    Statement last = lastOf(s);
    return last.isReturnStmt() || last.isThrowStmt() || last.isBreakStmt() || last.isContinueStmt();
  }

  /**
   * The {@code if} among a catch's own statements that tells an InterruptedException apart:
   * {@code e instanceof InterruptedException [ie]} alone or as one term of an {@code ||} (the
   * interrupt takes the then-branch), or {@code !(e instanceof InterruptedException)} alone or as one
   * term of an {@code &&} (the interrupt takes the else, or what follows the {@code if}). Split into
   * what runs before it, the branch the interrupt takes ({@code interrupt}, null for a negated test
   * without else), whether that branch is the then-branch, and what follows; {@code names} are the
   * catch parameter and the pattern variable.
   */
  record InterruptBranch(List<Statement> before, Statement interrupt, Statement other, List<Statement> after,
      List<String> names) {

    /** What the interrupt runs through: before, its branch, and what follows when the branch falls through. */
    List<Statement> path() {
      List<Statement> path = new ArrayList<>(before);
      if (interrupt != null) {
        path.add(interrupt);
      }
      if (interrupt == null || !leaves(interrupt)) {
        path.addAll(after);
      }
      return path;
    }

    static Optional<InterruptBranch> of(RuleContext ctx, CatchClause clause) {
      String caught = clause.getParameter().getNameAsString();
      NodeList<Statement> statements = clause.getBody().getStatements();
      for (int i = 0; i < statements.size(); i++) {
        if (!(statements.get(i) instanceof IfStmt test)) {
          continue;
        }
        Expression condition = Expressions.withoutParentheses(test.getCondition());
        List<Expression> terms = new ArrayList<>();
        terms(condition, com.github.javaparser.ast.expr.BinaryExpr.Operator.OR, terms);
        List<Expression> conjuncts = new ArrayList<>();
        terms(condition, com.github.javaparser.ast.expr.BinaryExpr.Operator.AND, conjuncts);
        for (Expression term : conjuncts) {
          if (term instanceof com.github.javaparser.ast.expr.UnaryExpr not
              && not.getOperator() == com.github.javaparser.ast.expr.UnaryExpr.Operator.LOGICAL_COMPLEMENT) {
            terms.add(Expressions.withoutParentheses(not.getExpression()));
          }
        }
        for (Expression term : terms) {
          if (term instanceof com.github.javaparser.ast.expr.InstanceOfExpr io
              && Expressions.withoutParentheses(io.getExpression()) instanceof NameExpr n
              && n.getNameAsString().equals(caught)
              && io.getType() instanceof ClassOrInterfaceType checked
              && ctx.types().isA(checked, INTERRUPTED).isYes()) {
            List<String> names = new ArrayList<>(List.of(caught));
            io.getPattern().filter(com.github.javaparser.ast.expr.TypePatternExpr.class::isInstance)
                .map(pe -> ((com.github.javaparser.ast.expr.TypePatternExpr) pe).getNameAsString())
                .ifPresent(names::add);
            boolean negated = io.getParentNode()
                .map(p -> p instanceof com.github.javaparser.ast.expr.EnclosedExpr ? p.getParentNode().orElse(p) : p)
                .filter(com.github.javaparser.ast.expr.UnaryExpr.class::isInstance).isPresent();
            Statement orElse = test.getElseStmt().orElse(null);
            return Optional.of(new InterruptBranch(List.copyOf(statements.subList(0, i)),
                negated ? orElse : test.getThenStmt(), negated ? test.getThenStmt() : orElse,
                List.copyOf(statements.subList(i + 1, statements.size())), List.copyOf(names)));
          }
        }
      }
      return Optional.empty();
    }

    /** The operands of a chain of {@code op} ({@code a || b || c}), or the expression itself. */
    private static void terms(Expression e, com.github.javaparser.ast.expr.BinaryExpr.Operator op, List<Expression> out) {
      if (e instanceof com.github.javaparser.ast.expr.BinaryExpr b && b.getOperator() == op) {
        terms(Expressions.withoutParentheses(b.getLeft()), op, out);
        terms(Expressions.withoutParentheses(b.getRight()), op, out);
      } else {
        out.add(e);
      }
    }
  }

  /** Where the catch is, for the message: {@code poll()}, {@code a lambda in start()}, {@code Worker's initializer}. */
  private static String where(CatchClause clause) {
    Optional<Node> n = clause.getParentNode();
    boolean inLambda = false;
    while (n.isPresent()) {
      Node node = n.get();
      if (node instanceof LambdaExpr) {
        inLambda = true;
      } else if (node instanceof CallableDeclaration<?> c) {
        String name = c.getNameAsString() + "()";
        return inLambda ? "a lambda in " + name : name;
      } else if (node instanceof InitializerDeclaration || node instanceof TypeDeclaration<?>) {
        return inLambda ? "a lambda in an initializer" : "an initializer";
      }
      n = node.getParentNode();
    }
    return "this code";
  }

  /** The simple name of the exception the catch throws instead ({@code throw new X(e)}), if it does. */
  private static Optional<String> thrownWrapper(RuleContext ctx, Statement body) {
    return thrownWrapper(ctx, List.of(body));
  }

  /** As above, over the statements an interrupt runs through. */
  private static Optional<String> thrownWrapper(RuleContext ctx, List<Statement> path) {
    for (Statement body : path) {
      for (ThrowStmt t : body.findAll(ThrowStmt.class)) {
        if (Expressions.withoutParenthesesAndCasts(t.getExpression()) instanceof ObjectCreationExpr created) {
          return Optional.of(created.getType().getNameAsString());
        }
      }
    }
    return Optional.empty();
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
   * completes normally and nothing after the try runs before the end of the body, or it ends the
   * loop the try is in ({@code break}, or switching off the loop's flag) and that loop ends the
   * body. A catch that loops, continues or breaks elsewhere does not end it.
   */
  private static boolean endsBody(RuleContext ctx, CatchClause clause, Node owner) {
    BlockStmt block = clause.getBody();
    Node body = owner instanceof LambdaExpr l ? l.getBody()
        : ((MethodDeclaration) owner).getBody().map(Node.class::cast).orElse(null);
    Optional<Statement> endedLoop = loopEndedBy(ctx, clause);
    if (endedLoop.isPresent()) {
      return isTail(ctx, endedLoop.get(), body);
    }
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
    return isTail(ctx, clause.getParentNode().orElse(null), body);
  }

  /**
   * A catch whose last statement throws and that is not inside another try of the same body: the
   * exception leaves the method or lambda (a wrapper thrown out of a task ends the task).
   */
  private static boolean endsInThrow(CatchClause clause) {
    if (clause.getBody().getStatements().getLast().filter(ThrowStmt.class::isInstance).isEmpty()) {
      return false;
    }
    for (Node n = clause.getParentNode().flatMap(Node::getParentNode).orElse(null); n != null;
        n = n.getParentNode().orElse(null)) {
      if (n instanceof LambdaExpr || n instanceof CallableDeclaration<?>) {
        return true;
      }
      if (n instanceof TryStmt t && !t.getCatchClauses().isEmpty()) {
        return false; // an outer catch may take the wrapper: do not guess
      }
    }
    return false;
  }

  /** Whether {@code loop} is the last work of a task body: the task ends when the loop does. */
  private static boolean endsTaskBody(RuleContext ctx, Statement loop) {
    Optional<Node> owner = enclosingBody(loop);
    if (owner.isEmpty() || !isTaskBody(ctx, owner.get())) {
      return false;
    }
    Node body = owner.get() instanceof LambdaExpr l ? l.getBody()
        : ((MethodDeclaration) owner.get()).getBody().map(Node.class::cast).orElse(null);
    return isTail(ctx, loop, body);
  }

  /** Whether no other try with catches, within the catch's method or lambda, encloses its try. */
  private static boolean noOuterCatch(CatchClause clause) {
    for (Node n = clause.getParentNode().flatMap(Node::getParentNode).orElse(null); n != null;
        n = n.getParentNode().orElse(null)) {
      if (n instanceof LambdaExpr || n instanceof CallableDeclaration<?>) {
        return true;
      }
      if (n instanceof TryStmt t && !t.getCatchClauses().isEmpty()) {
        return false;
      }
    }
    return false;
  }

  /**
   * Whether the catch carries on in a {@code while (!stop)} / {@code while (running)} loop (the flag
   * alone or one conjunct of an {@code &&}) and its class has a method that sets that flag to stop
   * the loop and then calls {@code interrupt()}: the class's own stop path sends the interrupt only
   * to wake the loop, which re-reads the flag and exits. Swallowing that interrupt loses nothing.
   */
  private static boolean isWakeUpForOwnStopFlag(CatchClause clause) {
    if (!clause.getBody().findAll(Statement.class, st -> st.isBreakStmt() || st.isContinueStmt()
        || st.isReturnStmt() || st.isThrowStmt()).isEmpty()) {
      return false;
    }
    Optional<Node> loop = Optional.empty();
    for (Node n = clause.getParentNode().orElse(null); n != null; n = n.getParentNode().orElse(null)) {
      if (n instanceof WhileStmt || n instanceof DoStmt) {
        loop = Optional.of(n);
        break;
      }
      if (n instanceof ForStmt || n instanceof ForEachStmt || n instanceof SwitchStmt || n instanceof LambdaExpr
          || n instanceof CallableDeclaration<?> || n instanceof TypeDeclaration<?>) {
        return false;
      }
    }
    if (loop.isEmpty()) {
      return false;
    }
    Expression condition = loop.get() instanceof WhileStmt w ? w.getCondition() : ((DoStmt) loop.get()).getCondition();
    List<Expression> terms = new ArrayList<>();
    conjuncts(Expressions.withoutParentheses(condition), terms);
    Optional<TypeDeclaration> owner = clause.findAncestor(TypeDeclaration.class);
    if (owner.isEmpty()) {
      return false;
    }
    for (Expression term : terms) {
      boolean negated = term instanceof UnaryExpr u && u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT;
      Expression flag = negated ? Expressions.withoutParentheses(((UnaryExpr) term).getExpression()) : term;
      Optional<String> name = flagName(flag);
      if (name.isPresent() && stopsAndInterrupts(flagOwner(owner.get(), name.get()), name.get(), negated)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The class whose field {@code flag} is, seen from {@code inner}: an inner (non-static) thread class
   * reads its outer class's stop flag, which the outer class's stop method sets before it interrupts
   * the thread. The nearest class that declares the field; {@code inner} itself when none does.
   */
  private static TypeDeclaration<?> flagOwner(TypeDeclaration<?> inner, String flag) {
    for (TypeDeclaration<?> t = inner; t != null;
        t = t.isStatic() ? null : t.findAncestor(TypeDeclaration.class).map(a -> (TypeDeclaration<?>) a).orElse(null)) {
      if (t.getFieldByName(flag).isPresent()) {
        return t;
      }
    }
    return inner;
  }

  private static void conjuncts(Expression e, List<Expression> out) {
    if (e instanceof com.github.javaparser.ast.expr.BinaryExpr b
        && b.getOperator() == com.github.javaparser.ast.expr.BinaryExpr.Operator.AND) {
      conjuncts(Expressions.withoutParentheses(b.getLeft()), out);
      conjuncts(Expressions.withoutParentheses(b.getRight()), out);
    } else {
      out.add(e);
    }
  }

  /**
   * Whether the catch, in a task body (a task its class hands to a thread or executor), asks the
   * class's stop flag which interrupt it took and ends the task on the stop path: {@code if
   * (!stopping) continue; ... return;} or {@code if (stopping) { ...; return; }}, where a method of
   * the class sets that flag and afterwards interrupts ({@code interrupt()}, or {@code shutdownNow()}
   * of the pool the task runs in). The stop signal ends the task as asked; an interrupt while the
   * flag is not set did not come from the owner and the task carries on by design. A catch that
   * branches on a flag nothing sets before interrupting is still reported.
   */
  private static boolean endsTaskOnOwnStopFlag(RuleContext ctx, CatchClause clause, Node body) {
    NodeList<Statement> statements = clause.getBody().getStatements();
    if (statements.isEmpty() || !(statements.get(0) instanceof IfStmt test) || test.getElseStmt().isPresent()) {
      return false;
    }
    Expression condition = Expressions.withoutParentheses(test.getCondition());
    boolean negated = condition instanceof UnaryExpr u && u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT;
    Optional<String> flag = flagName(negated
        ? Expressions.withoutParentheses(((UnaryExpr) condition).getExpression()) : condition);
    if (flag.isEmpty()) {
      return false;
    }
    Optional<Statement> thenLast = test.getThenStmt() instanceof BlockStmt b ? b.getStatements().getLast()
        : Optional.of(test.getThenStmt());
    boolean stopValue;
    if (thenLast.filter(Statement::isContinueStmt).isPresent()
        && statements.getLast().filter(Statement::isReturnStmt).isPresent()
        && clause.getBody().findAll(Statement.class, st -> st.isContinueStmt() || st.isReturnStmt()).size() == 2) {
      stopValue = negated; // the branch carries on while not stopping; the fall-through returns
    } else if (thenLast.filter(Statement::isReturnStmt).isPresent() && statements.size() == 1) {
      stopValue = !negated; // the branch returns when stopping; the catch otherwise carries on
    } else {
      return false;
    }
    Optional<TypeDeclaration> owner = clause.findAncestor(TypeDeclaration.class);
    return owner.isPresent() && isTaskBody(ctx, body) && stopsAndInterrupts(owner.get(), flag.get(), stopValue);
  }

  /**
   * A method of {@code type} that assigns {@code flag = stopValue} and afterwards calls {@code interrupt()}
   * or an executor's {@code shutdownNow()}, which interrupts the tasks it runs.
   */
  private static boolean stopsAndInterrupts(TypeDeclaration<?> type, String flag, boolean stopValue) {
    for (MethodDeclaration m : type.getMethods()) {
      Optional<Expression> set = m.findFirst(Expression.class,
          e -> flagWrite(e, flag).equals(Optional.of(stopValue)));
      if (set.isEmpty()) {
        continue;
      }
      int after = set.get().getEnd().map(p -> p.line).orElse(Integer.MAX_VALUE);
      if (m.findFirst(MethodCallExpr.class, c -> (reInterrupts(c)
          || InterruptApis.EXECUTOR_SHUTDOWN_NOW.matchesShape(c.getNameAsString(), c.getArguments().size()))
          && c.getBegin().map(p -> p.line >= after).orElse(false)).isPresent()) {
        return true;
      }
    }
    return false;
  }

  /** Methods the JVM calls on a private method of a Serializable class, which no source calls. */
  private static final Set<String> SERIALIZATION_HOOKS =
      Set.of("readObject", "writeObject", "readObjectNoData", "readResolve", "writeReplace");

  /** Annotations for the compiler only; any other one may be a framework's cue to call the method. */
  private static final Set<String> COMPILER_ANNOTATIONS =
      Set.of("SuppressWarnings", "java.lang.SuppressWarnings", "Deprecated", "java.lang.Deprecated");

  /**
   * Whether the catch is in a private method without framework annotations that its
   * file neither calls nor references by name: no code can run it.
   */
  private static boolean inUncalledPrivateMethod(CatchClause clause) {
    Optional<MethodDeclaration> method = clause.findAncestor(MethodDeclaration.class);
    if (method.isEmpty() || !method.get().isPrivate()
        || method.get().getAnnotations().stream().anyMatch(a -> !COMPILER_ANNOTATIONS.contains(a.getNameAsString()))
        || SERIALIZATION_HOOKS.contains(method.get().getNameAsString())) {
      return false;
    }
    String name = method.get().getNameAsString();
    CompilationUnit unit = clause.findCompilationUnit().orElse(null);
    return unit != null
        && FileNodes.of(unit, MethodCallExpr.class).stream().noneMatch(c -> c.getNameAsString().equals(name))
        && FileNodes.of(unit, MethodReferenceExpr.class).stream().noneMatch(r -> r.getIdentifier().equals(name));
  }

  /** A catch whose last statement is a plain {@code break}: it leaves the loop, and the code after the loop runs. */
  private static boolean endsWithBreak(CatchClause clause) {
    return clause.getBody().getStatements().getLast()
        .filter(st -> st instanceof BreakStmt b && b.getLabel().isEmpty()).isPresent();
  }

  /**
   * Whether nothing runs after {@code node} (a statement) before {@code body} ends, other than
   * statements that only log ({@code LOG.info("worker done")}): they report the end, they do no work
   * that the interrupt should have stopped.
   */
  private static boolean isTail(RuleContext ctx, Node node, Node body) {
    while (node != null && node != body) {
      Node parent = node.getParentNode().orElse(null);
      if (parent instanceof BlockStmt b) {
        int at = -1;
        for (int i = 0; i < b.getStatements().size(); i++) {
          if (b.getStatements().get(i) == node) {
            at = i; // by identity: equals() on nodes compares their text
          }
        }
        List<Statement> following = b.getStatements().subList(at + 1, b.getStatements().size());
        int end = plainReturnAt(following);
        if (at < 0 || !onlyLogsOrCleansUp(ctx, end < 0 ? following : following.subList(0, end))) {
          return false; // more statements run after it
        }
        if (end >= 0) {
          return true; // return; or return null: the method or lambda ends there, doing nothing more
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
   * The index of the first {@code return} among the statements that returns nothing, a literal or a variable
   * ({@code return;}, {@code return null;}, {@code return result;}): it ends the body and does no work. -1 if none.
   */
  private static int plainReturnAt(List<Statement> statements) {
    for (int i = 0; i < statements.size(); i++) {
      if (statements.get(i) instanceof ReturnStmt r && r.getExpression()
          .map(e -> e.isLiteralExpr() || e.isNameExpr()).orElse(true)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Statements that each log, or release what the task held on its way out ({@code watch.close()},
   * {@code executor.shutdown()}, {@code done.countDown()}, also under a null check): a task that ends
   * after them ends as the interrupt asked; they neither wait nor start new work.
   */
  private static boolean onlyLogsOrCleansUp(RuleContext ctx, List<Statement> statements) {
    return statements.stream().allMatch(st -> onlyLogs(ctx, List.of(st)) || cleansUp(st)
        || st instanceof IfStmt i && i.getElseStmt().isEmpty() && isNullCheck(i.getCondition())
            && (i.getThenStmt() instanceof BlockStmt b ? b.getStatements().stream().allMatch(InterruptSwallowed::cleansUp)
                : cleansUp(i.getThenStmt())));
  }

  /** {@code name.close()} and the like: a no-argument release called on a variable. */
  private static boolean cleansUp(Statement st) {
    return st instanceof ExpressionStmt es && es.getExpression() instanceof MethodCallExpr call
        && call.getArguments().isEmpty() && InterruptApis.CLEANUP_CALLS.contains(call.getNameAsString())
        && call.getScope().map(Expressions::withoutParenthesesAndCasts)
            .filter(sc -> sc instanceof NameExpr || sc instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr)
            .isPresent();
  }

  private static boolean isNullCheck(Expression condition) {
    return Expressions.withoutParentheses(condition) instanceof com.github.javaparser.ast.expr.BinaryExpr b
        && b.getOperator() == com.github.javaparser.ast.expr.BinaryExpr.Operator.NOT_EQUALS
        && (b.getLeft().isNullLiteralExpr() || b.getRight().isNullLiteralExpr());
  }

  /** Statements that are each a logging call and nothing else. */
  private static boolean onlyLogs(RuleContext ctx, List<Statement> statements) {
    return statements.stream().allMatch(st -> st instanceof ExpressionStmt es
        && es.getExpression() instanceof MethodCallExpr call && LoggingCalls.isLogging(call, ctx.types())
        && call.getArguments().stream().allMatch(a -> a.findFirst(MethodCallExpr.class,
            c -> !LoggingCalls.isLogging(c, ctx.types()) && !isGetter(c)).isEmpty()));
  }

  /** A no-argument read such as {@code stopped.get()} or {@code e.getMessage()}, for a log message. */
  private static boolean isGetter(MethodCallExpr call) {
    return call.getArguments().isEmpty() && (call.getNameAsString().startsWith("get")
        || call.getNameAsString().startsWith("is") || READS.contains(call.getNameAsString()));
  }

  /** Other no-argument reads that log lines name: {@code Thread.currentThread().threadId()}, {@code list.size()}. */
  private static final Set<String> READS = Set.of("toString", "currentThread", "threadId", "size", "nanoTime",
      "currentTimeMillis");

  /**
   * The loop that the catch ends: it ends with a plain {@code break} out of the innermost loop
   * around the try, or it sets that {@code while (running)} / {@code while (!stopped)} loop's flag
   * so that the loop stops, with nothing after the try in the loop's body.
   */
  private static Optional<Statement> loopEndedBy(RuleContext ctx, CatchClause clause) {
    BlockStmt block = clause.getBody();
    if (!block.findAll(Statement.class, s -> s.isWhileStmt() || s.isDoStmt() || s.isForStmt()
        || s.isForEachStmt() || s.isSwitchStmt() || s.isContinueStmt() || s.isThrowStmt()
        || s.isReturnStmt()).isEmpty()) {
      return Optional.empty();
    }
    Node tryStmt = clause.getParentNode().orElse(null);
    Statement loop = null;
    for (Node n = tryStmt == null ? null : tryStmt.getParentNode().orElse(null); n != null;
        n = n.getParentNode().orElse(null)) {
      if (n instanceof WhileStmt || n instanceof DoStmt || n instanceof ForStmt || n instanceof ForEachStmt) {
        loop = (Statement) n;
        break;
      }
      if (n instanceof SwitchStmt || n instanceof LambdaExpr || n instanceof CallableDeclaration<?>
          || n instanceof TypeDeclaration<?> || n instanceof ObjectCreationExpr) {
        return Optional.empty();
      }
    }
    if (loop == null) {
      return Optional.empty();
    }
    NodeList<Statement> statements = block.getStatements();
    Optional<Statement> last = statements.getLast();
    if (last.isPresent() && last.get() instanceof BreakStmt b && b.getLabel().isEmpty()) {
      return Optional.of(loop);
    }
    if (block.findFirst(BreakStmt.class).isPresent()) {
      return Optional.empty();
    }
    Expression condition = loop instanceof WhileStmt w ? w.getCondition()
        : loop instanceof DoStmt d ? d.getCondition() : null;
    if (condition == null) {
      return Optional.empty();
    }
    condition = Expressions.withoutParentheses(condition);
    boolean negated = condition instanceof UnaryExpr u && u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT;
    Expression flag = negated ? Expressions.withoutParentheses(((UnaryExpr) condition).getExpression()) : condition;
    Optional<String> flagName = flagName(flag);
    if (flagName.isEmpty()) {
      return Optional.empty();
    }
    for (Statement st : statements) {
      if (st instanceof ExpressionStmt es && flagWrite(es.getExpression(), flagName.get()).equals(Optional.of(negated))) {
        Node loopBody = loop instanceof WhileStmt w ? w.getBody() : ((DoStmt) loop).getBody();
        return isTail(ctx, tryStmt, loopBody) ? Optional.of(loop) : Optional.empty();
      }
    }
    return Optional.empty();
  }

  /**
   * {@code running} or {@code this.running}; read as a condition also {@code running.get()} (an
   * {@code AtomicBoolean}'s read).
   */
  private static Optional<String> flagName(Expression e) {
    if (e instanceof NameExpr n) {
      return Optional.of(n.getNameAsString());
    }
    if (e instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) {
      return Optional.of(f.getNameAsString());
    }
    if (e instanceof MethodCallExpr c && c.getNameAsString().equals("get") && c.getArguments().isEmpty()
        && c.getScope().isPresent() && !(c.getScope().get() instanceof MethodCallExpr)) {
      return flagName(c.getScope().get());
    }
    return Optional.empty();
  }

  private static final Set<String> ATOMIC_SETS = Set.of("set", "lazySet", "setRelease", "setVolatile", "setPlain",
      "setOpaque", "getAndSet");

  /**
   * The boolean literal that {@code e} writes to the flag {@code flag}: {@code flag = true},
   * {@code this.flag = true}, or an {@code AtomicBoolean}'s {@code flag.set(true)},
   * {@code flag.getAndSet(true)}, {@code flag.compareAndSet(false, true)}.
   */
  private static Optional<Boolean> flagWrite(Expression e, String flag) {
    if (e instanceof AssignExpr a) {
      return a.getOperator() == AssignExpr.Operator.ASSIGN && flagName(a.getTarget()).equals(Optional.of(flag))
          && !(a.getTarget() instanceof MethodCallExpr) && a.getValue() instanceof BooleanLiteralExpr v
          ? Optional.of(v.getValue()) : Optional.empty();
    }
    if (!(e instanceof MethodCallExpr c) || c.getScope().isEmpty()
        || c.getScope().get() instanceof MethodCallExpr
        || !flagName(c.getScope().get()).equals(Optional.of(flag))) {
      return Optional.empty();
    }
    NodeList<Expression> args = c.getArguments();
    if (ATOMIC_SETS.contains(c.getNameAsString()) && args.size() == 1
        && args.get(0) instanceof BooleanLiteralExpr v) {
      return Optional.of(v.getValue());
    }
    if (c.getNameAsString().equals("compareAndSet") && args.size() == 2
        && args.get(0) instanceof BooleanLiteralExpr from && args.get(1) instanceof BooleanLiteralExpr to
        && from.getValue() != to.getValue()) {
      return Optional.of(to.getValue());
    }
    return Optional.empty();
  }

  /**
   * A task body: a lambda passed to {@code new Thread(...)} or to an executor's submit/execute/
   * schedule (or CompletableFuture.runAsync/supplyAsync), or the run()/call() method of a class
   * that directly implements Runnable/Callable or extends Thread/TimerTask.
   */
  private static boolean isTaskBody(RuleContext ctx, Node owner) {
    return isTaskBody(ctx, owner, 0);
  }

  /** How many private methods deep a task body's last call is followed ({@code run() -> watch() -> loop()}). */
  private static final int MAX_TAIL_CALL_DEPTH = 3;

  private static boolean isTaskBody(RuleContext ctx, Node owner, int depth) {
    if (owner instanceof LambdaExpr lambda) {
      return handedToARunner(ctx, lambda);
    }
    MethodDeclaration m = (MethodDeclaration) owner;
    if (m.isPrivate() && onlyCalledAsWholeTask(ctx, m, depth)) {
      return true;
    }
    if (isMain(m) && !calledAsEntryPoint(ctx, m)) {
      return true; // the main thread's whole run: when main ends, so does that thread
    }
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

  /** {@code public static void main(String[] args)}, the body the JVM runs as the main thread. */
  private static boolean isMain(MethodDeclaration m) {
    return io.github.informerguard.analyzer.resolve.SourceMethods.isLaunchableMain(m);
  }

  /**
   * Whether code of the analysed sources calls this {@code main} as a library entry point
   * ({@code Launcher.main(args)} in another class, or {@code main(..)} from another method of its class): it then
   * runs inside its caller's work, which goes on after it returns, and is not the main thread's whole run. Read
   * from this file and from the files the source index lists as calling a method named {@code main}; by name,
   * the receiver being the class's simple or qualified name.
   */
  private static boolean calledAsEntryPoint(RuleContext ctx, MethodDeclaration main) {
    Optional<TypeDeclaration> owner = main.findAncestor(TypeDeclaration.class);
    if (owner.isEmpty()) {
      return false;
    }
    String simple = owner.get().getNameAsString();
    List<CompilationUnit> units = new ArrayList<>();
    main.findCompilationUnit().ifPresent(units::add);
    ctx.types().sourceFilesCalling("main").ifPresent(files -> files.forEach(f -> ctx.types().sourceType(f)
        .flatMap(Node::findCompilationUnit).filter(u -> units.stream().noneMatch(known -> known == u))
        .ifPresent(units::add)));
    for (CompilationUnit unit : units) {
      for (MethodCallExpr call : FileNodes.of(unit, MethodCallExpr.class)) {
        if (!call.getNameAsString().equals("main") || call.getArguments().size() != 1) {
          continue;
        }
        Optional<Expression> scope = call.getScope();
        boolean named = scope.isPresent() && (scope.get() instanceof NameExpr n && n.getNameAsString().equals(simple)
            || scope.get() instanceof FieldAccessExpr f && f.getNameAsString().equals(simple));
        boolean own = scope.isEmpty() && call.findAncestor(TypeDeclaration.class).filter(t -> t == owner.get()).isPresent()
            && call.findAncestor(MethodDeclaration.class).filter(c -> c != main).isPresent();
        if (named || own) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether the block runs, as one of its own statements, a call that never returns normally: a
   * JUnit, AssertJ or TestNG {@code fail(...)}, or a method of this class that throws on every path.
   * What follows it (the {@code return null;} javac wants) never runs.
   */
  private static boolean endsInCallThatAlwaysThrows(RuleContext ctx, BlockStmt block, int depth) {
    return block.getStatements().stream().anyMatch(st -> st instanceof ExpressionStmt es
        && es.getExpression() instanceof MethodCallExpr call && callAlwaysThrows(ctx, call, depth));
  }

  private static boolean callAlwaysThrows(RuleContext ctx, MethodCallExpr call, int depth) {
    if (isTestFrameworkFail(ctx, call)) {
      return true;
    }
    Optional<MethodDeclaration> helper = helper(ctx, call);
    return depth < MAX_HELPER_DEPTH && helper.isPresent() && helper.get().getBody().isPresent()
        && throwsOnEveryPath(ctx, helper.get().getBody().get(), depth + 1);
  }

  /** A block that cannot complete normally or return: every path ends in {@code throw}. */
  private static boolean throwsOnEveryPath(RuleContext ctx, BlockStmt block, int depth) {
    if (block.findFirst(ReturnStmt.class).isPresent()) {
      return false;
    }
    Optional<Statement> last = block.getStatements().getLast();
    return last.isPresent() && statementThrows(ctx, last.get(), depth);
  }

  private static boolean statementThrows(RuleContext ctx, Statement s, int depth) {
    if (s instanceof ThrowStmt) {
      return true;
    }
    if (s instanceof BlockStmt b) {
      return throwsOnEveryPath(ctx, b, depth);
    }
    if (s instanceof IfStmt i) {
      return i.getElseStmt().isPresent() && statementThrows(ctx, i.getThenStmt(), depth)
          && statementThrows(ctx, i.getElseStmt().get(), depth);
    }
    return s instanceof ExpressionStmt es && es.getExpression() instanceof MethodCallExpr call
        && callAlwaysThrows(ctx, call, depth);
  }

  /** {@code fail(...)} of JUnit 4/5, JUnit 3, AssertJ or TestNG: static import, or called on the class. */
  private static boolean isTestFrameworkFail(RuleContext ctx, MethodCallExpr call) {
    String name = call.getNameAsString();
    int count = call.getArguments().size();
    if (!InterruptApis.mayBeFail(name, count)) {
      return false;
    }
    if (call.getScope().isPresent()) {
      Expression scope = call.getScope().get();
      String written = scope instanceof NameExpr n ? n.getNameAsString()
          : scope instanceof FieldAccessExpr f ? f.toString() : null;
      return written != null && ctx.types().typeName(written, call)
          .filter(owner -> InterruptApis.isFail(owner, name, count)).isPresent();
    }
    if (helper(ctx, call).isPresent()) {
      return false; // the class's own fail(...): judged by its body
    }
    for (ImportDeclaration i : ctx.unit().getImports()) {
      if (!i.isStatic()) {
        continue;
      }
      String owner = i.isAsterisk() ? i.getNameAsString()
          : i.getName().getQualifier().map(Object::toString).orElse("");
      if ((i.isAsterisk() || i.getName().getIdentifier().equals(name)) && InterruptApis.isFail(owner, name, count)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code thrown} is an exception dedicated to interruption (its name says so) that this
   * file turns back into one: a catch of it that re-interrupts, throws a new InterruptedException,
   * or rethrows something (its cause, {@code asChecked()}) from a method declared to throw
   * InterruptedException.
   */
  private static boolean isTurnedBackIntoAnInterrupt(RuleContext ctx, ClassOrInterfaceType thrown, Node at) {
    String simple = thrown.getNameAsString();
    if (!simple.contains("Interrupt")) {
      return false;
    }
    for (CatchClause c : ctx.nodes(CatchClause.class)) {
      Type type = c.getParameter().getType();
      List<Type> caught = type instanceof UnionType u ? new ArrayList<>(u.getElements()) : List.of(type);
      if (caught.stream().noneMatch(t -> t instanceof ClassOrInterfaceType ct && ct.getNameAsString().equals(simple))) {
        continue;
      }
      if (c.getBody().findFirst(MethodCallExpr.class,
          InterruptSwallowed::reInterrupts).isPresent()) {
        return true;
      }
      for (ThrowStmt t : c.getBody().findAll(ThrowStmt.class)) {
        Expression e = Expressions.withoutParenthesesAndCasts(t.getExpression());
        if (e instanceof ObjectCreationExpr created) {
          if (ctx.types().isA(created.getType(), INTERRUPTED).isYes()) {
            return true;
          }
        } else if (declaresInterruptedException(ctx, c)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * {@code interrupt()} by name and argument count, whatever the receiver: a Thread variable the
   * solver cannot type (lenient mode, a missing jar) re-interrupts as surely as
   * {@code Thread.currentThread().interrupt()}.
   */
  static boolean reInterrupts(MethodCallExpr call) {
    return InterruptApis.THREAD_INTERRUPT.matchesShape(call.getNameAsString(), call.getArguments().size());
  }

  private static boolean declaresInterruptedException(RuleContext ctx, Node inside) {
    return inside.findAncestor(CallableDeclaration.class)
        .map(m -> ((CallableDeclaration<?>) m).getThrownExceptions().stream()
            .anyMatch(t -> ctx.types().isA(t, INTERRUPTED).isYes()))
        .orElse(false);
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
    return outcome(ctx, body, exception, depth, false);
  }

  /**
   * As above; {@code notHanded} for a helper that the catch calls without handing it the exception
   * ({@code worker()} in {@code log.warn("...", worker().timeout())}): what the helper's own catches
   * throw or re-interrupt is the helper's own failure, not the caller's interrupt, so they are left out.
   */
  private Outcome outcome(RuleContext ctx, Node body, String exception, int depth, boolean notHanded) {
    for (MethodCallExpr call : body.findAll(MethodCallExpr.class)) {
      if (notHanded && insideOwnCatch(call, body)) {
        continue;
      }
      if (reInterrupts(call)) {
        return Outcome.HANDLED; // Thread.currentThread().interrupt(), or a Thread variable's
      }
    }
    if (body instanceof BlockStmt block && endsInCallThatAlwaysThrows(ctx, block, 0)) {
      return Outcome.HANDLED; // fail("interrupted") or a project method that throws on every path
    }
    boolean wrapped = false;
    for (ThrowStmt t : body.findAll(ThrowStmt.class)) {
      if (notHanded && insideOwnCatch(t, body)) {
        continue;
      }
      Expression thrown = Expressions.withoutParenthesesAndCasts(t.getExpression());
      if (!(thrown instanceof ObjectCreationExpr created)
          || ctx.types().isA(created.getType(), INTERRUPTED).isYes()) {
        return Outcome.HANDLED; // rethrows the exception (or a variable or factory result that may carry it)
      }
      if (ctx.types().isA(created.getType(), InterruptApis.JDK_INTERRUPTION_EXCEPTIONS).isYes()) {
        return Outcome.HANDLED; // the JDK's own signal of an interrupted operation, which callers treat as one
      }
      if (isTurnedBackIntoAnInterrupt(ctx, created.getType(), t)) {
        return Outcome.HANDLED; // an exception dedicated to interruption, unwrapped upstream
      }
      wrapped = true; // throw new SomethingElse(e): the exception escapes, the interrupt status does not
    }
    if (exception != null && handsExceptionOn(ctx, body, exception)) {
      return Outcome.HANDLED;
    }
    if (depth < MAX_HELPER_DEPTH) {
      for (MethodCallExpr call : body.findAll(MethodCallExpr.class)) {
        if (notHanded && insideOwnCatch(call, body)) {
          continue;
        }
        Optional<MethodDeclaration> helper = helper(ctx, call);
        if (helper.isEmpty() || helper.get().getBody().isEmpty()) {
          continue;
        }
        Optional<String> parameter = parameterHanded(call, helper.get(), exception);
        boolean handed = exception != null && call.getArguments().stream()
            .anyMatch(a -> a instanceof NameExpr name && name.getNameAsString().equals(exception));
        // the helper's parameter that receives the exception: passing it on there is handing it on
        if (outcome(ctx, helper.get().getBody().get(), parameter.orElse(null), depth + 1, !handed) == Outcome.HANDLED) {
          return Outcome.HANDLED;
        }
      }
    }
    return wrapped ? Outcome.WRAPPED : Outcome.SWALLOWED;
  }

  /** The name of the helper's parameter that {@code call} passes the caught exception to (not a varargs one). */
  private static Optional<String> parameterHanded(MethodCallExpr call, MethodDeclaration helper, String exception) {
    if (exception == null) {
      return Optional.empty();
    }
    NodeList<Expression> args = call.getArguments();
    for (int i = 0; i < args.size() && i < helper.getParameters().size(); i++) {
      if (args.get(i) instanceof NameExpr name && name.getNameAsString().equals(exception)
          && !helper.getParameter(i).isVarArgs()) {
        return Optional.of(helper.getParameter(i).getNameAsString());
      }
    }
    return Optional.empty();
  }

  /** Whether {@code node} is inside a catch clause of a try within {@code body}. */
  private static boolean insideOwnCatch(Node node, Node body) {
    for (Node n = node.getParentNode().orElse(null); n != null && n != body; n = n.getParentNode().orElse(null)) {
      if (n instanceof CatchClause) {
        return true;
      }
    }
    return false;
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
        if (LoggingCalls.isLogging(call, ctx.types()) || helper(ctx, call).isPresent()) {
          continue; // helpers are judged by their bodies
        }
        if (LoggingCalls.onlyFeedsLogging(call, ctx.types())) {
          continue; // log.error(ExceptionUtils.getStackTrace(e)): formats the message, hands nothing on
        }
        if (returnsFailedFuture(ctx, call)) {
          continue; // return CompletableFuture.failedFuture(e): a value for the caller, the interrupt status is gone
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

  /**
   * Whether {@code call} is {@code CompletableFuture.failedFuture(e)} (or {@code failedStage(e)}) whose value
   * the catch returns at once. The JDK method only wraps the exception in a completed future; the caller
   * that gets it back runs on with the interrupt status cleared, and a reader of the future sees an
   * ExecutionException or CompletionException, not an interrupt. A failed future handed to other code
   * ({@code callback.accept(failedFuture(e))}) or stored is left as handing the exception on.
   */
  private static boolean returnsFailedFuture(RuleContext ctx, MethodCallExpr call) {
    Node parent = call.getParentNode().orElse(null);
    while (parent instanceof com.github.javaparser.ast.expr.EnclosedExpr
        || parent instanceof com.github.javaparser.ast.expr.CastExpr) {
      parent = parent.getParentNode().orElse(null);
    }
    return parent instanceof ReturnStmt && InterruptApis.FAILED_FUTURE.matches(call, ctx.types());
  }

  /**
   * A method of the same class (or an enclosing one), or one it inherits from a project superclass
   * (up to {@value #MAX_HELPER_DEPTH} levels: a {@code BaseResourceClient}'s {@code error(id, msg, e)}),
   * that a call without a foreign receiver invokes. Java looks in a class's superclasses before its
   * enclosing class, and so does this. An inherited method without a body (abstract) is not one:
   * its implementation is unknown.
   */
  private static Optional<MethodDeclaration> helper(RuleContext ctx, MethodCallExpr call) {
    if (call.getScope().isPresent() && !(call.getScope().get() instanceof ThisExpr)) {
      return Optional.empty();
    }
    Optional<Node> n = call.getParentNode();
    while (n.isPresent()) {
      if (n.get() instanceof TypeDeclaration<?> t) {
        Optional<List<MethodDeclaration>> found = candidates(t, call);
        TypeDeclaration<?> searched = t;
        for (int level = 0; found.isEmpty() && level < MAX_HELPER_DEPTH; level++) {
          Optional<TypeDeclaration<?>> parent = projectSuperclass(ctx, searched);
          if (parent.isEmpty()) {
            break;
          }
          searched = parent.get();
          found = candidates(searched, call).map(ms -> ms.stream()
              .filter(m -> m.getBody().isPresent() && !m.isPrivate()).toList());
        }
        if (found.isPresent()) {
          return found.get().size() == 1 ? Optional.of(found.get().get(0)) : Optional.empty();
        }
      }
      n = n.get().getParentNode();
    }
    return Optional.empty();
  }

  /** The methods of {@code type} with the call's name and argument count; empty when there are none. */
  private static Optional<List<MethodDeclaration>> candidates(TypeDeclaration<?> type, MethodCallExpr call) {
    List<MethodDeclaration> candidates = type.getMethodsByName(call.getNameAsString()).stream()
        .filter(m -> m.getParameters().size() == call.getArguments().size())
        .toList();
    return candidates.isEmpty() ? Optional.empty() : Optional.of(candidates);
  }

  /** The declaration, in the analysed sources, of the class {@code type} extends. */
  private static Optional<TypeDeclaration<?>> projectSuperclass(RuleContext ctx, TypeDeclaration<?> type) {
    if (!(type instanceof ClassOrInterfaceDeclaration c) || c.isInterface() || c.getExtendedTypes().isEmpty()) {
      return Optional.empty();
    }
    ClassOrInterfaceType parent = c.getExtendedTypes().get(0);
    return ctx.types().typeName(parent.getNameWithScope(), parent).flatMap(ctx.types()::sourceType)
        .filter(ClassOrInterfaceDeclaration.class::isInstance);
  }

  /** A lambda or method reference passed to {@code new Thread(...)} or to an executor's submit/execute/schedule. */
  private static boolean handedToARunner(RuleContext ctx, Expression task) {
    Node parent = task.getParentNode().orElse(null);
    if (parent instanceof ObjectCreationExpr o && o.getArguments().contains(task)) {
      return o.getAnonymousClassBody().isEmpty() && ctx.types().isA(o.getType(), Set.of(THREAD)).isYes();
    }
    if (parent instanceof MethodCallExpr m && m.getArguments().contains(task)
        && CallbackApis.TASK_SUBMITS.contains(m.getNameAsString()) && m.getScope().isPresent()
        && (!m.getNameAsString().equals(CallbackApis.EXECUTE_BLOCKING) || m.getArgument(0) == task)) {
      // executeBlocking(blocking, resultHandler): the handler runs on the event loop, not as the task
      Expression scope = m.getScope().get();
      if (scope instanceof NameExpr n && Scopes.lookup(n.getNameAsString(), n).isEmpty()) {
        return ctx.types().typeName(n.getNameAsString(), n).filter(COMPLETABLE_FUTURE::equals).isPresent();
      }
      return ctx.types().isA(scope, CallbackApis.TASK_RUNNERS) != Match.NO;
    }
    return false;
  }

  /**
   * A private method whose every call in its class is the whole body of a task lambda
   * ({@code executor.execute(() -> reconcile(job))}): when it ends, the task ends.
   */
  private static boolean onlyCalledAsWholeTask(RuleContext ctx, MethodDeclaration method, int depth) {
    Node owner = method.getParentNode().orElse(null);
    if (owner == null) {
      return false;
    }
    List<MethodCallExpr> calls = owner.findAll(MethodCallExpr.class).stream()
        .filter(c -> c.getNameAsString().equals(method.getNameAsString())
            && c.getArguments().size() == method.getParameters().size()
            && (c.getScope().isEmpty() || c.getScope().get() instanceof ThisExpr))
        .toList();
    if (calls.isEmpty() || calledElsewhere(ctx, method, owner)) {
      return false;
    }
    for (MethodCallExpr call : calls) {
      Node parent = call.getParentNode().orElse(null);
      Node statement = parent;
      if (parent instanceof ExpressionStmt s) {
        // () -> reconcile(job) has the statement as its body; () -> { reconcile(job); } a block of one
        Node block = s.getParentNode().orElse(null);
        parent = block instanceof LambdaExpr ? block
            : block instanceof BlockStmt b && b.getStatements().size() == 1 ? b.getParentNode().orElse(null) : null;
      }
      if (parent instanceof LambdaExpr lambda && handedToARunner(ctx, lambda)) {
        continue;
      }
      if (!(statement instanceof ExpressionStmt) || !isTailOfTaskBody(ctx, statement, depth)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the method is also run from places the task-body reading does not see: a method reference to it
   * that is not handed to a thread or executor ({@code names.forEach(this::settle)}: the next element runs after
   * the catch), or a call on an instance of its own class from elsewhere in the file
   * ({@code worker.pause(); client...list();} in the enclosing class). A call on a receiver of another
   * (or unknown) type is another method of the name and does not count.
   */
  private static boolean calledElsewhere(RuleContext ctx, MethodDeclaration method, Node owner) {
    String name = method.getNameAsString();
    CompilationUnit file = method.findCompilationUnit().orElse(null);
    if (file == null) {
      return false;
    }
    boolean referenced = FileNodes.of(file, MethodReferenceExpr.class).stream()
        .anyMatch(r -> r.getIdentifier().equals(name) && !handedToARunner(ctx, r));
    if (referenced || !(owner instanceof TypeDeclaration<?> type)) {
      return referenced;
    }
    return FileNodes.of(file, MethodCallExpr.class).stream()
        .anyMatch(c -> c.getNameAsString().equals(name) && c.getArguments().size() == method.getParameters().size()
            && c.getScope().filter(sc -> !(sc instanceof ThisExpr) && declaredAs(sc, type)).isPresent());
  }

  /** Whether the receiver is declared (field, local, parameter) or created as the given class, by simple name. */
  private static boolean declaredAs(Expression scope, TypeDeclaration<?> type) {
    Expression x = Expressions.withoutParenthesesAndCasts(scope);
    if (x instanceof ObjectCreationExpr o) {
      return o.getType().getNameAsString().equals(type.getNameAsString());
    }
    String variable = x instanceof NameExpr n ? n.getNameAsString()
        : x instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr ? f.getNameAsString() : null;
    if (variable == null) {
      return false;
    }
    Optional<Node> declaration = io.github.informerguard.analyzer.resolve.Scopes.lookup(variable, x)
        .flatMap(io.github.informerguard.analyzer.api.VariableRef::declaration);
    com.github.javaparser.ast.type.Type declared = declaration.orElse(null) instanceof VariableDeclarator v
        ? v.getType() : declaration.orElse(null) instanceof com.github.javaparser.ast.body.Parameter p ? p.getType() : null;
    return declared instanceof ClassOrInterfaceType c && c.getNameAsString().equals(type.getNameAsString());
  }

  /**
   * Whether the statement (a call of a private method) is the last work of a task body: nothing but logging
   * follows it up to the end of the task's run() (or of a private method that is itself only the last work of
   * one, up to {@link #MAX_TAIL_CALL_DEPTH} deep). When the called method ends, the task ends.
   */
  private static boolean isTailOfTaskBody(RuleContext ctx, Node statement, int depth) {
    if (depth >= MAX_TAIL_CALL_DEPTH) {
      return false;
    }
    Optional<Node> caller = enclosingBody(statement);
    if (caller.isPresent() && caller.get() instanceof LambdaExpr lambda) {
      // pool.submit(() -> { prepare(); watchLoop(); }): the last statement of a task lambda
      return isTail(ctx, statement, lambda.getBody()) && handedToARunner(ctx, lambda);
    }
    if (caller.isEmpty() || !(caller.get() instanceof MethodDeclaration m) || m.getBody().isEmpty()) {
      return false;
    }
    return isTail(ctx, statement, m.getBody().get()) && isTaskBody(ctx, m, depth + 1);
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
    // a call on another receiver (anonKube.startInformers() beside this::startInformers) is another method
    boolean called = owner.findAll(MethodCallExpr.class).stream()
        .anyMatch(c -> c.getNameAsString().equals(name) && c.getArguments().isEmpty()
            && (c.getScope().isEmpty() || c.getScope().get() instanceof ThisExpr));
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
