package io.github.informerguard.analyzer.rules.gone;

import io.github.informerguard.analyzer.api.FileNodes;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.WatchApis;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.List;
import java.util.Optional;

/**
 * Decides whether a fabric8 {@code watch(...)} call opens a short-lived watch: its {@code Watch}
 * handle is closed in the method that opens it (try-with-resources, or {@code close()} on a local
 * later in that method, or it is opened through a private factory of the file whose every call
 * is such a handle), the handle does not escape, and nothing between the open and the close
 * waits without a bound. Such a watch lives seconds to minutes; a 410 from compaction is not a
 * realistic risk there. Anything else (a discarded, returned, stored or passed-on handle, an
 * unbounded wait) is long-lived.
 */
final class ShortLivedWatches {

  private static final int MAX_FACTORY_DEPTH = 2;

  private final TypeFacts types;

  ShortLivedWatches(TypeFacts types) {
    this.types = types;
  }

  boolean isShortLived(MethodCallExpr watch) {
    return isShortLived(watch, 0);
  }

  /**
   * {@code watch} is the watch call itself or, through a private factory method of this file
   * that returns it, a call of that factory.
   */
  private boolean isShortLived(MethodCallExpr watch, int depth) {
    Node parent = watch.getParentNode().orElse(null);
    while (parent instanceof Expression e && Expressions.withoutParenthesesAndCasts(e) != e) {
      parent = parent.getParentNode().orElse(null);
    }
    String name;
    Node declaration;
    if (parent instanceof VariableDeclarator v) {
      name = v.getNameAsString();
      declaration = v;
      if (v.getParentNode().orElse(null) instanceof VariableDeclarationExpr vde
          && vde.getParentNode().orElse(null) instanceof TryStmt t && t.getResources().contains(vde)) {
        return !escapes(name, v, t.getTryBlock()) && !waitsUnbounded(t.getTryBlock(), null, null);
      }
    } else if (parent instanceof AssignExpr a && a.getOperator() == AssignExpr.Operator.ASSIGN
        && a.getTarget() instanceof NameExpr target) {
      Optional<VariableRef> ref = Scopes.lookup(target.getNameAsString(), target);
      if (ref.isEmpty() || ref.get().kind() == VariableRef.Kind.FIELD || ref.get().declaration().isEmpty()) {
        return false;
      }
      name = target.getNameAsString();
      declaration = ref.get().declaration().get();
    } else if (parent instanceof ReturnStmt) {
      return depth < MAX_FACTORY_DEPTH && factoryCallsAllShortLived(watch, depth);
    } else {
      return false; // discarded, passed on, or stored in a field
    }
    if (!(declaration instanceof VariableDeclarator)) {
      return false;
    }
    Node owner = owner(watch);
    Node body = Scopes.enclosingBody(declaration);
    if (owner == null || body == null || owner(declaration) != owner || escapes(name, declaration, body)) {
      return false;
    }
    MethodCallExpr close = null;
    for (MethodCallExpr call : body.findAll(MethodCallExpr.class)) {
      if (call.getNameAsString().equals(WatchApis.F8_CLOSE_METHOD) && call.getArguments().isEmpty()
          && isName(call.getScope(), name, declaration) && owner(call) == owner && after(call, watch)) {
        close = call;
        break;
      }
    }
    if (close == null) {
      // try (watch) { ... } on the local
      for (TryStmt t : body.findAll(TryStmt.class)) {
        if (owner(t) == owner && after(t, watch) && t.getResources().stream()
            .anyMatch(r -> r instanceof NameExpr n && isName(Optional.of(n), name, declaration))) {
          return !waitsUnbounded(t.getTryBlock(), null, null);
        }
      }
      return false;
    }
    return !waitsUnbounded(body, watch, close);
  }

  /**
   * {@code private Watch newWatch() { return x.watch(...); }}: short-lived when the method is
   * private, not used as a method reference, called at least once in this file, and every call
   * opens a short-lived watch. A non-private factory may have callers elsewhere that keep the handle.
   */
  private boolean factoryCallsAllShortLived(MethodCallExpr watch, int depth) {
    Optional<MethodDeclaration> factory = watch.findAncestor(MethodDeclaration.class);
    if (factory.isEmpty() || !factory.get().isPrivate() || owner(watch) != factory.get()) {
      return false;
    }
    Optional<String> type = factory.get().findAncestor(TypeDeclaration.class).map(t -> t.getNameAsString());
    Optional<CompilationUnit> unit = factory.get().findCompilationUnit();
    if (type.isEmpty() || unit.isEmpty()) {
      return false;
    }
    String name = factory.get().getNameAsString();
    int arity = factory.get().getParameters().size();
    if (FileNodes.of(unit.get(), MethodReferenceExpr.class).stream().anyMatch(r -> r.getIdentifier().equals(name))) {
      return false;
    }
    List<MethodCallExpr> calls = FileNodes.of(unit.get(), MethodCallExpr.class).stream()
        .filter(c -> c.getNameAsString().equals(name) && c.getArguments().size() == arity)
        .toList();
    if (calls.isEmpty()) {
      return false;
    }
    for (MethodCallExpr c : calls) {
      boolean local = c.getScope().isEmpty() || c.getScope().get() instanceof ThisExpr
          || (c.getScope().get() instanceof NameExpr n && n.getNameAsString().equals(type.get()));
      if (!local || !isShortLived(c, depth + 1)) {
        return false;
      }
    }
    return true;
  }

  /** The handle is returned, assigned elsewhere, passed as an argument, or captured by a lambda or class. */
  private static boolean escapes(String name, Node declaration, Node region) {
    for (NameExpr use : region.findAll(NameExpr.class)) {
      if (!use.getNameAsString().equals(name) || !isName(Optional.of(use), name, declaration)) {
        continue;
      }
      Node p = use.getParentNode().orElse(null);
      if (p instanceof MethodCallExpr m && m.getScope().filter(s -> s == use).isPresent()) {
        if (owner(m) != owner(declaration)) {
          return true; // closed (or used) from a callback that may run much later
        }
        continue;
      }
      if (p instanceof TryStmt) {
        continue;
      }
      if (p instanceof AssignExpr a && a.getTarget() == use) {
        continue;
      }
      return true;
    }
    return false;
  }

  /**
   * Whether something in {@code region} (between {@code from} and {@code to} when given) may
   * block without a bound: a zero-argument {@code await()}, {@code join()}, {@code take()},
   * {@code acquire()} or {@code wait()}, a read from {@code System.in}, a {@code Future.get()}
   * without a timeout, or a loop with no exit condition.
   */
  private boolean waitsUnbounded(Node region, Node from, Node to) {
    for (Node n : region.findAll(Node.class)) {
      if ((from != null && !after(n, from)) || (to != null && !after(to, n))) {
        continue;
      }
      if (n instanceof MethodCallExpr call) {
        String m = call.getNameAsString();
        if (call.getArguments().isEmpty() && WatchApis.UNBOUNDED_WAITS.contains(m)) {
          return true;
        }
        if (call.getScope().isPresent() && call.getScope().get() instanceof FieldAccessExpr f
            && f.toString().equals("System.in")) {
          return true;
        }
        if (call.getArguments().isEmpty() && m.equals("get") && call.getScope().isPresent()
            && types.isA(call.getScope().get(), java.util.Set.of("java.util.concurrent.Future")).isYes()) {
          return true;
        }
      }
      if (n instanceof WhileStmt w && w.getCondition().isBooleanLiteralExpr()
          && w.getCondition().asBooleanLiteralExpr().getValue()) {
        return true;
      }
      if (n instanceof DoStmt d && d.getCondition().isBooleanLiteralExpr()
          && d.getCondition().asBooleanLiteralExpr().getValue()) {
        return true;
      }
      if (n instanceof ForStmt f && f.getCompare().isEmpty()) {
        return true;
      }
    }
    return false;
  }

  private static boolean isName(Optional<Expression> e, String name, Node declaration) {
    if (e.isEmpty() || !(e.get() instanceof NameExpr n) || !n.getNameAsString().equals(name)) {
      return false;
    }
    return Scopes.lookup(name, n).flatMap(VariableRef::declaration).map(d -> d == declaration).orElse(false);
  }

  /** The innermost method, constructor, lambda or anonymous class body a node runs in. */
  private static Node owner(Node n) {
    Node p = n.getParentNode().orElse(null);
    while (p != null) {
      if (p instanceof CallableDeclaration<?> || p instanceof LambdaExpr
          || (p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()
              && List.copyOf(o.getAnonymousClassBody().get()).stream().anyMatch(m -> m.isAncestorOf(n)))) {
        return p;
      }
      p = p.getParentNode().orElse(null);
    }
    return null;
  }

  private static boolean after(Node later, Node earlier) {
    return later.getBegin().isPresent() && earlier.getEnd().isPresent()
        && later.getBegin().get().isAfter(earlier.getEnd().get());
  }
}
