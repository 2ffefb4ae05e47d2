package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A lambda that opens a handle, handed to the constructor of a project class that keeps the lambda
 * in a field and keeps what each call of it returns in another field: {@code new WatcherMonitor<>(name,
 * listener -> client.pods().watch(..))}, where the monitor re-opens the watch through the function
 * and holds the current one in {@code watcher}. The class owns every handle the lambda opens; whether
 * it releases them is the question its result fields answer. Source-only (the class is read through
 * the project index), so both modes agree.
 */
final class FunctionKeepers {

  /** How many {@code this(..)} delegations a constructor parameter is followed through. */
  private static final int MAX_DELEGATIONS = 3;

  private final TypeFacts types;

  FunctionKeepers(TypeFacts types) {
    this.types = types;
  }

  /** A class that keeps a lambda's results, and the fields it keeps them in (never empty). */
  record Keeper(ClassOrInterfaceDeclaration type, List<VariableDeclarator> resultFields) {}

  /**
   * The project class that {@code lambda} is handed to and the fields every call of it stores its value
   * in; empty when the lambda goes elsewhere, or the class does anything else with it (passes it on,
   * drops a result, returns one).
   */
  Optional<Keeper> of(LambdaExpr lambda) {
    Node carried = Expressions.carrying(lambda);
    if (!(carried.getParentNode().orElse(null) instanceof ObjectCreationExpr created)
        || created.getAnonymousClassBody().isPresent()) {
      return Optional.empty();
    }
    int index = created.getArguments().indexOf(carried);
    Optional<ClassOrInterfaceDeclaration> type = types.typeName(created.getType().getNameWithScope(), created)
        .flatMap(types::sourceType)
        .filter(ClassOrInterfaceDeclaration.class::isInstance).map(ClassOrInterfaceDeclaration.class::cast)
        .filter(c -> !c.isInterface());
    if (index < 0 || type.isEmpty()) {
      return Optional.empty();
    }
    Optional<VariableDeclarator> function = storedIn(type.get(), created.getArguments().size(), index, 0);
    return function.flatMap(f -> resultFields(type.get(), f)).map(fields -> new Keeper(type.get(), fields));
  }

  /** The field that the constructor of that arity stores its parameter at {@code index} in, through {@code this(..)}. */
  private Optional<VariableDeclarator> storedIn(ClassOrInterfaceDeclaration type, int arity, int index, int depth) {
    List<ConstructorDeclaration> constructors = type.getConstructors().stream()
        .filter(c -> c.getParameters().size() == arity && !c.getParameter(c.getParameters().size() - 1).isVarArgs())
        .toList();
    if (constructors.size() != 1 || depth > MAX_DELEGATIONS) {
      return Optional.empty();
    }
    ConstructorDeclaration ctor = constructors.get(0);
    String param = ctor.getParameter(index).getNameAsString();
    List<NameExpr> uses = ctor.getBody().findAll(NameExpr.class).stream()
        .filter(n -> n.getNameAsString().equals(param)
            && Scopes.lookup(param, n).filter(r -> r.kind() == VariableRef.Kind.PARAMETER).isPresent())
        .toList();
    if (uses.size() != 1) {
      return Optional.empty();
    }
    NameExpr use = uses.get(0);
    Node parent = use.getParentNode().orElse(null);
    if (parent instanceof ExplicitConstructorInvocationStmt delegation && delegation.isThis()) {
      return storedIn(type, delegation.getArguments().size(), delegation.getArguments().indexOf(use), depth + 1);
    }
    if (parent instanceof AssignExpr a && a.getValue() == use && a.getOperator() == AssignExpr.Operator.ASSIGN) {
      return field(type, a.getTarget());
    }
    return Optional.empty();
  }

  /**
   * The fields that every call on {@code function} (a field holding the lambda) assigns its value to;
   * empty when some use of the field is not such a call.
   */
  private Optional<List<VariableDeclarator>> resultFields(ClassOrInterfaceDeclaration type, VariableDeclarator function) {
    String name = function.getNameAsString();
    List<VariableDeclarator> out = new ArrayList<>();
    for (Expression use : type.findAll(Expression.class)) {
      if (!refersTo(use, type, name, function)) {
        continue;
      }
      Node parent = use.getParentNode().orElse(null);
      if (parent instanceof AssignExpr a && a.getTarget() == use) {
        continue; // the constructor storing it
      }
      if (!(parent instanceof MethodCallExpr call) || call.getScope().filter(s -> s == use).isEmpty()
          || !(Expressions.carrying(call).getParentNode().orElse(null) instanceof AssignExpr a)
          || a.getOperator() != AssignExpr.Operator.ASSIGN) {
        return Optional.empty();
      }
      Optional<VariableDeclarator> kept = field(type, a.getTarget());
      if (kept.isEmpty()) {
        return Optional.empty();
      }
      if (!out.contains(kept.get())) {
        out.add(kept.get());
      }
    }
    return out.isEmpty() ? Optional.empty() : Optional.of(out);
  }

  private static boolean refersTo(Expression e, ClassOrInterfaceDeclaration type, String name, VariableDeclarator field) {
    if (e instanceof NameExpr n && n.getNameAsString().equals(name)) {
      return Scopes.lookup(name, n).flatMap(VariableRef::declaration).filter(d -> d == field).isPresent();
    }
    return e instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr && f.getNameAsString().equals(name)
        && f.findAncestor(ClassOrInterfaceDeclaration.class).filter(c -> c == type).isPresent();
  }

  /** The field of {@code type} that an assignment target names ({@code f} or {@code this.f}). */
  private static Optional<VariableDeclarator> field(ClassOrInterfaceDeclaration type, Expression target) {
    String name = target instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr ? f.getNameAsString()
        : target instanceof NameExpr n ? n.getNameAsString() : null;
    return name == null ? Optional.empty()
        : Scopes.field(type, name).flatMap(VariableRef::declaration)
            .filter(VariableDeclarator.class::isInstance).map(VariableDeclarator.class::cast);
  }
}
