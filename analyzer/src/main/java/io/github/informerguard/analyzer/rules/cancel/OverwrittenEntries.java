package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.LifecycleApis;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Scopes;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A handle put into a map field under a key that an earlier run may already hold:
 * {@code informers.put(service, client.endpoints().withName(service).inform(h))} in a method that
 * runs again for the same key (a subscribe that a second listener repeats). {@code put} replaces the
 * running handle, which nothing can reach any more, even when the class closes what the map holds at
 * the end. Not an overwrite: the previous value is used ({@code Optional.ofNullable(map.put(k, v))
 * .ifPresent(Informer::close)}), the map is asked about the key first (get, containsKey, remove) on
 * every path that reaches the put, the key is fresh per call (a random UUID, a counter), or the class
 * has an unsubscribe path that removes entries.
 */
final class OverwrittenEntries {

  /** Calls whose key value differs on every run: such a key never meets an earlier entry. */
  private static final Set<String> FRESH_KEYS = Set.of("randomUUID", "incrementAndGet", "getAndIncrement",
      "nanoTime", "currentTimeMillis", "identityHashCode");

  /** How many callers up a private method's unguarded path is followed to a method that runs again. */
  private static final int MAX_CALLER_DEPTH = 3;

  private final TypeFacts types;

  OverwrittenEntries(TypeFacts types) {
    this.types = types;
  }

  /** The map field that the handle {@code produced} evaluates to is overwritten in, directly or through a local. */
  Optional<String> of(Expression produced) {
    Node child = Expressions.carrying(produced);
    Node parent = child.getParentNode().orElse(null);
    if (parent instanceof MethodCallExpr put && isPutValue(put, child)) {
      return overwritten(put);
    }
    if (parent instanceof VariableDeclarator d && d.getInitializer().filter(i -> i == child).isPresent()) {
      Node body = Scopes.enclosingBody(d);
      for (NameExpr n : body.findAll(NameExpr.class)) {
        if (n.getNameAsString().equals(d.getNameAsString()) && Scopes.refersTo(n, d)
            && n.getParentNode().orElse(null) instanceof MethodCallExpr put && isPutValue(put, n)) {
          return overwritten(put);
        }
      }
    }
    return Optional.empty();
  }

  private static boolean isPutValue(MethodCallExpr call, Node value) {
    return call.getNameAsString().equals(LifecycleApis.MAP_PUT) && call.getArguments().size() == 2
        && call.getArgument(1) == value && call.getScope().isPresent();
  }

  private Optional<String> overwritten(MethodCallExpr put) {
    if (!(put.getParentNode().orElse(null) instanceof ExpressionStmt)) {
      return Optional.empty(); // the replaced value is looked at
    }
    Optional<VariableDeclarator> map = mapField(put);
    Optional<MethodDeclaration> method = enclosingMethod(put);
    if (map.isEmpty() || method.isEmpty() || freshKey(put.getArgument(0))) {
      return Optional.empty();
    }
    Optional<TypeDeclaration<?>> owner = map.get().findAncestor(TypeDeclaration.class).map(t -> (TypeDeclaration<?>) t);
    if (owner.isEmpty()) {
      return Optional.empty();
    }
    String name = map.get().getNameAsString();
    if (looksUpBefore(method.get(), name, put) || callsLookupBefore(method.get(), name, put, 0)
        || !runsAgainUnguarded(method.get(), name, owner.get(), 0)
        || hasUnsubscribePath(owner.get(), name, method.get())) {
      return Optional.empty();
    }
    return Optional.of(name);
  }

  /** A private or package-private map field of this file (a visible one is others' business too). */
  private Optional<VariableDeclarator> mapField(MethodCallExpr put) {
    Expression scope = Expressions.withoutParenthesesAndCasts(put.getScope().get());
    Optional<VariableRef> ref = scope instanceof NameExpr n ? Scopes.lookup(n.getNameAsString(), n)
        : scope instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr
            ? f.findAncestor(TypeDeclaration.class).flatMap(t -> Scopes.field((TypeDeclaration<?>) t, f.getNameAsString()))
            : Optional.empty();
    return ref.filter(r -> r.kind() == VariableRef.Kind.FIELD).flatMap(VariableRef::declaration)
        .filter(VariableDeclarator.class::isInstance).map(VariableDeclarator.class::cast)
        .filter(d -> d.findAncestor(com.github.javaparser.ast.body.FieldDeclaration.class)
            .filter(fd -> !fd.isPublic() && !fd.isProtected() && fd.getAnnotations().isEmpty()).isPresent())
        .filter(d -> types.isA(d.getType(), Set.of(LifecycleApis.MAP_TYPE)).isYes());
  }

  private static boolean freshKey(Expression key) {
    Expression k = Expressions.withoutParenthesesAndCasts(key);
    if (k instanceof ObjectCreationExpr) {
      return true;
    }
    if (k instanceof NameExpr n) {
      Optional<Expression> init = Scopes.lookup(n.getNameAsString(), n).filter(r -> r.kind() == VariableRef.Kind.LOCAL)
          .flatMap(VariableRef::initializer);
      if (init.isPresent()) {
        return freshKey(init.get());
      }
    }
    return k.findAll(MethodCallExpr.class).stream().anyMatch(c -> FRESH_KEYS.contains(c.getNameAsString()))
        || !k.findAll(ObjectCreationExpr.class).isEmpty();
  }

  /** The method the put runs in, through lambdas (a forEach body) but not local or anonymous classes. */
  private static Optional<MethodDeclaration> enclosingMethod(Node n) {
    for (Node p = n.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
      if (p instanceof MethodDeclaration m) {
        return Optional.of(m);
      }
      if (p instanceof CallableDeclaration<?> || p instanceof TypeDeclaration<?>
          || p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  /** Any use of the map in {@code method} before {@code at} other than a store: the key may be checked there. */
  private static boolean looksUpBefore(MethodDeclaration method, String map, Node at) {
    return looksUpBefore(method, map, at, at.getBegin().map(p -> p.line).orElse(0));
  }

  private static boolean looksUpBefore(MethodDeclaration method, String map, Node at, int line) {
    for (Expression e : method.findAll(Expression.class)) {
      boolean names = e instanceof NameExpr n && n.getNameAsString().equals(map)
          || e instanceof FieldAccessExpr f && f.getNameAsString().equals(map)
              && (f.getScope() instanceof ThisExpr || f.getScope() instanceof NameExpr);
      if (!names || e.getBegin().map(p -> p.line).orElse(Integer.MAX_VALUE) > line) {
        continue;
      }
      Node parent = e.getParentNode().orElse(null);
      boolean store = parent == at || parent instanceof MethodCallExpr m && m.getScope().filter(s -> s == e).isPresent()
          && LifecycleApis.COLLECTION_STORES.contains(m.getNameAsString());
      if (!store) {
        return true;
      }
    }
    return false;
  }

  /**
   * A call, before {@code at}, of a method of this file that looks at the map ({@code closeOld(name);
   * map.put(name, watch)} where {@code closeOld} gets or removes the old entry and closes it), followed a
   * few calls deep: the key is checked there as surely as in the put's own method.
   */
  private static boolean callsLookupBefore(MethodDeclaration method, String map, Node at, int depth) {
    return callsLookupBefore(method, map, at.getBegin().map(p -> p.line).orElse(0), depth);
  }

  private static boolean callsLookupBefore(MethodDeclaration method, String map, int line, int depth) {
    if (depth >= MAX_CALLER_DEPTH) {
      return false;
    }
    for (MethodCallExpr call : method.findAll(MethodCallExpr.class)) {
      if (call.getBegin().map(p -> p.line).orElse(Integer.MAX_VALUE) > line) {
        continue;
      }
      Optional<MethodDeclaration> callee = SourceMethods.forCallInFile(call).filter(m -> m != method && m.getBody().isPresent());
      if (callee.isPresent() && (looksUpBefore(callee.get(), map, callee.get(), Integer.MAX_VALUE)
          || callsLookupBefore(callee.get(), map, Integer.MAX_VALUE, depth + 1))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code method} can run again with no look at the map first: it is a method others call
   * (not private, not main, not a startup hook) or a repeated callback, or a private method one of whose
   * callers in the file does not look the map up before calling it and runs again itself.
   */
  private boolean runsAgainUnguarded(MethodDeclaration method, String map, TypeDeclaration<?> owner, int depth) {
    if (LifecycleApis.REPEATED_CALLBACKS.contains(method.getNameAsString())) {
      return true;
    }
    if (!method.isPrivate()) {
      // main and startup hooks run once; a method others call may be called again.
      return !(method.isStatic() && method.getNameAsString().equals("main")) && method.getBody().isPresent()
          && new StartupHooks(types).hookOf(method.getBody().get()).isEmpty();
    }
    if (depth >= MAX_CALLER_DEPTH) {
      return false;
    }
    for (MethodCallExpr call : owner.findAll(MethodCallExpr.class)) {
      if (!call.getNameAsString().equals(method.getNameAsString())
          || SourceMethods.forCallInFile(call).filter(m -> m == method).isEmpty()) {
        continue;
      }
      Optional<MethodDeclaration> caller = enclosingMethod(call);
      if (caller.isPresent() && caller.get() != method && !looksUpBefore(caller.get(), map, call)
          && runsAgainUnguarded(caller.get(), map, owner, depth + 1)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A method that removes entries of the map and is neither the put's method nor one that calls it
   * (a re-subscribe path that removes first is no unsubscribe): the class pairs subscribe with unsubscribe.
   */
  private static boolean hasUnsubscribePath(TypeDeclaration<?> owner, String map, MethodDeclaration putMethod) {
    List<MethodDeclaration> callers = new ArrayList<>();
    for (MethodCallExpr call : owner.findAll(MethodCallExpr.class)) {
      if (call.getNameAsString().equals(putMethod.getNameAsString())
          && SourceMethods.forCallInFile(call).filter(m -> m == putMethod).isPresent()) {
        enclosingMethod(call).ifPresent(callers::add);
      }
    }
    for (MethodCallExpr call : owner.findAll(MethodCallExpr.class)) {
      if (!call.getNameAsString().equals(LifecycleApis.MAP_REMOVE) || call.getArguments().isEmpty()
          || call.getScope().map(Expressions::withoutParenthesesAndCasts)
              .filter(s -> s instanceof NameExpr n && n.getNameAsString().equals(map)
                  || s instanceof FieldAccessExpr f && f.getNameAsString().equals(map)).isEmpty()) {
        continue;
      }
      Optional<MethodDeclaration> in = enclosingMethod(call);
      if (in.isEmpty() || in.get() != putMethod && !callers.contains(in.get())) {
        return true;
      }
    }
    return false;
  }
}
