package io.github.informerguard.analyzer.resolve;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.InstanceOfExpr;
import com.github.javaparser.ast.expr.TypePatternExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.stmt.YieldStmt;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where a pattern variable ({@code x instanceof Pod p}, {@code case Pod p ->}, the components of a
 * record pattern) is in scope, following the JLS rules javac applies (JLS 6.3.1): the true operand of
 * {@code &&}, the false operand of {@code ||}, both turned round by {@code !}, the branch of an
 * {@code if}, {@code ?:}, {@code while} or {@code for} its condition selects, the statements after
 * an {@code if} whose other branch cannot complete normally ({@code if (!(o instanceof Pod p)) return;}),
 * and a switch case's guard and body. Where completing normally would need flow analysis beyond
 * the JLS's simple cases the binding is not introduced: the name then stays unresolved (UNKNOWN),
 * never bound to the wrong declaration.
 */
final class PatternBindings {

  private PatternBindings() {}

  /** The pattern variable {@code name} that {@code scope} puts in scope for its part {@code child}. */
  static Optional<TypePatternExpr> inScopeOf(Node scope, Node child, String name) {
    return bindingsFor(scope, child).filter(p -> p.getNameAsString().equals(name)).findFirst();
  }

  /** The pattern variable {@code name} that {@code statement} introduces to the statements after it. */
  static Optional<TypePatternExpr> introducedAfter(Statement statement, String name) {
    return introducedAfter(statement).filter(p -> p.getNameAsString().equals(name)).findFirst();
  }

  private static Stream<TypePatternExpr> bindingsFor(Node scope, Node child) {
    if (scope instanceof BinaryExpr b && b.getRight() == child) {
      if (b.getOperator() == BinaryExpr.Operator.AND) {
        return bindings(b.getLeft(), true);
      }
      if (b.getOperator() == BinaryExpr.Operator.OR) {
        return bindings(b.getLeft(), false);
      }
    } else if (scope instanceof ConditionalExpr c) {
      if (c.getThenExpr() == child) {
        return bindings(c.getCondition(), true);
      }
      if (c.getElseExpr() == child) {
        return bindings(c.getCondition(), false);
      }
    } else if (scope instanceof IfStmt i) {
      if (i.getThenStmt() == child) {
        return bindings(i.getCondition(), true);
      }
      if (i.getElseStmt().filter(e -> e == child).isPresent()) {
        return bindings(i.getCondition(), false);
      }
    } else if (scope instanceof WhileStmt w && w.getBody() == child) {
      return bindings(w.getCondition(), true);
    } else if (scope instanceof ForStmt f && f.getCompare().isPresent()
        && (f.getBody() == child || f.getUpdate().stream().anyMatch(u -> u == child))) {
      return bindings(f.getCompare().get(), true);
    } else if (scope instanceof SwitchEntry e && e.getLabels().stream().noneMatch(l -> l == child)) {
      // the guard and the body of a case: every variable its patterns declare
      return e.getLabels().stream().flatMap(l -> l.findAll(TypePatternExpr.class).stream());
    }
    return Stream.empty();
  }

  private static Stream<TypePatternExpr> introducedAfter(Statement s) {
    if (s instanceof IfStmt i) {
      boolean thenCompletes = canCompleteNormally(i.getThenStmt());
      if (i.getElseStmt().isEmpty()) {
        return thenCompletes ? Stream.empty() : bindings(i.getCondition(), false);
      }
      boolean elseCompletes = canCompleteNormally(i.getElseStmt().get());
      if (thenCompletes && !elseCompletes) {
        return bindings(i.getCondition(), true);
      }
      if (!thenCompletes && elseCompletes) {
        return bindings(i.getCondition(), false);
      }
    } else if (s instanceof WhileStmt w && !breaksOut(w.getBody())) {
      return bindings(w.getCondition(), false);
    }
    return Stream.empty();
  }

  /** The variables {@code e} binds when it evaluates to {@code whenTrue}. */
  private static Stream<TypePatternExpr> bindings(Expression e, boolean whenTrue) {
    if (e instanceof EnclosedExpr en) {
      return bindings(en.getInner(), whenTrue);
    }
    if (e instanceof InstanceOfExpr i) {
      return whenTrue && i.getPattern().isPresent()
          ? i.getPattern().get().findAll(TypePatternExpr.class).stream()
          : Stream.empty();
    }
    if (e instanceof UnaryExpr u && u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT) {
      return bindings(u.getExpression(), !whenTrue);
    }
    if (e instanceof BinaryExpr b) {
      if (b.getOperator() == BinaryExpr.Operator.AND && whenTrue
          || b.getOperator() == BinaryExpr.Operator.OR && !whenTrue) {
        return Stream.concat(bindings(b.getLeft(), whenTrue), bindings(b.getRight(), whenTrue));
      }
    }
    return Stream.empty();
  }

  /**
   * JLS 14.22 for the shapes that end a guard clause: a jump, a block that contains one at its
   * top level, an {@code if}/{@code else} both of whose branches jump. Anything else is taken to
   * complete normally, which only ever withholds a binding.
   */
  private static boolean canCompleteNormally(Statement s) {
    if (s instanceof ReturnStmt || s instanceof ThrowStmt || s instanceof BreakStmt || s instanceof ContinueStmt
        || s instanceof YieldStmt) {
      return false;
    }
    if (s instanceof BlockStmt b) {
      return b.getStatements().stream().allMatch(PatternBindings::canCompleteNormally);
    }
    if (s instanceof IfStmt i && i.getElseStmt().isPresent()) {
      return canCompleteNormally(i.getThenStmt()) || canCompleteNormally(i.getElseStmt().get());
    }
    return true;
  }

  /** Whether a loop body may leave its loop by a {@code break} (its own: not one of a nested loop or switch). */
  private static boolean breaksOut(Statement body) {
    List<BreakStmt> breaks = body.findAll(BreakStmt.class);
    for (BreakStmt b : breaks) {
      if (b.getLabel().isPresent() || !insideNestedTarget(b, body)) {
        return true;
      }
    }
    return false;
  }

  private static boolean insideNestedTarget(BreakStmt b, Statement body) {
    for (Optional<Node> p = b.getParentNode(); p.isPresent() && p.get() != body; p = p.get().getParentNode()) {
      Node n = p.get();
      if (n instanceof WhileStmt || n instanceof DoStmt || n instanceof ForStmt || n instanceof ForEachStmt
          || n instanceof SwitchStmt) {
        return true;
      }
    }
    return false;
  }
}
