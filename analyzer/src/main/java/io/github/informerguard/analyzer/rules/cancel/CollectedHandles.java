package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.NullLiteralExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.LifecycleApis;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Handles put into a collection field: a collection is not an owner by itself. A private map or
 * list of informers (or watches) that the class only ever adds to, looks up or clears, and never
 * iterates, drains or hands on, holds handles that nothing can release.
 */
final class CollectedHandles {

  private final TypeFacts types;

  CollectedHandles(TypeFacts types) {
    this.types = types;
  }

  /**
   * The name of the collection field that {@code argument} is stored into by {@code call}, when no
   * code of the class can reach the stored handles again to release them.
   */
  Optional<String> neverDrainedSink(MethodCallExpr call, Node argument, Set<String> releases) {
    if (!LifecycleApis.COLLECTION_STORES.contains(call.getNameAsString()) || call.getScope().isEmpty()
        || call.getArguments().stream().noneMatch(a -> a == argument)) {
      return Optional.empty();
    }
    return neverDrainedField(call, releases);
  }

  /**
   * The collection field that the value a lambda returns is stored into, when the lambda is the
   * mapping function of {@code map.computeIfAbsent(key, k -> ...)} (or compute, merge) and no code of
   * the class reaches the stored handles again.
   */
  Optional<String> neverDrainedComputedSink(LambdaExpr mapping, Set<String> releases) {
    if (!(mapping.getParentNode().orElse(null) instanceof MethodCallExpr call)
        || !LifecycleApis.COLLECTION_COMPUTES.contains(call.getNameAsString()) || call.getScope().isEmpty()
        || call.getArguments().stream().noneMatch(a -> a == mapping)) {
      return Optional.empty();
    }
    return neverDrainedField(call, releases);
  }

  /** Whether the lambda is the mapping function of a map's computeIfAbsent, compute or merge. */
  static boolean isMappingFunction(LambdaExpr lambda) {
    return lambda.getParentNode().orElse(null) instanceof MethodCallExpr call
        && LifecycleApis.COLLECTION_COMPUTES.contains(call.getNameAsString()) && call.getScope().isPresent();
  }

  private Optional<String> neverDrainedField(MethodCallExpr call, Set<String> releases) {
    Expression scope = Expressions.withoutParenthesesAndCasts(call.getScope().get());
    String name;
    if (scope instanceof NameExpr n) {
      name = n.getNameAsString();
    } else if (scope instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) {
      name = f.getNameAsString();
    } else {
      return Optional.empty();
    }
    Optional<TypeDeclaration<?>> owner = call.findAncestor(TypeDeclaration.class).map(t -> (TypeDeclaration<?>) t);
    if (owner.isEmpty()) {
      return Optional.empty();
    }
    Optional<VariableRef> ref = scope instanceof NameExpr n ? Scopes.lookup(name, n) : Scopes.field(owner.get(), name);
    if (ref.isEmpty() || ref.get().kind() != VariableRef.Kind.FIELD || ref.get().declaration().isEmpty()
        || !(ref.get().declaration().get() instanceof VariableDeclarator d)) {
      return Optional.empty();
    }
    Optional<FieldDeclaration> fd = d.findAncestor(FieldDeclaration.class);
    Optional<TypeDeclaration> declaring = d.findAncestor(TypeDeclaration.class);
    // Others can reach a visible or injected field; a field of an enclosing class is its business.
    if (fd.isEmpty() || declaring.isEmpty() || declaring.get() != owner.get()
        || fd.get().hasModifier(Modifier.Keyword.PUBLIC) || fd.get().hasModifier(Modifier.Keyword.PROTECTED)
        || !fd.get().getAnnotations().isEmpty()
        || owner.get().getAnnotations().stream().anyMatch(a -> LifecycleApis.GENERATED_ACCESSORS.contains(a.getNameAsString()))) {
      return Optional.empty();
    }
    if (!types.isA(d.getType(), LifecycleApis.COLLECTION_TYPES).isYes()) {
      return Optional.empty();
    }
    return neverDrained(owner.get(), d, releases) ? Optional.of(name) : Optional.empty();
  }

  /** Every use of the field adds, looks up without releasing, or clears; none iterates or hands it on. */
  private static boolean neverDrained(TypeDeclaration<?> owner, VariableDeclarator d, Set<String> releases) {
    return drains(owner, d, releases).isEmpty();
  }

  /**
   * The uses of the collection field {@code d} in {@code owner} that may reach its elements again
   * (iterate, drain, pass on, return, alias, or a method reference on it); adds, queries, clears and
   * look-ups whose element is not released are not among them.
   */
  static List<Expression> drains(TypeDeclaration<?> owner, VariableDeclarator d, Set<String> releases) {
    String name = d.getNameAsString();
    List<Expression> uses = new ArrayList<>();
    for (NameExpr n : owner.findAll(NameExpr.class)) {
      if (n.getNameAsString().equals(name) && Scopes.refersTo(n, d)) {
        uses.add(n);
      }
    }
    for (FieldAccessExpr f : owner.findAll(FieldAccessExpr.class)) {
      if (f.getNameAsString().equals(name) && f.getScope() instanceof ThisExpr) {
        uses.add(f);
      }
    }
    List<Expression> drains = new ArrayList<>();
    owner.findAll(com.github.javaparser.ast.expr.MethodReferenceExpr.class).stream()
        .filter(r -> r.getScope().toString().equals(name) || r.getScope().toString().equals("this." + name))
        .forEach(drains::add);
    for (Expression use : uses) {
      Node parent = use.getParentNode().orElse(null);
      if (parent instanceof AssignExpr a && a.getTarget() == use || isNullCheck(parent)) {
        continue; // a lazy initialisation (if (map == null) map = new ...) reaches no element
      }
      if (!(parent instanceof MethodCallExpr m) || m.getScope().filter(s -> s == use).isEmpty()) {
        drains.add(use); // iterated, passed on, returned, aliased
        continue;
      }
      String method = m.getNameAsString();
      if (LifecycleApis.COLLECTION_STORES.contains(method) || LifecycleApis.COLLECTION_QUERIES.contains(method)) {
        continue;
      }
      if (LifecycleApis.COLLECTION_LOOKUPS.contains(method) && lookupNotReleased(m, releases)) {
        continue;
      }
      if (method.equals(LifecycleApis.COLLECTION_STREAM) && onlyAsksEach(m, releases)) {
        continue;
      }
      // computeIfAbsent(k, f) stores what f returns and hands back the element, which may be released.
      if (LifecycleApis.COLLECTION_COMPUTES.contains(method) && lookupNotReleased(m, releases)) {
        continue;
      }
      drains.add(use);
    }
    return drains;
  }

  /**
   * {@code field.stream().allMatch(SharedIndexInformer::isWatching)}: each element is asked something
   * by a method reference that is not a release, and the stream ends there.
   */
  private static boolean onlyAsksEach(MethodCallExpr stream, Set<String> releases) {
    return stream.getArguments().isEmpty()
        && stream.getParentNode().orElse(null) instanceof MethodCallExpr p
        && p.getScope().filter(s -> s == stream).isPresent()
        && LifecycleApis.STREAM_PREDICATES.contains(p.getNameAsString())
        && p.getArguments().size() == 1
        && p.getArguments().get(0) instanceof com.github.javaparser.ast.expr.MethodReferenceExpr ref
        && !releases.contains(ref.getIdentifier());
  }

  private static boolean isNullCheck(Node n) {
    return n instanceof BinaryExpr b
        && (b.getOperator() == BinaryExpr.Operator.EQUALS || b.getOperator() == BinaryExpr.Operator.NOT_EQUALS)
        && (b.getLeft() instanceof NullLiteralExpr || b.getRight() instanceof NullLiteralExpr);
  }

  /** {@code map.get(k)} whose result is dropped or only asked something, not released or handed on. */
  private static boolean lookupNotReleased(MethodCallExpr lookup, Set<String> releases) {
    Node parent = lookup.getParentNode().orElse(null);
    if (parent instanceof ExpressionStmt) {
      return true;
    }
    return parent instanceof MethodCallExpr m && m.getScope().filter(s -> s == lookup).isPresent()
        && !releases.contains(m.getNameAsString()) && LifecycleApis.F8_INFORMER_ACCESSORS.contains(m.getNameAsString());
  }
}
