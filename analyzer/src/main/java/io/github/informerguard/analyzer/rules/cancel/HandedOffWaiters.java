package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Resolution;
import io.github.informerguard.analyzer.resolve.Scopes;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A local latch or future handed, before the wait, to project code (a facade method, a Watcher's
 * constructor, in this file or another analyzed one) that keeps it or passes it on, where only
 * event callbacks release it and no onClose does: the untimed wait then hangs when the awaited event
 * never comes or the watch closes first. Anything else the value meets (a release in plain code, a
 * return, a store the follower cannot see through) ends the analysis with no answer.
 */
final class HandedOffWaiters {

  private static final int MAX_HAND_OVERS = 3;

  private final TypeFacts types;
  private final CallbackSignals signals;

  HandedOffWaiters(TypeFacts types, CallbackSignals signals) {
    this.types = types;
    this.signals = signals;
  }

  /** The callback kind that alone releases the waiter of {@code wait}, through the code it was handed to. */
  Optional<String> onlyCallbacksRelease(MethodCallExpr wait, Set<String> releaseNames) {
    Expression waiter = Expressions.withoutParenthesesAndCasts(wait.getScope().orElseThrow());
    if (!(waiter instanceof NameExpr n) || wait.getEnd().isEmpty() || inLoopOrCallback(wait)) {
      return Optional.empty(); // a hand-off after a wait in a loop may still end the next wait
    }
    Optional<VariableRef> ref = Scopes.lookup(n.getNameAsString(), n);
    if (ref.isEmpty() || ref.get().kind() != VariableRef.Kind.LOCAL || ref.get().declaration().isEmpty()) {
      return Optional.empty();
    }
    Node declaration = ref.get().declaration().get();
    List<MethodCallExpr> releases = new ArrayList<>();
    boolean handedOff = false;
    for (NameExpr use : Scopes.enclosingBody(declaration).findAll(NameExpr.class,
        x -> x.getNameAsString().equals(n.getNameAsString()) && Scopes.refersTo(x, declaration))) {
      Node parent = use.getParentNode().orElse(null);
      if (parent instanceof MethodCallExpr m && m.getScope().filter(s -> s == use).isPresent()) {
        if (releaseNames.contains(m.getNameAsString())) {
          return Optional.empty(); // released by this method's own code: the in-file checks judge it
        }
        continue; // waited on or read
      }
      if (use.getBegin().filter(b -> b.isAfter(wait.getEnd().get())).isPresent()) {
        continue; // handed on only once the wait has returned: it cannot end this wait
      }
      if (!followArgument(parent, use, releaseNames, releases, 0)) {
        return Optional.empty();
      }
      handedOff = true;
    }
    if (!handedOff || releases.isEmpty()) {
      return Optional.empty();
    }
    // released by plain code, or by every end of the watch and of the object: the wait ends
    return signals.onlyCallbacksLeaveSomeEndOpen(releases, CallbackSignals.untimedByChoice(wait));
  }

  private static boolean inLoopOrCallback(Node wait) {
    for (Node p = wait.getParentNode().orElse(null); p != null && !(p instanceof MethodDeclaration
        || p instanceof ConstructorDeclaration); p = p.getParentNode().orElse(null)) {
      if (p instanceof WhileStmt || p instanceof DoStmt || p instanceof ForStmt || p instanceof ForEachStmt
          || p instanceof LambdaExpr || p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
        return true;
      }
    }
    return false;
  }

  /** The value is an argument of {@code call}: follow it into the project method or constructor that takes it. */
  private boolean followArgument(Node call, Node argument, Set<String> releaseNames, List<MethodCallExpr> releases,
      int depth) {
    if (depth >= MAX_HAND_OVERS) {
      return false;
    }
    if (call instanceof MethodCallExpr m && m.getArguments().contains(argument)) {
      int index = m.getArguments().indexOf(argument);
      Optional<MethodDeclaration> target = SourceMethods.forCall(m, types)
          .filter(t -> t.getBody().isPresent() && t.getParameters().size() == m.getArguments().size()
              && !t.getParameter(index).isVarArgs());
      return target.isPresent() && followParameter(target.get().getBody().get(), target.get().getParameter(index),
          releaseNames, releases, depth);
    }
    if (call instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isEmpty() && o.getArguments().contains(argument)) {
      int index = o.getArguments().indexOf(argument);
      Optional<ConstructorDeclaration> constructor = constructorOf(o);
      return constructor.isPresent() && followParameter(constructor.get().getBody(),
          constructor.get().getParameter(index), releaseNames, releases, depth);
    }
    return false;
  }

  /**
   * The constructor called, from the solver where there is one (its declaration then sits in a unit the
   * solver can answer type questions on, which callbackOf asks), else the one constructor of that arity
   * of a class of the analyzed sources.
   */
  private Optional<ConstructorDeclaration> constructorOf(ObjectCreationExpr created) {
    Optional<ConstructorDeclaration> resolved = Resolution.attempt(() -> created.resolve().toAst().orElse(null))
        .filter(ConstructorDeclaration.class::isInstance).map(ConstructorDeclaration.class::cast);
    if (resolved.isPresent()) {
      return resolved;
    }
    Optional<ClassOrInterfaceDeclaration> type = types.typeName(created.getType().getNameWithScope(), created)
        .flatMap(types::sourceType)
        .filter(ClassOrInterfaceDeclaration.class::isInstance).map(ClassOrInterfaceDeclaration.class::cast);
    if (type.isEmpty()) {
      return Optional.empty();
    }
    List<ConstructorDeclaration> matching = type.get().getConstructors().stream()
        .filter(c -> c.getParameters().size() == created.getArguments().size()
            && c.getParameters().stream().noneMatch(Parameter::isVarArgs))
        .toList();
    return matching.size() == 1 ? Optional.of(matching.get(0)) : Optional.empty();
  }

  private boolean followParameter(Node body, Parameter parameter, Set<String> releaseNames,
      List<MethodCallExpr> releases, int depth) {
    for (NameExpr use : body.findAll(NameExpr.class,
        x -> x.getNameAsString().equals(parameter.getNameAsString()) && Scopes.refersTo(x, parameter))) {
      if (!followUse(use, releaseNames, releases, depth)) {
        return false;
      }
    }
    return true;
  }

  /** A use that waits, signals, is stored in a field of its class, or is handed on again. */
  private boolean followUse(Expression use, Set<String> releaseNames, List<MethodCallExpr> releases, int depth) {
    Node parent = use.getParentNode().orElse(null);
    if (parent instanceof MethodCallExpr m && m.getScope().filter(s -> s == use).isPresent()) {
      if (releaseNames.contains(m.getNameAsString())) {
        releases.add(m);
      }
      return true;
    }
    if (parent instanceof AssignExpr a && a.getValue() == use && a.getOperator() == AssignExpr.Operator.ASSIGN) {
      return storedField(a.getTarget()).filter(f -> followField(f, releaseNames, releases, depth)).isPresent();
    }
    return followArgument(parent, use, releaseNames, releases, depth + 1);
  }

  /** {@code this.field} or a bare {@code field} of the enclosing class. */
  private static Optional<VariableRef> storedField(Expression target) {
    Optional<TypeDeclaration<?>> owner = target.findAncestor(TypeDeclaration.class).map(t -> (TypeDeclaration<?>) t);
    String name = target instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr ? f.getNameAsString()
        : target instanceof NameExpr n ? n.getNameAsString() : null;
    if (owner.isEmpty() || name == null) {
      return Optional.empty();
    }
    Optional<VariableRef> ref = target instanceof NameExpr n ? Scopes.lookup(name, n) : Scopes.field(owner.get(), name);
    return ref.filter(r -> r.kind() == VariableRef.Kind.FIELD);
  }

  private boolean followField(VariableRef field, Set<String> releaseNames, List<MethodCallExpr> releases, int depth) {
    Optional<Node> declaration = field.declaration();
    Optional<TypeDeclaration<?>> owner = declaration.flatMap(d -> d.findAncestor(TypeDeclaration.class))
        .map(t -> (TypeDeclaration<?>) t);
    if (owner.isEmpty()) {
      return false;
    }
    List<Expression> uses = new ArrayList<>(owner.get().findAll(NameExpr.class,
        x -> x.getNameAsString().equals(field.name()) && Scopes.refersTo(x, declaration.get())));
    uses.addAll(owner.get().findAll(FieldAccessExpr.class,
        f -> f.getScope() instanceof ThisExpr && f.getNameAsString().equals(field.name())));
    for (Expression use : uses) {
      Node parent = use.getParentNode().orElse(null);
      if (parent instanceof AssignExpr a && a.getTarget() == use) {
        continue; // the store itself
      }
      if (!followUse(use, releaseNames, releases, depth)) {
        return false;
      }
    }
    return true;
  }
}
