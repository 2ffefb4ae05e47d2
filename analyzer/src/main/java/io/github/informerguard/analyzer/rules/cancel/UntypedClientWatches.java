package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.TypeParameter;
import io.github.informerguard.analyzer.api.Match;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.catalog.ApiTypes;
import io.github.informerguard.analyzer.catalog.LifecycleApis;
import io.github.informerguard.analyzer.catalog.LifecycleApis.Library;
import io.github.informerguard.analyzer.catalog.LifecycleApis.WatchSite;
import io.github.informerguard.analyzer.catalog.WatchApis;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.Optional;
import java.util.Set;

/**
 * {@code client.rbac().clusterRoles().inNamespace(ns).watch(watcher)} on a client line the API model does
 * not hold (fabric8 4.x DSL groups): no mode types the chain in lenient mode, but it starts at a fabric8
 * {@code KubernetesClient}, and the call has {@code Watchable.watch}'s name and arity with a fabric8
 * {@code Watcher} as its last argument, which has no use but a raw watch. A chain that is typed (a project's
 * own {@code watch(Watcher)} on a typed receiver) is the catalog matcher's business, and a chain from anything
 * but the client is not taken.
 */
final class UntypedClientWatches {

  private UntypedClientWatches() {}

  static Optional<WatchSite> site(MethodCallExpr call, TypeFacts types) {
    if (call.getScope().isEmpty() || call.getArguments().isEmpty()
        || !WatchApis.F8_WATCH.matchesShape(call.getNameAsString(), call.getArguments().size())
        || types.isA(call.getScope().get(), WatchApis.F8_WATCH.owners()) != Match.UNKNOWN
        || !isWatcher(call.getArgument(call.getArguments().size() - 1), types)) {
      return Optional.empty();
    }
    Expression root = Expressions.withoutParenthesesAndCasts(call.getScope().get());
    while (root instanceof MethodCallExpr m && m.getScope().isPresent()) {
      root = Expressions.withoutParenthesesAndCasts(m.getScope().get());
    }
    if (root == call || !types.isA(root, Set.of(ApiTypes.F8_CLIENT)).isYes()) {
      return Optional.empty();
    }
    return LifecycleApis.WATCHES.stream()
        .filter(s -> s.library() == Library.FABRIC8 && s.matcher() == WatchApis.F8_WATCH).findFirst();
  }

  /** A fabric8 Watcher, or a parameter of a type variable bounded by one ({@code <T extends Watcher<X>> .. T watcher}). */
  private static boolean isWatcher(Expression argument, TypeFacts types) {
    Expression a = Expressions.withoutParenthesesAndCasts(argument);
    if (types.isA(a, Set.of(ApiTypes.F8_WATCHER)).isYes()) {
      return true;
    }
    if (!(a instanceof NameExpr n)) {
      return false;
    }
    Optional<Node> declaration = Scopes.lookup(n.getNameAsString(), n).flatMap(r -> r.declaration());
    if (declaration.isEmpty() || !(declaration.get() instanceof Parameter p)
        || !(p.getType() instanceof ClassOrInterfaceType t) || t.getTypeArguments().isPresent()) {
      return false;
    }
    for (Node c = p; c != null; c = c.getParentNode().orElse(null)) {
      if (c instanceof CallableDeclaration<?> callable) {
        for (TypeParameter tp : callable.getTypeParameters()) {
          if (tp.getNameAsString().equals(t.getNameAsString())) {
            return tp.getTypeBound().stream().anyMatch(b -> types.isA(b, Set.of(ApiTypes.F8_WATCHER)).isYes());
          }
        }
      }
    }
    return false;
  }
}
