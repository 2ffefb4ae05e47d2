package io.github.informerguard.analyzer.rules.gone;

import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.fold.ConstantFolder;
import io.github.informerguard.analyzer.fold.Folded;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.Optional;

/**
 * client-java watches that the server ends on a timer the request names, opened at no resourceVersion:
 * {@code api.listNamespacedJob(ns).timeoutSeconds(t).watch(true).buildCall(null)}, or the positional pre-20
 * {@code list*Call(.., timeoutSeconds, watch, callback)} (generated parameters are in name order, so the
 * timeout always comes right before {@code watch} and the callback, and the resourceVersion among the three
 * before it). Such a stream ends every time the timer runs out, so what the code does when the loop falls
 * through is its planned outcome (the waiter fails, the page's stream closes and the page asks again); a 410
 * ends it the same way, and a watch that names no version cannot be handed a compacted one.
 *
 * <p>Not bounded: a timeout of {@code Integer.MAX_VALUE} (or a constant of more than an hour, long enough
 * for compaction to matter), a {@code null} one, or a request that names a version (a builder step, or a
 * value in the positional version window that is not a literal or a constant).
 */
final class ServerTimeoutWatches {

  /** An hour: twice the API server's default minimum request timeout, which ends untimed watches at 30-60 min. */
  private static final long MAX_BOUND_SECONDS = 3600;
  private static final String TIMEOUT_STEP = "timeoutSeconds";
  /** The positional version window: resourceVersion, resourceVersionMatch, sendInitialEvents, by client line. */
  private static final int VERSION_WINDOW = 3;
  private static final int MAX_DEPTH = 4;

  private ServerTimeoutWatches() {}

  /** {@code Watch.createWatch(client, call, type)} whose request sets a bounded server timeout and names no version. */
  static boolean endsOnServerTimeout(MethodCallExpr createWatch, ConstantFolder folder) {
    Optional<Expression> request = FreshRewatches.request(createWatch.getArgument(1), createWatch);
    if (request.isEmpty() || FreshRewatches.namesVersion(request.get())) {
      return false;
    }
    Optional<MethodCallExpr> step = request.get().findAll(MethodCallExpr.class).stream()
        .filter(m -> m.getNameAsString().equals(TIMEOUT_STEP) && m.getArguments().size() == 1).findFirst();
    if (step.isPresent()) {
      return bounded(step.get().getArgument(0), 0, folder);
    }
    return request.get() instanceof MethodCallExpr positional && positionalBound(positional, folder);
  }

  private static boolean positionalBound(MethodCallExpr call, ConstantFolder folder) {
    String name = call.getNameAsString();
    int n = call.getArguments().size();
    if (!name.startsWith("list") || !name.endsWith("Call") || n < VERSION_WINDOW + 3 || !watchFlag(call.getArgument(n - 2))) {
      return false;
    }
    for (int i = n - 3 - VERSION_WINDOW; i < n - 3; i++) {
      if (!FreshRewatches.stable(call.getArgument(i), 0)) {
        return false; // a parameter or a written variable may carry the version seen last
      }
    }
    return bounded(call.getArgument(n - 3), 0, folder);
  }

  private static boolean watchFlag(Expression e) {
    Expression x = FreshRewatches.unwrap(e);
    return x instanceof BooleanLiteralExpr b && b.getValue()
        || x instanceof FieldAccessExpr f && f.getNameAsString().equals("TRUE") && f.getScope().toString().endsWith("Boolean");
  }

  /**
   * A timeout that ends the watch: a literal or constant of at most an hour, or a value the code is given or
   * computes (a parameter, a configuration field: the author bounded the watch). Not null, not MAX_VALUE, and
   * not a computation of constants that folds to more than an hour ({@code (int) TimeUnit.HOURS.toSeconds(24)},
   * {@code 24 * 3600}); a configuration look-up that folds only through its default counts as given.
   */
  private static boolean bounded(Expression e, int depth, ConstantFolder folder) {
    Expression x = FreshRewatches.unwrap(e);
    if (depth > MAX_DEPTH || x.isNullLiteralExpr()) {
      return false;
    }
    if (x instanceof IntegerLiteralExpr i) {
      return i.asNumber().longValue() <= MAX_BOUND_SECONDS;
    }
    if (x instanceof LongLiteralExpr l) {
      return l.asNumber().longValue() <= MAX_BOUND_SECONDS;
    }
    if (x instanceof MethodCallExpr || x instanceof BinaryExpr) {
      Optional<Folded> computed = folder.fold(x).filter(Folded::isNumber);
      if (computed.isPresent()) {
        // A configured value (Integer.getInteger("watch.timeout", 86400)) is the operator's to set, as a
        // configuration field is: a bound whatever its default.
        return computed.get().configDefault() || ((Number) computed.get().value()).longValue() <= MAX_BOUND_SECONDS;
      }
    }
    if (x instanceof FieldAccessExpr f && f.getNameAsString().equals("MAX_VALUE")) {
      return false;
    }
    if (x instanceof NameExpr || x instanceof FieldAccessExpr) {
      String name = x instanceof NameExpr n ? n.getNameAsString() : ((FieldAccessExpr) x).getNameAsString();
      Optional<VariableRef> ref = Scopes.lookup(name, x);
      if (ref.isPresent() && ref.get().initializer().isPresent() && ref.get().declaration().isPresent()
          && !Scopes.isReassigned(ref.get(), ref.get().declaration().get())) {
        return bounded(ref.get().initializer().get(), depth + 1, folder);
      }
    }
    return true;
  }
}
