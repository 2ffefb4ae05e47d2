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
import java.util.List;
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
      if (f.getIterable() instanceof NameExpr n && Scopes.refersTo(n, declaration) && leavesEarly(f, rewatching)
          && !resumesForCaller(createWatch, callable, f)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The method resumes from a version its caller hands in and hands back the version it reached: a parameter
   * reaches the request (directly, or through a local the method sets from it), and a {@code return} gives back
   * a variable that starts from that parameter (the parameter itself, or a local initialised from it) and that
   * the for-each over the watch writes ({@code int last = from; for (..) { .. last = seen; } return last;}). The
   * caller watches again from what it is given, pass after pass: a resumed watch that a 410 ends for good, not a
   * one-shot wait whose early leave is the awaited event.
   */
  private static boolean resumesForCaller(MethodCallExpr createWatch, Node callable, ForEachStmt loop) {
    if (!(callable instanceof MethodDeclaration m) || m.getType().isVoidType() || m.getBody().isEmpty()) {
      return false;
    }
    Set<String> reaching = new java.util.HashSet<>();
    for (NameExpr n : createWatch.getArgument(1).findAll(NameExpr.class)) {
      Optional<VariableRef> ref = Scopes.lookup(n.getNameAsString(), n);
      if (ref.isEmpty()) {
        continue;
      }
      if (!asValue(n)) {
        continue; // initial.getMetadata().getNamespace(): the subject of a wait, not a version handed in
      }
      if (ref.get().kind() == VariableRef.Kind.PARAMETER) {
        reaching.add(ref.get().name());
      } else if (ref.get().kind() == VariableRef.Kind.LOCAL) {
        ref.get().initializer().ifPresent(i -> reaching.addAll(parametersIn(i, m)));
        m.getBody().get().findAll(AssignExpr.class, a -> a.getTarget() instanceof NameExpr t
                && t.getNameAsString().equals(n.getNameAsString()))
            .forEach(a -> reaching.addAll(parametersIn(a.getValue(), m)));
      }
    }
    if (reaching.isEmpty()) {
      return false;
    }
    for (ReturnStmt r : m.getBody().get().findAll(ReturnStmt.class)) {
      // Handed back when the watch ends (after the loop), not only on an awaited event inside it.
      if (r.findAncestor(LambdaExpr.class).filter(m::isAncestorOf).isPresent() || loop.isAncestorOf(r)
          || !(r.getExpression().map(FreshRewatches::unwrap).orElse(null) instanceof NameExpr v)) {
        continue;
      }
      Optional<VariableRef> ref = Scopes.lookup(v.getNameAsString(), v);
      boolean startsFromCaller = ref.isPresent() && (ref.get().kind() == VariableRef.Kind.PARAMETER && reaching.contains(ref.get().name())
          || ref.get().kind() == VariableRef.Kind.LOCAL
              && ref.get().initializer().filter(i -> parametersIn(i, m).stream().anyMatch(reaching::contains)).isPresent());
      boolean advanced = loop.getBody().findAll(AssignExpr.class).stream().anyMatch(a -> a.getTarget() instanceof NameExpr t
          && t.getNameAsString().equals(v.getNameAsString()));
      if (startsFromCaller && advanced) {
        return true;
      }
    }
    return false;
  }

  /**
   * A watch the method resumes for its caller (above) that, on an event that looks like an ERROR (its
   * {@code object} null, or its {@code type} or {@code status} read), returns a constant instead of the version
   * reached ({@code if (item.object == null) return 0;}): the caller watches again from that reset, with no
   * version, and replays the current state. A check that looks only inside the object (client-java leaves it
   * null on an ERROR event) is no such reset.
   */
  boolean resetsOnErrorEvent(MethodCallExpr createWatch, Node callable) {
    Node parent = createWatch.getParentNode().orElse(null);
    Node declaration = parent instanceof VariableDeclarator v ? v
        : parent instanceof AssignExpr a && a.getTarget() instanceof NameExpr target
            ? Scopes.lookup(target.getNameAsString(), target).flatMap(VariableRef::declaration).orElse(null) : null;
    for (ForEachStmt f : callable.findAll(ForEachStmt.class)) {
      boolean overWatch = f.getIterable() == createWatch
          || declaration != null && f.getIterable() instanceof NameExpr n && Scopes.refersTo(n, declaration);
      if (!overWatch || !resumesForCaller(createWatch, callable, f)) {
        continue;
      }
      String event = f.getVariable().getVariables().get(0).getNameAsString();
      for (ReturnStmt r : f.getBody().findAll(ReturnStmt.class)) {
        boolean constant = r.getExpression().map(FreshRewatches::unwrap)
            .filter(x -> x instanceof com.github.javaparser.ast.expr.LiteralExpr
                || x instanceof com.github.javaparser.ast.expr.UnaryExpr u && u.getExpression() instanceof com.github.javaparser.ast.expr.LiteralExpr)
            .isPresent();
        if (constant && r.findAncestor(com.github.javaparser.ast.stmt.IfStmt.class).filter(f::isAncestorOf)
            .filter(i -> testsErrorShape(i.getCondition(), event)).isPresent()) {
          return true;
        }
      }
    }
    return false;
  }

  private static final Set<String> OTHER_EVENT_TYPES = Set.of("ADDED", "MODIFIED", "DELETED", "BOOKMARK");

  /** {@code event.object == null}, or a read of {@code event.type} / {@code event.status} (also through getters). */
  private static boolean testsErrorShape(Expression condition, String event) {
    // "DELETED".equals(item.type): a test for another event type, not for an error
    Set<String> literals = new java.util.HashSet<>();
    condition.findAll(com.github.javaparser.ast.expr.StringLiteralExpr.class).forEach(l -> literals.add(l.getValue()));
    boolean otherType = !literals.contains("ERROR") && literals.stream().anyMatch(OTHER_EVENT_TYPES::contains);
    for (com.github.javaparser.ast.expr.FieldAccessExpr fa : condition.findAll(com.github.javaparser.ast.expr.FieldAccessExpr.class)) {
      if (!(fa.getScope() instanceof NameExpr n) || !n.getNameAsString().equals(event)) {
        continue;
      }
      String field = fa.getNameAsString();
      if (field.equals("type") && !otherType || field.equals("status")) {
        return true;
      }
      if (field.equals("object") && fa.getParentNode().orElse(null) instanceof com.github.javaparser.ast.expr.BinaryExpr b
          && (b.getLeft().isNullLiteralExpr() || b.getRight().isNullLiteralExpr())) {
        return true;
      }
    }
    return condition.findAll(MethodCallExpr.class).stream().anyMatch(m -> (m.getNameAsString().equals("getType") && !otherType
        || m.getNameAsString().equals("getStatus")) && m.getArguments().isEmpty()
        && m.getScope().filter(sc -> sc instanceof NameExpr n && n.getNameAsString().equals(event)).isPresent());
  }

  /** A name used for its value ({@code from}, {@code "" + from}), not as the scope of a call or field ({@code from.getX()}). */
  private static boolean asValue(NameExpr n) {
    Node p = n.getParentNode().orElse(null);
    return !(p instanceof MethodCallExpr c && c.getScope().filter(sc -> sc == n).isPresent()
        || p instanceof com.github.javaparser.ast.expr.FieldAccessExpr f && f.getScope() == n);
  }

  /** The parameters of {@code method} that {@code e} names as values. */
  private static Set<String> parametersIn(Expression e, MethodDeclaration method) {
    Set<String> out = new java.util.HashSet<>();
    for (NameExpr n : e.findAll(NameExpr.class)) {
      if (asValue(n) && method.getParameters().stream().anyMatch(p -> p.getNameAsString().equals(n.getNameAsString()))
          && Scopes.lookup(n.getNameAsString(), n).filter(r -> r.kind() == VariableRef.Kind.PARAMETER).isPresent()) {
        out.add(n.getNameAsString());
      }
    }
    return out;
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

  /**
   * Every 410 test written in the callable ({@code 410}, an {@code HTTP_GONE} constant) sits in a
   * {@code catch} of {@code ApiException}: the loop looks for 410 only where {@code createWatch} or a list
   * throws. A watch from a compacted resourceVersion does not throw: the API server accepts the request (HTTP
   * 200) and sends one ERROR event whose status code is 410, and iterating a {@code Watch} never turns an
   * event into an exception (client-java's {@code Watch.next()} throws only on a broken stream). Empty when no
   * such test is written here (one a helper makes is judged as before).
   */
  static boolean goneTestedOnlyOnApiException(Node callable) {
    List<Node> tests = callable.findAll(Node.class, GoneEvidence::isGoneConstant);
    return !tests.isEmpty() && tests.stream().allMatch(t -> t.findAncestor(com.github.javaparser.ast.stmt.CatchClause.class)
        .filter(c -> java.util.Arrays.stream(c.getParameter().getType().asString().split("\\|"))
            .map(String::trim).anyMatch(t2 -> t2.equals("ApiException") || t2.endsWith(".ApiException")))
        .isPresent());
  }
}
