package io.github.informerguard.analyzer.rules.gone;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.TryStmt;
import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.WaitApis;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Scopes;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * An onClose that ends the process on purpose: it counts down the latch that {@code main} waits on
 * as its last act (directly, or through the one method main calls last), so a closed watch lets main
 * return and the JVM exit, and the pod's restart lists and watches afresh, with no resourceVersion
 * to go stale. A latch whose waiter goes on working after the wait is not this: there the close is
 * taken for the awaited event, which the rule reports.
 */
final class MainEndingClose {

  private final TypeFacts types;

  MainEndingClose(TypeFacts types) {
    this.types = types;
  }

  /** Whether {@code onClose} releases a latch whose every wait is the last thing main does. */
  boolean releasesMainsLastWait(MethodDeclaration onClose) {
    Optional<CompilationUnit> unit = onClose.findCompilationUnit();
    if (onClose.getBody().isEmpty() || unit.isEmpty()) {
      return false;
    }
    for (MethodCallExpr release : onClose.getBody().get().findAll(MethodCallExpr.class)) {
      if (release.getScope().isEmpty() || !WaitApis.LATCH_SIGNALS.contains(release.getNameAsString())
          || !types.isA(release.getScope().get(), Set.of(WaitApis.LATCH)).isYes()) {
        continue;
      }
      Optional<VariableRef> latch = variable(release.getScope().get());
      Optional<Node> region = latch.flatMap(VariableRef::declaration).map(d -> latch.get().kind() == VariableRef.Kind.FIELD
          ? d.findAncestor(TypeDeclaration.class).map(Node.class::cast).orElse(d) : Scopes.enclosingBody(d));
      if (region.isEmpty()) {
        continue;
      }
      List<MethodCallExpr> waits = region.get().findAll(MethodCallExpr.class, m -> m.getNameAsString().equals("await")
          && m.getScope().flatMap(this::variable).filter(v -> v.declaration().equals(latch.get().declaration())).isPresent());
      if (!waits.isEmpty() && waits.stream().allMatch(w -> lastActOfMain(w, unit.get()))) {
        return true;
      }
    }
    return false;
  }

  private Optional<VariableRef> variable(Expression e) {
    Expression x = Expressions.withoutParenthesesAndCasts(e);
    if (x instanceof NameExpr n) {
      return Scopes.lookup(n.getNameAsString(), n);
    }
    if (x instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) {
      return f.findAncestor(TypeDeclaration.class).flatMap(t -> Scopes.field((TypeDeclaration<?>) t, f.getNameAsString()));
    }
    return Optional.empty();
  }

  /**
   * A client-java watch whose event loop is the last thing {@code main} does (its try-with-resources, or the
   * for-each over it, ends main, directly or through the one method main calls last) and whose request names no
   * resourceVersion: when the stream ends, on a 410 or any close, main returns and the process exits, and the pod's
   * restart watches afresh from the current state, so no version is resumed. {@code fresh} tells whether the
   * request names no version.
   */
  boolean clientJavaWatchEndsMain(MethodCallExpr createWatch, boolean fresh) {
    Optional<CompilationUnit> unit = createWatch.findCompilationUnit();
    if (!fresh || unit.isEmpty()) {
      return false;
    }
    Node parent = createWatch.getParentNode().orElse(null);
    Statement statement = null;
    if (parent instanceof com.github.javaparser.ast.stmt.ForEachStmt f && f.getIterable() == createWatch) {
      statement = f;
    } else if (parent instanceof com.github.javaparser.ast.body.VariableDeclarator v
        && v.getParentNode().orElse(null) instanceof com.github.javaparser.ast.expr.VariableDeclarationExpr d
        && d.getParentNode().orElse(null) instanceof TryStmt t && t.getResources().contains(d)) {
      statement = t;
    }
    if (statement == null || ownMethod(statement).filter(MainEndingClose::startsWork).isPresent()
        || unit.get().getTypes().stream().flatMap(t -> t.getMethods().stream()).filter(MainEndingClose::isMain)
            .anyMatch(MainEndingClose::startsWork)) {
      return false;
    }
    return lastActOfMain(statement, unit.get());
  }

  /**
   * The method starts work that may keep the process up once the watch loop ends (a non-daemon thread, an
   * executor, a server): a {@code new Thread(..)}, a call named {@code start}, or an {@code Executors} factory.
   */
  private static boolean startsWork(MethodDeclaration method) {
    return method.findAll(MethodCallExpr.class).stream().anyMatch(c -> c.getNameAsString().equals("start")
            || c.getScope().filter(sc -> sc instanceof NameExpr n && n.getNameAsString().equals("Executors")).isPresent())
        || method.findAll(ObjectCreationExpr.class).stream().anyMatch(o -> o.getType().getNameAsString().equals("Thread"));
  }

  /** The wait ends main: it is main's last statement, or ends the method whose every call in the file does. */
  private boolean lastActOfMain(MethodCallExpr wait, CompilationUnit unit) {
    return wait.getParentNode().orElse(null) instanceof ExpressionStmt statement && lastActOfMain(statement, unit);
  }

  private boolean lastActOfMain(Statement last, CompilationUnit unit) {
    Optional<MethodDeclaration> method = ownMethod(last);
    if (method.isEmpty() || !endsMethod(last, method.get())) {
      return false;
    }
    if (isMain(method.get())) {
      return true;
    }
    List<MethodCallExpr> calls = FileNodes.of(unit, MethodCallExpr.class).stream()
        .filter(c -> c.getNameAsString().equals(method.get().getNameAsString())
            && c.getArguments().size() == method.get().getParameters().size()
            && SourceMethods.forCall(c, types).filter(m -> m == method.get()).isPresent())
        .toList();
    return !calls.isEmpty() && calls.stream().allMatch(c -> ownMethod(c).filter(MainEndingClose::isMain)
        .filter(main -> endsMethod(c, main)).isPresent());
  }

  /** The method whose own code (not a lambda or anonymous class in it) makes the call. */
  private static Optional<MethodDeclaration> ownMethod(Node call) {
    for (Node p = call.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
      if (p instanceof MethodDeclaration m) {
        return Optional.of(m);
      }
      if (p instanceof LambdaExpr || p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  /** The call is a statement after which the method returns: last in its block, up through try blocks. */
  private static boolean endsMethod(MethodCallExpr call, MethodDeclaration method) {
    return call.getParentNode().orElse(null) instanceof ExpressionStmt statement && endsMethod(statement, method);
  }

  private static boolean endsMethod(Statement statement, MethodDeclaration method) {
    Statement s = statement;
    while (true) {
      if (!(s.getParentNode().orElse(null) instanceof BlockStmt block)
          || block.getStatements().get(block.getStatements().size() - 1) != s) {
        return false;
      }
      Node above = block.getParentNode().orElse(null);
      if (above == method) {
        return true;
      }
      if (!(above instanceof TryStmt t) || t.getTryBlock() != block) {
        return false;
      }
      s = t;
    }
  }

  private static boolean isMain(MethodDeclaration m) {
    return io.github.informerguard.analyzer.resolve.SourceMethods.isMain(m);
  }
}
