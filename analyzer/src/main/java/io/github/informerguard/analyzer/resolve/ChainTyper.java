package io.github.informerguard.analyzer.resolve;

import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.resolution.declarations.ResolvedMethodDeclaration;
import com.github.javaparser.resolution.declarations.ResolvedReferenceTypeDeclaration;
import com.github.javaparser.resolution.declarations.ResolvedTypeParameterDeclaration;
import com.github.javaparser.resolution.types.ResolvedReferenceType;
import com.github.javaparser.resolution.types.ResolvedType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Types fluent call chains ({@code client.pods().inNamespace(ns).inform(...)}) from the
 * declarations the symbol solver finds, substituting type arguments itself.
 *
 * <p>Why: the solver's own inference substitutes type variables one after another, so when a
 * subtype and a supertype both call their parameter {@code T} it resolves fabric8's
 * {@code MixedOperation<Pod,…>.inNamespace(ns)} to {@code Pod} instead of
 * {@code NonNamespaceOperation<Pod,…>}. Here every substitution is simultaneous, and roots
 * (names, fields, {@code new}, casts) still come from the solver.
 */
final class ChainTyper {

  /** A generic type: a declaration and its type arguments (empty when unknown). */
  record GType(ResolvedReferenceTypeDeclaration declaration, List<Optional<GType>> arguments) {

    String qualifiedName() {
      return declaration.getQualifiedName();
    }
  }

  private static final int MAX_DEPTH = 32;

  Optional<GType> typeOf(Expression e) {
    return typeOf(e, 0);
  }

  private Optional<GType> typeOf(Expression e, int depth) {
    if (depth > MAX_DEPTH) {
      return Optional.empty();
    }
    if (e instanceof EnclosedExpr en) {
      return typeOf(en.getInner(), depth + 1);
    }
    if (e instanceof CastExpr c) {
      return Resolution.attempt(c.getType()::resolve).flatMap(t -> convert(t, Map.of()));
    }
    if (e instanceof MethodCallExpr call && call.getScope().isPresent()) {
      Optional<GType> receiver = typeOf(call.getScope().get(), depth + 1);
      if (receiver.isEmpty()) {
        return Optional.empty();
      }
      return Resolution.attempt(() -> returnType(receiver.get(), call).orElse(null));
    }
    return Resolution.attempt(e::calculateResolvedType).flatMap(t -> convert(t, Map.of()));
  }

  private Optional<GType> returnType(GType receiver, MethodCallExpr call) {
    String name = call.getNameAsString();
    int arity = call.getArguments().size();
    List<Optional<GType>> results = new ArrayList<>();
    for (GType owner : selfAndAncestors(receiver)) {
      Map<String, Optional<GType>> bindings = bindings(owner);
      for (ResolvedMethodDeclaration m : owner.declaration().getDeclaredMethods()) {
        if (!m.getName().equals(name) || !arityMatches(m, arity)) {
          continue;
        }
        Map<String, Optional<GType>> scope = new HashMap<>(bindings);
        for (ResolvedTypeParameterDeclaration tp : m.getTypeParameters()) {
          scope.put(tp.getName(), Optional.empty()); // method type variables: erased below
        }
        results.add(convert(m.getReturnType(), scope));
      }
    }
    if (results.isEmpty()) {
      return lombokGetter(receiver, name, arity);
    }
    // Overloads (and covariant overrides) must agree on the erased type, or we do not guess.
    Set<String> erasures = new HashSet<>();
    for (Optional<GType> r : results) {
      erasures.add(r.map(GType::qualifiedName).orElse("?"));
    }
    if (erasures.size() != 1 || erasures.contains("?")) {
      return mostSpecific(results);
    }
    return results.get(0);
  }

  /**
   * A getter that Lombok generates on a source type ({@code @Getter}, {@code @Data}, {@code @Value}):
   * the solver reads the sources as written and does not see it; its type is the field's.
   */
  private Optional<GType> lombokGetter(GType receiver, String name, int arity) {
    for (GType owner : selfAndAncestors(receiver)) {
      Optional<com.github.javaparser.ast.body.VariableDeclarator> field =
          Resolution.attempt(() -> owner.declaration().toAst().orElse(null))
              .filter(com.github.javaparser.ast.body.TypeDeclaration.class::isInstance)
              .flatMap(t -> Lombok.getterField((com.github.javaparser.ast.body.TypeDeclaration<?>) t, name, arity));
      if (field.isPresent()) {
        Map<String, Optional<GType>> bindings = bindings(owner);
        return Resolution.attempt(field.get().getType()::resolve).flatMap(t -> convert(t, bindings));
      }
    }
    return Optional.empty();
  }

  /** Among disagreeing results, the one that is a subtype of all others (covariant returns). */
  private static Optional<GType> mostSpecific(List<Optional<GType>> results) {
    if (results.stream().anyMatch(Optional::isEmpty)) {
      return Optional.empty();
    }
    outer:
    for (Optional<GType> candidate : results) {
      Set<String> supers = new HashSet<>();
      supers.add(candidate.get().qualifiedName());
      Resolution.attempt(() -> candidate.get().declaration().getAllAncestors())
          .ifPresent(as -> as.forEach(a -> supers.add(a.getQualifiedName())));
      for (Optional<GType> other : results) {
        if (!supers.contains(other.get().qualifiedName())) {
          continue outer;
        }
      }
      return candidate;
    }
    return Optional.empty();
  }

  private static boolean arityMatches(ResolvedMethodDeclaration m, int arity) {
    int params = m.getNumberOfParams();
    if (params == arity) {
      return true;
    }
    return params > 0 && m.getParam(params - 1).isVariadic() && arity >= params - 1;
  }

  /** The receiver and every supertype, each with its type arguments as seen from the receiver. */
  private List<GType> selfAndAncestors(GType start) {
    List<GType> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    Deque<GType> queue = new ArrayDeque<>();
    queue.add(start);
    while (!queue.isEmpty()) {
      GType t = queue.removeFirst();
      if (!seen.add(t.qualifiedName())) {
        continue;
      }
      out.add(t);
      Map<String, Optional<GType>> bindings = bindings(t);
      List<ResolvedReferenceType> parents = Resolution.attempt(() -> t.declaration().getAncestors(true)).orElse(List.of());
      for (ResolvedReferenceType parent : parents) {
        convert(parent, bindings).ifPresent(queue::addLast);
      }
    }
    return out;
  }

  private static Map<String, Optional<GType>> bindings(GType t) {
    Map<String, Optional<GType>> map = new HashMap<>();
    List<ResolvedTypeParameterDeclaration> params = t.declaration().getTypeParameters();
    for (int i = 0; i < params.size(); i++) {
      map.put(params.get(i).getName(), i < t.arguments().size() ? t.arguments().get(i) : Optional.empty());
    }
    return map;
  }

  /** Converts a solver type, replacing type variables from {@code bindings} in one pass. */
  private static Optional<GType> convert(ResolvedType type, Map<String, Optional<GType>> bindings) {
    if (type.isTypeVariable()) {
      Optional<GType> bound = bindings.get(type.asTypeParameter().getName());
      if (bound != null && bound.isPresent()) {
        return bound;
      }
      // Unknown or method-level: erase to the first bound when there is one.
      var bounds = type.asTypeParameter().getBounds();
      return bounds.isEmpty() ? Optional.empty() : convert(bounds.get(0).getType(), Map.of());
    }
    if (type.isWildcard()) {
      return type.asWildcard().isExtends() ? convert(type.asWildcard().getBoundedType(), bindings) : Optional.empty();
    }
    if (!type.isReferenceType()) {
      return Optional.empty();
    }
    ResolvedReferenceType ref = type.asReferenceType();
    Optional<ResolvedReferenceTypeDeclaration> decl = ref.getTypeDeclaration();
    if (decl.isEmpty()) {
      return Optional.empty();
    }
    List<Optional<GType>> args = new ArrayList<>();
    for (ResolvedType arg : ref.typeParametersValues()) {
      args.add(Resolution.attempt(() -> convert(arg, bindings).orElse(null)));
    }
    return Optional.of(new GType(decl.get(), args));
  }
}
