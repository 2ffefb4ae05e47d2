package io.github.informerguard.analyzer.rules.gone;

import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.WhileStmt;

import static io.github.informerguard.analyzer.catalog.ApiTypes.K8S_WATCH;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.ForEachStmt;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.WatchApis;
import io.github.informerguard.analyzer.resolve.Scopes;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Optional;
import java.util.Set;

/**
 * client-java raw watches: {@code Watch.createWatch(...)} calls whose result is iterated in the
 * same method, and the watch events ({@code Watch.Response}) that the loop sees.
 */
final class ClientJavaWatches {

  private final TypeFacts types;

  ClientJavaWatches(TypeFacts types) {
    this.types = types;
  }

  /** Whether {@code call} is client-java's {@code Watch.createWatch(client, call, type)}. */
  boolean isCreateWatch(MethodCallExpr call) {
    if (call.getScope().isPresent()) {
      return WatchApis.K8S_CREATE_WATCH_CALL.matches(call, types);
    }
    if (!WatchApis.K8S_CREATE_WATCH_CALL.matchesShape(call.getNameAsString(), call.getArguments().size())) {
      return false;
    }
    return call.findCompilationUnit().map(cu -> cu.getImports().stream().anyMatch(i -> i.isStatic()
        && (i.isAsterisk() ? i.getNameAsString().equals(K8S_WATCH)
            : i.getNameAsString().equals(K8S_WATCH + "." + WatchApis.K8S_CREATE_WATCH)))).orElse(false);
  }

  /** The method, constructor or lambda body in which the watch lives. */
  static Optional<Node> enclosingCallable(Node n) {
    return n.findAncestor(CallableDeclaration.class).map(Node.class::cast);
  }

  /** Whether the watch is iterated (for-each, hasNext/next, iterator) in {@code callable}. */
  boolean iterated(MethodCallExpr createWatch, Node callable) {
    Node child = createWatch;
    Node parent = createWatch.getParentNode().orElse(null);
    while (parent instanceof EnclosedExpr || parent instanceof com.github.javaparser.ast.expr.CastExpr) {
      child = parent;
      parent = parent.getParentNode().orElse(null);
    }
    if (parent instanceof ForEachStmt f && f.getIterable() == child) {
      return true;
    }
    Node declaration = null;
    if (parent instanceof VariableDeclarator v) {
      declaration = v;
    } else if (parent instanceof AssignExpr a && a.getTarget() instanceof NameExpr target) {
      declaration = Scopes.lookup(target.getNameAsString(), target).flatMap(VariableRef::declaration).orElse(null);
    }
    if (declaration == null) {
      return false;
    }
    for (ForEachStmt f : callable.findAll(ForEachStmt.class)) {
      if (f.getIterable() instanceof NameExpr n && Scopes.refersTo(n, declaration)) {
        return true;
      }
    }
    for (MethodCallExpr m : callable.findAll(MethodCallExpr.class)) {
      if (WatchApis.K8S_ITERATION_METHODS.contains(m.getNameAsString()) && m.getScope().isPresent()
          && m.getScope().get() instanceof NameExpr n && Scopes.refersTo(n, declaration)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A one-shot wait: the handle is a local of this method (no other code keeps or closes it), a
   * for-each over it leaves on the awaited event (a break or return in its body), the method is no
   * thread body ({@code run()}) and does not open the watch again in a loop. When such a watch ends
   * early, on a 410 or any close, the loop falls through without the awaited event and the method
   * reports that it did not happen: its caller fails, which is the right outcome, and nothing is lost.
   */
  boolean isOneShotWait(MethodCallExpr createWatch, Node callable) {
    if (callable instanceof MethodDeclaration m && m.getNameAsString().equals("run") && m.getParameters().isEmpty()) {
      return false;
    }
    Node rewatching = null;
    for (Node n = createWatch.getParentNode().orElse(null); n != null && n != callable; n = n.getParentNode().orElse(null)) {
      if (n instanceof ForEachStmt f && !f.getIterable().isAncestorOf(createWatch) || n instanceof LambdaExpr) {
        return false;
      }
      // A loop that opens the watch again: still one wait when each pass watches afresh (no version carried).
      if (n instanceof WhileStmt || n instanceof DoStmt || n instanceof ForStmt) {
        if (!watchesAfresh(createWatch, n)) {
          return false;
        }
        rewatching = n;
      }
    }
    Node parent = createWatch.getParentNode().orElse(null);
    Node declaration = null;
    if (parent instanceof VariableDeclarator v) {
      declaration = v;
    } else if (parent instanceof AssignExpr a && a.getTarget() instanceof NameExpr target) {
      declaration = Scopes.lookup(target.getNameAsString(), target)
          .filter(r -> r.kind() == VariableRef.Kind.LOCAL).flatMap(VariableRef::declaration).orElse(null);
    }
    if (declaration == null || declaration.findAncestor(com.github.javaparser.ast.body.FieldDeclaration.class).isPresent()) {
      return false;
    }
    for (ForEachStmt f : callable.findAll(ForEachStmt.class)) {
      if (f.getIterable() instanceof NameExpr n && Scopes.refersTo(n, declaration) && leavesEarly(f, rewatching)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Each pass of {@code loop} opens the watch from the current state: its request is a builder chain
   * ({@code api.listNamespacedJob(ns).fieldSelector(..).watch(true).buildCall(null)}, where only a
   * {@code resourceVersion(..)} step names a version) or takes only values that stay the same, and nothing in
   * the loop names or reads a resourceVersion.
   */
  private static boolean watchesAfresh(MethodCallExpr createWatch, Node loop) {
    return freshRequest(createWatch) && !FreshRewatches.namesVersion(loop)
        && loop.findAll(MethodCallExpr.class).stream().noneMatch(ClientJavaWatches::ownMethodNamesVersion);
  }

  /**
   * An unqualified (or {@code this.}) call of a method of this file whose body names or reads a resourceVersion
   * ({@code remember(e)} storing the version seen last in a field).
   */
  private static boolean ownMethodNamesVersion(MethodCallExpr call) {
    if (call.getScope().isPresent() && !(call.getScope().get() instanceof com.github.javaparser.ast.expr.ThisExpr)) {
      return false;
    }
    Optional<MethodDeclaration> own = SourceMethods.forCallInFile(call);
    return own.flatMap(MethodDeclaration::getBody).filter(FreshRewatches::namesVersion).isPresent();
  }

  /**
   * The request names no resourceVersion: a builder chain ({@code api.listNamespacedJob(ns).watch(true).buildCall(null)},
   * where only a {@code resourceVersion(..)} step names one; also through a builder kept in a local) or a call
   * whose arguments stay the same.
   */
  static boolean freshRequest(MethodCallExpr createWatch) {
    Optional<Expression> request = FreshRewatches.request(createWatch.getArgument(1), createWatch);
    // a request built by a method of the project ({@code newCall()}): its version is in that method, not here
    if (request.isPresent() && request.get() instanceof MethodCallExpr top && (top.getScope().isEmpty()
        || top.getScope().get() instanceof com.github.javaparser.ast.expr.ThisExpr || SourceMethods.isOwnCode(top.getScope(), top))) {
      return false;
    }
    // a builder kept in a local ({@code request = api.listNamespacedJob(ns).resourceVersion(rv)}) names its version there
    boolean localNamesVersion = request.isPresent() && request.get().findAll(NameExpr.class).stream()
        .map(n -> Scopes.lookup(n.getNameAsString(), n)).flatMap(Optional::stream)
        .anyMatch(r -> r.initializer().filter(FreshRewatches::namesVersion).isPresent());
    return request.isPresent() && !localNamesVersion && !FreshRewatches.namesVersion(request.get())
        && (request.get().findAll(MethodCallExpr.class).stream().anyMatch(m -> m.getNameAsString().equals("buildCall"))
            || FreshRewatches.stableArguments(request.get()));
  }

  /**
   * The for-each leaves on the awaited event: a return, or a break out of it. Inside a loop that opens the watch
   * again ({@code rewatching}), a break that leaves only the for-each starts the next pass: only a return counts.
   */
  private static boolean leavesEarly(ForEachStmt loop, Node rewatching) {
    return loop.getBody().findAll(Node.class, x -> x instanceof BreakStmt b && b.getLabel().isEmpty() || x instanceof ReturnStmt)
        .stream().anyMatch(x -> x.findAncestor(LambdaExpr.class).filter(loop::isAncestorOf).isEmpty()
            && (x instanceof ReturnStmt || rewatching == null && nearestLoop(x) == loop));
  }

  private static Node nearestLoop(Node n) {
    for (Node p = n.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
      if (p instanceof WhileStmt || p instanceof DoStmt || p instanceof ForStmt || p instanceof ForEachStmt
          || p instanceof com.github.javaparser.ast.stmt.SwitchStmt) {
        return p;
      }
    }
    return null;
  }

  /** The watch events of the method: variables declared as {@code Watch.Response<...>} / {@code Response<...>}. */
  Set<Node> events(Node callable) {
    Set<Node> out = Collections.newSetFromMap(new IdentityHashMap<>());
    for (VariableDeclarationExpr v : callable.findAll(VariableDeclarationExpr.class)) {
      for (VariableDeclarator d : v.getVariables()) {
        if (isResponse(d.getType().asString())) {
          out.add(d);
        }
      }
    }
    for (Parameter p : callable.findAll(Parameter.class)) {
      if (isResponse(p.getType().asString())) {
        out.add(p);
      }
    }
    return out;
  }

  private static boolean isResponse(String written) {
    String raw = written.contains("<") ? written.substring(0, written.indexOf('<')) : written;
    return raw.equals("Watch.Response") || raw.equals("Response") || raw.equals(K8S_WATCH + ".Response");
  }

}
