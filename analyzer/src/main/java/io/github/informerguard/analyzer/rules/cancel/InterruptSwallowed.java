package io.github.informerguard.analyzer.rules.cancel;

import static io.github.informerguard.analyzer.catalog.CancellationTypes.INTERRUPTED_EXCEPTION;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
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
 * re-interrupts the thread nor rethrows an InterruptedException; more severe inside informer,
 * watch and reconciler callbacks. Docs: docs/rules/InterruptSwallowed.md.
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
      Map.of());

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
      Optional<String> callback = callback(ctx, clause);
      String message = InterruptMessages.message(outcome == Outcome.WRAPPED, alternatives.size() > 1, callback);
      if (callback.isPresent()) {
        Severity configured = ctx.settings().severity();
        ctx.report(clause, configured == Severity.INFO ? Severity.WARNING : Severity.ERROR, message);
      } else {
        ctx.report(clause, message);
      }
    }
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
      Expression thrown = HandleLifecycle.unwrap(t.getExpression());
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

  /** The callback interface that the code around the catch implements, if any. */
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
      }
      if (node instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
        return matching(ctx, List.of(o.getType()));
      }
      if (node instanceof ClassOrInterfaceDeclaration c) {
        List<ClassOrInterfaceType> parents = new ArrayList<>(c.getExtendedTypes());
        parents.addAll(c.getImplementedTypes());
        return matching(ctx, parents);
      }
      if (node instanceof TypeDeclaration<?>) {
        return Optional.empty();
      }
      n = node.getParentNode();
    }
    return Optional.empty();
  }

  private static Optional<String> matching(RuleContext ctx, List<ClassOrInterfaceType> types) {
    for (ClassOrInterfaceType t : types) {
      for (String callbackType : CallbackApis.CALLBACK_TYPES) {
        if (ctx.types().isA(t, Set.of(callbackType)).isYes()) {
          return Optional.of(callbackType);
        }
      }
    }
    return Optional.empty();
  }
}
