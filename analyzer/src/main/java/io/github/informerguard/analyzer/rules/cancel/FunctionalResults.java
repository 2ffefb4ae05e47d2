package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.FunctionalInterfaces;
import io.github.informerguard.analyzer.resolve.Scopes;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where the results of a functional value go: a lambda or method reference that a method of this
 * file returns, or that a local holds, is invoked somewhere, and each invocation's value is one of
 * its results. Followed only as far as the file shows every use of the value: a value passed to a
 * method, stored in a field, returned by a method that nothing in the file calls, or called
 * through a method that is not its functional interface's one abstract method, is not followed.
 * Reads declarations only (the interface's method comes from the JDK class or the source), so
 * both modes follow the same values.
 */
final class FunctionalResults {

  /** How many hops (a method's callers, a local's uses) a value is followed through. */
  private static final int MAX_HOPS = 4;

  private final TypeFacts types;

  FunctionalResults(TypeFacts types) {
    this.types = types;
  }

  /**
   * The calls whose values are results of {@code function} (a lambda or method reference), or
   * empty when some use of the function is one this file cannot follow. A present list is never
   * empty.
   */
  Optional<List<MethodCallExpr>> invocations(Expression function) {
    List<MethodCallExpr> out = new ArrayList<>();
    return follow(function, null, out, 0) && !out.isEmpty() ? Optional.of(out) : Optional.empty();
  }

  /**
   * Follows {@code value}, a functional value whose declared type is {@code type} (null while not
   * yet known), adding its invocations to {@code out}; false when a use goes where it cannot follow.
   */
  private boolean follow(Expression value, Type type, List<MethodCallExpr> out, int hops) {
    if (hops > MAX_HOPS) {
      return false;
    }
    final Node used = Expressions.carrying(value);
    Node parent = used.getParentNode().orElse(null);
    if (parent instanceof MethodCallExpr call && call.getScope().filter(s -> s == used).isPresent()) {
      Optional<String> sam = type == null ? Optional.empty() : abstractMethodOf(type);
      if (sam.isPresent() && sam.get().equals(call.getNameAsString())) {
        out.add(call);
        return true;
      }
      return false;
    }
    if (parent instanceof ReturnStmt r) {
      return returnedBy(r).map(m -> followCallers(m, out, hops)).orElse(false);
    }
    if (parent instanceof VariableDeclarator d && d.getInitializer().filter(i -> i == used).isPresent()
        && d.getParentNode().filter(VariableDeclarationExpr.class::isInstance).isPresent()) {
      return followLocal(d, out, hops);
    }
    return false;
  }

  /** The method a {@code return} belongs to, when it is not inside a lambda of that method. */
  private static Optional<MethodDeclaration> returnedBy(ReturnStmt r) {
    Optional<CallableDeclaration> callable = r.findAncestor(CallableDeclaration.class);
    if (callable.isEmpty() || !(callable.get() instanceof MethodDeclaration m)
        || r.findAncestor(LambdaExpr.class).filter(m::isAncestorOf).isPresent()) {
      return Optional.empty();
    }
    return Optional.of(m);
  }

  /**
   * A method that returns the functional value: its calls in this file are the value. Callers in
   * other files are not seen, so at least one caller must be here; a method reference to it hands
   * the value on where it cannot be followed.
   */
  private boolean followCallers(MethodDeclaration method, List<MethodCallExpr> out, int hops) {
    Optional<CompilationUnit> unit = method.findCompilationUnit();
    if (unit.isEmpty()) {
      return false;
    }
    boolean any = false;
    for (MethodCallExpr call : FileNodes.of(unit.get(), MethodCallExpr.class)) {
      if (call.getNameAsString().equals(method.getNameAsString())
          && SourceMethods.forCallInFile(call).filter(m -> m == method).isPresent()) {
        if (!follow(call, method.getType(), out, hops + 1)) {
          return false;
        }
        any = true;
      }
    }
    return any;
  }

  /** A local that holds the functional value: every use of it must be followed. */
  private boolean followLocal(VariableDeclarator local, List<MethodCallExpr> out, int hops) {
    if (local.getType().isVarType()) {
      return false;
    }
    Node body = Scopes.enclosingBody(local);
    boolean any = false;
    for (NameExpr n : body.findAll(NameExpr.class)) {
      if (n.getNameAsString().equals(local.getNameAsString()) && Scopes.refersTo(n, local)) {
        if (!follow(n, local.getType(), out, hops + 1)) {
          return false;
        }
        any = true;
      }
    }
    return any;
  }

  /**
   * Whether the source declares the lambda's type ({@code Supplier<Watch> open = () -> ...}, a method's
   * return type) as one whose method returns a value: whoever invokes it gets the lambda's result.
   */
  boolean declaredToReturnValue(LambdaExpr lambda) {
    return FunctionalInterfaces.targetOf(lambda)
        .flatMap(t -> types.typeName(t.getNameWithScope(), t))
        .flatMap(q -> FunctionalInterfaces.returnsValue(q, types::sourceType))
        .orElse(false);
  }

  /** The one abstract method of a functional interface type, as the declarations tell it. */
  private Optional<String> abstractMethodOf(Type type) {
    if (!(type instanceof ClassOrInterfaceType t)) {
      return Optional.empty();
    }
    return types.typeName(t.getNameWithScope(), t)
        .flatMap(q -> FunctionalInterfaces.abstractMethodName(q, types::sourceType));
  }
}
