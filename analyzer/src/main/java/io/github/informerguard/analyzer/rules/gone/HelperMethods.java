package io.github.informerguard.analyzer.rules.gone;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.TypeExpr;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Same-file lookup of the methods a close handler delegates to. Deliberately source-only, so
 * that precise and lenient mode follow exactly the same helpers; a helper that is not in the
 * file counts as unknown code, which suppresses the finding.
 */
final class HelperMethods {

  private HelperMethods() {}

  static Optional<MethodDeclaration> forCall(MethodCallExpr call) {
    return find(call.getScope(), call.getNameAsString(), call.getArguments().size(), call);
  }

  /** {@code this::relist} or {@code Type::relist}: the method by name, when not overloaded. */
  static Optional<MethodDeclaration> forReference(MethodReferenceExpr ref) {
    List<MethodDeclaration> all = new ArrayList<>();
    for (int arity = 0; arity <= 3; arity++) {
      find(Optional.of(ref.getScope()), ref.getIdentifier(), arity, ref).ifPresent(all::add);
    }
    return all.size() == 1 ? Optional.of(all.get(0)) : Optional.empty();
  }

  /** Whether a call targets this file's code ({@code foo()}, {@code this.foo()}, {@code Outer.this.foo()}, {@code Local.foo()}). */
  static boolean isOwnCode(Optional<Expression> scope, Node use) {
    if (scope.isEmpty() || scope.get() instanceof ThisExpr) {
      return true;
    }
    return typeName(scope.get()).flatMap(n -> typeInFile(use, n)).isPresent();
  }

  private static Optional<MethodDeclaration> find(Optional<Expression> scope, String name, int arity, Node use) {
    if (scope.isEmpty() || (scope.get() instanceof ThisExpr t && t.getTypeName().isEmpty())) {
      Node n = use;
      while (n.getParentNode().isPresent()) {
        n = n.getParentNode().get();
        List<MethodDeclaration> found = declaredIn(n, name, arity);
        if (found.size() == 1) {
          return Optional.of(found.get(0));
        }
        if (found.size() > 1) {
          return Optional.empty();
        }
      }
      return Optional.empty();
    }
    Optional<String> typeName = scope.get() instanceof ThisExpr t
        ? t.getTypeName().map(tn -> tn.getIdentifier())
        : typeName(scope.get());
    return typeName.flatMap(tn -> typeInFile(use, tn)).flatMap(t -> {
      List<MethodDeclaration> found = declaredIn(t, name, arity);
      return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    });
  }

  private static Optional<String> typeName(Expression scope) {
    if (scope instanceof TypeExpr t && t.getType().isClassOrInterfaceType()) {
      return Optional.of(t.getType().asClassOrInterfaceType().getNameAsString());
    }
    if (scope instanceof NameExpr n && Character.isUpperCase(n.getNameAsString().charAt(0))
        && Scopes.lookup(n.getNameAsString(), n).isEmpty()) {
      return Optional.of(n.getNameAsString());
    }
    return Optional.empty();
  }

  static Optional<TypeDeclaration<?>> typeInFile(Node use, String simpleName) {
    return use.findCompilationUnit().flatMap(cu -> {
      List<TypeDeclaration<?>> all = new ArrayList<>();
      cu.findAll(TypeDeclaration.class).forEach(t -> {
        if (t.getNameAsString().equals(simpleName)) {
          all.add(t);
        }
      });
      return all.size() == 1 ? Optional.of(all.get(0)) : Optional.empty();
    });
  }

  private static List<MethodDeclaration> declaredIn(Node n, String name, int arity) {
    List<? extends BodyDeclaration<?>> members;
    if (n instanceof TypeDeclaration<?> t) {
      members = t.getMembers();
    } else if (n instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
      members = o.getAnonymousClassBody().get();
    } else {
      return List.of();
    }
    List<MethodDeclaration> out = new ArrayList<>();
    for (BodyDeclaration<?> m : members) {
      if (m instanceof MethodDeclaration md && md.getNameAsString().equals(name)
          && md.getParameters().size() == arity && md.getBody().isPresent()) {
        out.add(md);
      }
    }
    return out;
  }
}
