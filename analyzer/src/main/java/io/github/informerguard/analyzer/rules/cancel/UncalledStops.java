package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Scopes;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * A field whose every stop sits in a method that nothing runs: a manager with a {@code shutdown()}
 * that stops its factory, started from {@code main}'s start-up, where no source file calls that
 * {@code shutdown()} (calls on variables declared with other types, {@code queue.shutdown()}, are not
 * calls of it) and no shutdown hook or container does. Only plain classes count (no annotations, no
 * supertypes, not abstract): a container or a framework may call a component's or an override's
 * methods by itself.
 */
final class UncalledStops {

  private final TypeFacts types;

  UncalledStops(TypeFacts types) {
    this.types = types;
  }

  /** The methods (named for the message) that hold every stop of the field, when none of them ever runs. */
  Optional<String> onlyIn(VariableDeclarator field, Set<String> stops) {
    if (!(field.findAncestor(TypeDeclaration.class).orElse(null) instanceof ClassOrInterfaceDeclaration owner)
        || owner.isInterface() || owner.isAbstract() || !owner.getAnnotations().isEmpty()
        || !owner.getExtendedTypes().isEmpty() || !owner.getImplementedTypes().isEmpty()) {
      return Optional.empty();
    }
    Set<MethodDeclaration> holders = new LinkedHashSet<>();
    for (MethodCallExpr call : owner.findAll(MethodCallExpr.class)) {
      if (!stops.contains(call.getNameAsString()) || call.getScope().isEmpty()
          || !names(Expressions.withoutParenthesesAndCasts(call.getScope().get()), field)) {
        continue;
      }
      Optional<MethodDeclaration> in = enclosingMethod(call);
      if (in.isEmpty() || !neverRuns(in.get(), owner)) {
        return Optional.empty();
      }
      holders.add(in.get());
    }
    return holders.isEmpty() ? Optional.empty()
        : Optional.of(String.join(", ", holders.stream().map(m -> m.getNameAsString() + "()").toList()));
  }

  private static boolean names(Expression scope, VariableDeclarator field) {
    return scope instanceof NameExpr n && n.getNameAsString().equals(field.getNameAsString()) && Scopes.refersTo(n, field)
        || scope instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr
            && f.getNameAsString().equals(field.getNameAsString());
  }

  /**
   * A public method no code runs: not main, not annotated (an entry point, an override), no annotated
   * parameter, not called or referenced in this file, and called on no receiver that may be this class
   * in any source file.
   */
  private boolean neverRuns(MethodDeclaration m, ClassOrInterfaceDeclaration owner) {
    if (m.getNameAsString().equals("main") || !m.getAnnotations().isEmpty()
        || m.getParameters().stream().anyMatch(p -> !p.getAnnotations().isEmpty())) {
      return false;
    }
    boolean calledHere = owner.findAll(MethodCallExpr.class).stream()
        .anyMatch(c -> c.getNameAsString().equals(m.getNameAsString())
            && SourceMethods.forCallInFile(c).filter(d -> d == m).isPresent())
        || owner.findAll(com.github.javaparser.ast.expr.MethodReferenceExpr.class).stream()
            .anyMatch(r -> r.getIdentifier().equals(m.getNameAsString()));
    if (calledHere) {
      return false;
    }
    // Only a public stop is the owner's API that production code forgot to call: a package-private
    // (or private) one is often a test's hook, and test sources are often not analyzed.
    return m.isPublic() && types.calledOnInSources(owner.getNameAsString(), m.getNameAsString(),
        m.getParameters().size()).filter(called -> !called).isPresent();
  }

  /** The method whose body holds {@code n}, through lambdas but not local or anonymous classes. */
  private static Optional<MethodDeclaration> enclosingMethod(Node n) {
    for (Node p = n.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
      if (p instanceof MethodDeclaration m) {
        return m.getParentNode().filter(ClassOrInterfaceDeclaration.class::isInstance).map(o -> m);
      }
      if (p instanceof TypeDeclaration<?> || p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }
}
