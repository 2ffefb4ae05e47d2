package io.github.informerguard.analyzer.rules.gone;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.LiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.resolve.Scopes;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Watches that a loop opens afresh, with no resourceVersion, on every pass: the loop runs until a stop flag
 * says otherwise (never leaving on success), and the request names no resourceVersion. Each new watch starts
 * from the current state (its first events replay what exists), so a watch a 410 ends is replaced by one that
 * cannot be handed a compacted version, and nothing is lost that a re-list would have restored.
 *
 * <p>A loop that passes a version it carries from pass to pass (a {@code resourceVersion(rv)} builder step, a
 * value read from {@code getResourceVersion()}, a variable the code writes again) resumes from that version and
 * is not such a loop; nor is a loop over a collection (one watch per namespace), a loop that leaves once the
 * watch is open (a retry until the handshake works), or a loop in another file.
 */
final class FreshRewatches {

  /** Loop conditions that walk a collection or queue: one pass per item, not one per watch. */
  private static final Set<String> ITEM_CONDITIONS = Set.of("hasNext", "hasMoreElements", "hasMoreTokens", "isEmpty",
      "next", "poll", "take", "peek");

  private FreshRewatches() {}

  /** A fabric8 {@code watch(watcher)} (or {@code watch(options, watcher)} with options that name no version) re-opened by a loop. */
  static boolean fabric8(MethodCallExpr watch) {
    if (watch.getArguments().size() == 2 && !optionsWithoutVersion(watch.getArgument(0))) {
      return false;
    }
    if (watch.getArguments().size() > 2 || namesVersion(watch.getScope().orElse(null))) {
      return false;
    }
    return reopenedByLoop(watch);
  }

  /** A client-java {@code Watch.createWatch(client, call, type)} whose request names no version, re-opened by a loop. */
  static boolean clientJava(MethodCallExpr createWatch) {
    Optional<Expression> request = request(createWatch.getArgument(1), createWatch);
    return request.isPresent() && !namesVersion(request.get()) && stableArguments(request.get())
        && reopenedByLoop(createWatch);
  }

  /** The request expression: the argument, or the one initializer of the local it names. */
  static Optional<Expression> request(Expression arg, Node use) {
    Expression x = unwrap(arg);
    if (x instanceof NameExpr n) {
      Optional<VariableRef> ref = Scopes.lookup(n.getNameAsString(), use);
      if (ref.isEmpty() || ref.get().kind() != VariableRef.Kind.LOCAL || ref.get().initializer().isEmpty()
          || ref.get().declaration().isEmpty()
          || Scopes.isReassigned(ref.get(), ref.get().declaration().get())) {
        return Optional.empty();
      }
      return Optional.of(ref.get().initializer().get());
    }
    return x instanceof MethodCallExpr ? Optional.of(x) : Optional.empty();
  }

  /** {@code new ListOptionsBuilder().withWatch(true).build()} written out with no resourceVersion. */
  private static boolean optionsWithoutVersion(Expression options) {
    Expression x = unwrap(options);
    return x instanceof MethodCallExpr && !namesVersion(x) && stableArguments(x);
  }

  /** A builder step, setter or read of a resourceVersion anywhere in the expression. */
  static boolean namesVersion(Node e) {
    if (e == null) {
      return false;
    }
    for (MethodCallExpr m : e.findAll(MethodCallExpr.class)) {
      String name = m.getNameAsString();
      if (name.equals("getResourceVersion") || (name.equals("resourceVersion") || name.equals("withResourceVersion")
          || name.equals("setResourceVersion")) && !(m.getArguments().size() == 1 && m.getArgument(0).isNullLiteralExpr())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Every argument of every call in the request is the same on each pass: a literal, a constant, a field that
   * only constructors write, a local initialised once from such values, or a call on such a value. A parameter
   * or a variable written again may carry the version seen last, wherever it is passed.
   */
  static boolean stableArguments(Expression request) {
    for (MethodCallExpr m : request.findAll(MethodCallExpr.class)) {
      for (Expression a : m.getArguments()) {
        if (!stable(a, 0)) {
          return false;
        }
      }
    }
    return true;
  }

  static boolean stable(Expression e, int depth) {
    Expression x = unwrap(e);
    if (depth > 4) {
      return false;
    }
    if (x instanceof LiteralExpr || x instanceof com.github.javaparser.ast.expr.ClassExpr) {
      return true;
    }
    if (x instanceof BinaryExpr b) {
      return stable(b.getLeft(), depth + 1) && stable(b.getRight(), depth + 1);
    }
    if (x instanceof UnaryExpr u) {
      return stable(u.getExpression(), depth + 1);
    }
    if (x instanceof MethodCallExpr m) {
      return !m.getNameAsString().equals("getResourceVersion")
          && (m.getScope().isEmpty() || stable(m.getScope().get(), depth + 1))
          && m.getArguments().stream().allMatch(a -> stable(a, depth + 1));
    }
    if (x instanceof ObjectCreationExpr created) {
      return created.getAnonymousClassBody().isEmpty() && created.getArguments().stream().allMatch(a -> stable(a, depth + 1));
    }
    if (x instanceof FieldAccessExpr f && !(f.getScope() instanceof ThisExpr)) {
      // Boolean.TRUE, Config.NAMESPACE, conf.KEY: a constant of a type, or a field of a stable value
      return f.getScope() instanceof NameExpr owner && Scopes.lookup(owner.getNameAsString(), owner).isEmpty()
          || stable(f.getScope(), depth + 1);
    }
    if (x instanceof NameExpr || x instanceof FieldAccessExpr) {
      String name = x instanceof NameExpr n ? n.getNameAsString() : ((FieldAccessExpr) x).getNameAsString();
      Optional<VariableRef> ref = Scopes.lookup(name, x);
      if (ref.isEmpty()) {
        // no declaration in view: a constant's type name (Boolean) is; anything else may be inherited state
        return x instanceof NameExpr && Character.isUpperCase(name.charAt(0));
      }
      VariableRef r = ref.get();
      if (r.declaration().isEmpty() || r.kind() == VariableRef.Kind.PARAMETER) {
        return false;
      }
      Node decl = r.declaration().get();
      if (r.kind() == VariableRef.Kind.FIELD) {
        return (r.isFinal() || writtenOnlyByConstructors(decl, name))
            && r.initializer().map(i -> stable(i, depth + 1)).orElse(true);
      }
      return r.initializer().isPresent() && !Scopes.isReassigned(r, decl) && stable(r.initializer().get(), depth + 1);
    }
    return false;
  }

  private static boolean writtenOnlyByConstructors(Node fieldDeclarator, String name) {
    Optional<TypeDeclaration> type = fieldDeclarator.findAncestor(TypeDeclaration.class);
    if (type.isEmpty() || !(fieldDeclarator instanceof VariableDeclarator)
        || fieldDeclarator.findAncestor(FieldDeclaration.class).isEmpty()) {
      return false;
    }
    for (AssignExpr a : type.get().findAll(AssignExpr.class)) {
      Expression t = a.getTarget();
      boolean names = t instanceof NameExpr n && n.getNameAsString().equals(name)
          || t instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr && f.getNameAsString().equals(name);
      if (names && a.findAncestor(ConstructorDeclaration.class).isEmpty()
          && a.findAncestor(InitializerDeclaration.class).isEmpty()) {
        return false;
      }
    }
    return true;
  }

  /**
   * The call runs on every pass of a loop that only a stop flag ends: a loop around it in its method, or,
   * for a private method of the file, a loop around every call of that method in the file.
   */
  private static boolean reopenedByLoop(MethodCallExpr call) {
    if (inStopFlagLoop(call)) {
      return true;
    }
    Optional<CallableDeclaration> callable = call.findAncestor(CallableDeclaration.class);
    if (callable.isEmpty() || !(callable.get() instanceof MethodDeclaration m) || !m.isPrivate()
        || lambdaBetween(call, m)) {
      return false;
    }
    Optional<TypeDeclaration> type = m.findAncestor(TypeDeclaration.class);
    if (type.isEmpty()) {
      return false;
    }
    List<MethodCallExpr> callers = type.get().findAll(MethodCallExpr.class, c -> c.getNameAsString().equals(m.getNameAsString())
        && c.getArguments().size() == m.getParameters().size()
        && SourceMethods.forCallInFile(c).filter(d -> d == m).isPresent());
    return !callers.isEmpty() && callers.stream().allMatch(FreshRewatches::inStopFlagLoop);
  }

  private static boolean lambdaBetween(Node n, Node outer) {
    for (Node p = n.getParentNode().orElse(null); p != null && p != outer; p = p.getParentNode().orElse(null)) {
      if (p instanceof LambdaExpr || p instanceof ObjectCreationExpr) {
        return true;
      }
    }
    return false;
  }

  /** The nearest loop around {@code n} in its own body (not across a lambda or class) is a stop-flag loop. */
  private static boolean inStopFlagLoop(Node n) {
    for (Node p = n.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
      if (p instanceof LambdaExpr || p instanceof CallableDeclaration || p instanceof ObjectCreationExpr o
          && o.getAnonymousClassBody().isPresent() && o.getArguments().stream().noneMatch(a -> a.isAncestorOf(n))) {
        return false;
      }
      if (p instanceof ForEachStmt) {
        return false;
      }
      if (p instanceof WhileStmt w) {
        return stopFlag(w.getCondition()) && neverLeaves(w.getBody(), w);
      }
      if (p instanceof DoStmt d) {
        return stopFlag(d.getCondition()) && neverLeaves(d.getBody(), d);
      }
      if (p instanceof ForStmt f) {
        return f.getInitialization().isEmpty() && f.getUpdate().isEmpty()
            && f.getCompare().map(FreshRewatches::stopFlag).orElse(true) && neverLeaves(f.getBody(), f);
      }
    }
    return false;
  }

  /** {@code true}, a flag, {@code !closed}, {@code running.get()}, {@code !Thread.currentThread().isInterrupted()}. */
  private static boolean stopFlag(Expression condition) {
    Expression x = unwrap(condition);
    if (x instanceof BooleanLiteralExpr b) {
      return b.getValue();
    }
    if (x instanceof NameExpr || x instanceof FieldAccessExpr) {
      return true;
    }
    if (x instanceof UnaryExpr u && u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT) {
      return stopFlag(u.getExpression());
    }
    if (x instanceof BinaryExpr b && (b.getOperator() == BinaryExpr.Operator.AND || b.getOperator() == BinaryExpr.Operator.OR)) {
      return stopFlag(b.getLeft()) && stopFlag(b.getRight());
    }
    if (x instanceof MethodCallExpr m) {
      return m.getArguments().isEmpty() && !ITEM_CONDITIONS.contains(m.getNameAsString())
          && m.getScope().map(s -> s instanceof NameExpr || s instanceof FieldAccessExpr || s instanceof ThisExpr
              || s instanceof MethodCallExpr c && c.getArguments().isEmpty()).orElse(true);
    }
    return false;
  }

  /** No break of this loop and no return in its body, other than in a catch clause (an error or a stop ends it). */
  private static boolean neverLeaves(Node body, Node loop) {
    for (Node x : body.findAll(Node.class, y -> y instanceof BreakStmt || y instanceof ReturnStmt)) {
      if (lambdaBetween(x, loop) || x.findAncestor(CatchClause.class).filter(loop::isAncestorOf).isPresent()) {
        continue;
      }
      if (x instanceof ReturnStmt) {
        return false;
      }
      BreakStmt b = (BreakStmt) x;
      if (b.getLabel().isPresent() || nearestBreakTarget(b) == loop) {
        return false;
      }
    }
    return true;
  }

  private static Node nearestBreakTarget(Node n) {
    for (Node p = n.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
      if (p instanceof WhileStmt || p instanceof DoStmt || p instanceof ForStmt || p instanceof ForEachStmt
          || p instanceof SwitchStmt) {
        return p;
      }
    }
    return null;
  }

  static Expression unwrap(Expression e) {
    Expression x = e;
    while (x instanceof EnclosedExpr || x instanceof CastExpr) {
      x = x instanceof EnclosedExpr en ? en.getInner() : ((CastExpr) x).getExpression();
    }
    return x;
  }
}
