package io.github.informerguard.analyzer.rules.gone;

import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.WatchApis;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.List;

/**
 * Whether the watches a Watcher is given all cover a whole kind, in a namespace or cluster-wide, rather
 * than one object or a label or field selector computed per call ({@code withLabels(labelsOf(taskId))},
 * {@code withName(podName)} with a parameter or local). An {@code onClose} that exits the JVM behind such
 * watches is the crash-only restart of a process that watches what it runs on: the restarted pod lists
 * and watches again. Behind a per-call watch (one task, one request) the exit ends every other task the
 * process is running. Source-only, so both modes agree.
 */
final class WholeKindWatches {

  private WholeKindWatches() {}

  /** Every watch call is known and none is narrowed per call; false for an empty list (watches unknown). */
  static boolean all(List<MethodCallExpr> watches) {
    return !watches.isEmpty() && watches.stream().noneMatch(WholeKindWatches::perCall);
  }

  private static boolean perCall(MethodCallExpr watch) {
    Expression e = watch.getScope().orElse(null);
    while (e instanceof MethodCallExpr m) {
      if (WatchApis.F8_OBJECT_SELECTORS.contains(m.getNameAsString())
          && m.getArguments().stream().anyMatch(WholeKindWatches::mentionsCallValue)) {
        return true;
      }
      e = m.getScope().map(Expressions::withoutParenthesesAndCasts).orElse(null);
    }
    return false;
  }

  /** The argument is or uses a parameter or local: a value of this call, not of the component. */
  private static boolean mentionsCallValue(Expression argument) {
    return argument.findAll(NameExpr.class).stream().anyMatch(n -> Scopes.lookup(n.getNameAsString(), n)
        .filter(r -> r.kind() != VariableRef.Kind.FIELD).isPresent());
  }
}
