package io.github.informerguard.analyzer.rules.index;

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
import io.github.informerguard.analyzer.api.AnalysisMode;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.resolve.Resolution;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the source declaration of a called or referenced method: first in the file being
 * analyzed (the same answer in both modes), then, in precise mode only, through the symbol
 * solver (which also sees the other analyzed files).
 */
final class SourceMethods {

  private SourceMethods() {}

  static Optional<MethodDeclaration> forCall(MethodCallExpr call, TypeFacts types) {
    Optional<MethodDeclaration> local = inFile(call.getScope(), call.getNameAsString(),
        call.getArguments().size(), call);
    if (local.isPresent() || types.mode() != AnalysisMode.PRECISE) {
      return local;
    }
    return Resolution.attempt(() -> call.resolve().toAst().orElse(null))
        .filter(MethodDeclaration.class::isInstance)
        .map(MethodDeclaration.class::cast);
  }

  /** A reference used as a {@code Function}: the one-parameter method it names. */
  static Optional<MethodDeclaration> forReference(MethodReferenceExpr ref, TypeFacts types) {
    Optional<MethodDeclaration> local = inFile(Optional.of(ref.getScope()), ref.getIdentifier(), 1, ref);
    if (local.isPresent() || types.mode() != AnalysisMode.PRECISE) {
      return local;
    }
    Optional<MethodDeclaration> viaSolver = Resolution.attempt(() -> ref.resolve().toAst().orElse(null))
        .filter(MethodDeclaration.class::isInstance)
        .map(MethodDeclaration.class::cast);
    if (viaSolver.isPresent()) {
      return viaSolver;
    }
    if (ref.getScope() instanceof TypeExpr t && t.getType().isClassOrInterfaceType()) {
      return Resolution.attempt(() -> t.getType().asClassOrInterfaceType().resolve().asReferenceType()
              .getTypeDeclaration().flatMap(d -> d.toAst()).orElse(null))
          .filter(TypeDeclaration.class::isInstance)
          .flatMap(d -> unique((TypeDeclaration<?>) d, ref.getIdentifier(), 1));
    }
    return Optional.empty();
  }

  /**
   * Unqualified, {@code this.}, {@code Outer.this.} and {@code Type.} calls to methods declared
   * in this file; empty when the name is overloaded with the same arity (no guessing).
   */
  private static Optional<MethodDeclaration> inFile(Optional<Expression> scope, String name, int arity, Node use) {
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
    String typeName = null;
    if (scope.get() instanceof ThisExpr t && t.getTypeName().isPresent()) {
      typeName = t.getTypeName().get().getIdentifier();
    } else if (scope.get() instanceof TypeExpr t && t.getType().isClassOrInterfaceType()) {
      typeName = t.getType().asClassOrInterfaceType().getNameAsString();
    } else if (scope.get() instanceof NameExpr n && Scopes.lookup(n.getNameAsString(), n).isEmpty()) {
      typeName = n.getNameAsString();
    }
    if (typeName == null) {
      return Optional.empty();
    }
    Optional<TypeDeclaration<?>> type = typeInFile(use, typeName);
    return type.flatMap(t -> unique(t, name, arity));
  }

  /** A class, enum or record of this file with the given simple name, if exactly one. */
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

  static Optional<MethodDeclaration> unique(TypeDeclaration<?> type, String name, int arity) {
    List<MethodDeclaration> found = type.getMethodsByName(name).stream()
        .filter(m -> m.getParameters().size() == arity)
        .toList();
    return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
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
          && md.getParameters().size() == arity) {
        out.add(md);
      }
    }
    return out;
  }
}
