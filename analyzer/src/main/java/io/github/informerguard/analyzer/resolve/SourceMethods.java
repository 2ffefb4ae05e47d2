package io.github.informerguard.analyzer.resolve;

import java.util.Set;
import io.github.informerguard.analyzer.api.FileNodes;
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
import io.github.informerguard.analyzer.api.TypeFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the source declaration of a called or referenced method. Same-file lookups give the
 * same answer in both modes; {@link #forCall(MethodCallExpr, TypeFacts)} and
 * {@link #forReference(MethodReferenceExpr, TypeFacts)} then look in the other analyzed files,
 * through the symbol solver in precise mode and the source index in lenient mode. Overloads
 * with the same arity are never guessed between.
 */
public final class SourceMethods {

  private SourceMethods() {}

  /** {@code static void main(x)}: static, void, named {@code main}, one parameter (the entry point's shape, loosely). */
  public static boolean isMain(MethodDeclaration m) {
    return m.isStatic() && m.getNameAsString().equals("main") && m.getParameters().size() == 1 && m.getType().isVoidType();
  }

  /** As {@link #isMain}, and public with a {@code String[]} or {@code String...} parameter: one the JVM can launch. */
  public static boolean isLaunchableMain(MethodDeclaration m) {
    return isMain(m) && m.isPublic() && (m.getParameter(0).getType().asString().equals("String[]")
        || m.getParameter(0).getType().asString().equals("String") && m.getParameter(0).isVarArgs());
  }

  /** A call to a method of this file (unqualified, {@code this.}, {@code Outer.this.}, {@code Type.}). */
  public static Optional<MethodDeclaration> forCallInFile(MethodCallExpr call) {
    return inFile(call.getScope(), call.getNameAsString(), call.getArguments().size(), call);
  }

  public static Optional<MethodDeclaration> forCall(MethodCallExpr call, TypeFacts types) {
    Optional<MethodDeclaration> local = forCallInFile(call);
    if (local.isPresent()) {
      return local;
    }
    if (types.underlying() instanceof LenientTypeFacts lenient) {
      return call.getScope().flatMap(lenient::sourceTypeOf)
          .flatMap(t -> unique(t, call.getNameAsString(), call.getArguments().size()));
    }
    return Resolution.attempt(() -> call.resolve().toAst().orElse(null))
        .filter(MethodDeclaration.class::isInstance)
        .map(MethodDeclaration.class::cast);
  }

  /** {@code this::relist} or {@code Type::relist} naming a method of this file with 0 to 3 parameters, if not overloaded. */
  public static Optional<MethodDeclaration> forReferenceInFile(MethodReferenceExpr ref) {
    List<MethodDeclaration> all = new ArrayList<>();
    for (int arity = 0; arity <= 3; arity++) {
      inFile(Optional.of(ref.getScope()), ref.getIdentifier(), arity, ref).ifPresent(all::add);
    }
    return all.size() == 1 ? Optional.of(all.get(0)) : Optional.empty();
  }

  /** A reference used as a {@code Function}: the one-parameter method it names. */
  public static Optional<MethodDeclaration> forReference(MethodReferenceExpr ref, TypeFacts types) {
    Optional<MethodDeclaration> local = inFile(Optional.of(ref.getScope()), ref.getIdentifier(), 1, ref);
    if (local.isPresent()) {
      return local;
    }
    if (types.underlying() instanceof LenientTypeFacts lenient) {
      // Another analyzed file (IndexFunctionLibrary::recordingIndex), found through the source index.
      return lenient.sourceTypeOf(ref.getScope()).flatMap(t -> unique(t, ref.getIdentifier(), 1));
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

  /** Whether a call targets this file's code ({@code foo()}, {@code this.foo()}, {@code Outer.this.foo()}, {@code Local.foo()}). */
  public static boolean isOwnCode(Optional<Expression> scope, Node use) {
    if (scope.isEmpty() || scope.get() instanceof ThisExpr) {
      return true;
    }
    return typeName(scope.get()).flatMap(n -> typeInFile(use, n)).isPresent();
  }

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
    Optional<String> typeName = scope.get() instanceof ThisExpr t
        ? t.getTypeName().map(tn -> tn.getIdentifier())
        : typeName(scope.get());
    return typeName.flatMap(tn -> typeInFile(use, tn)).flatMap(t -> unique(t, name, arity));
  }

  /** A type name used as a call's scope: {@code Type.foo()} or a {@code TypeExpr} in a reference. */
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

  /** The node kinds these lookups read, collected in the engine's one walk of each file. */
  public static final Set<Class<? extends Node>> NODES_TO_VISIT = Set.of(TypeDeclaration.class);

  /** A class, enum or record of this file with the given simple name, if exactly one. */
  public static Optional<TypeDeclaration<?>> typeInFile(Node use, String simpleName) {
    return use.findCompilationUnit().flatMap(cu -> {
      List<TypeDeclaration<?>> all = new ArrayList<>();
      FileNodes.of(cu, TypeDeclaration.class).forEach(t -> {
        if (t.getNameAsString().equals(simpleName)) {
          all.add(t);
        }
      });
      return all.size() == 1 ? Optional.of(all.get(0)) : Optional.empty();
    });
  }

  /** The one method of {@code type} with this name and arity, or empty when there is none or several. */
  public static Optional<MethodDeclaration> unique(TypeDeclaration<?> type, String name, int arity) {
    List<MethodDeclaration> found = declaredIn(type, name, arity);
    return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
  }

  /** Methods with a body declared directly in a type or an anonymous class body. */
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
