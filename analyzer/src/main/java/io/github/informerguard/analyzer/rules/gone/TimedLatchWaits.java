package io.github.informerguard.analyzer.rules.gone;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import io.github.informerguard.analyzer.catalog.WaitApis;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A one-shot wait on a watch: an anonymous {@code Watcher} whose {@code eventReceived} does nothing but note
 * events (log lines, getters on the event, {@code switch}/{@code if} on the action) and count down latches
 * that the method opening the watch creates and then awaits with a deadline ({@code latch.await(1,
 * MINUTES)}), never without one. The watch serves that one wait: once the deadline passes or the awaited
 * event arrives, no code uses another event. A 410 Gone that closes such a watch at most makes the wait run
 * to its deadline, as a missed event would; re-listing would not serve the waiter better. Not this shape: a
 * watch whose handle is kept (a field, a return value: it is meant to outlive the wait), an
 * {@code eventReceived} that acts on events (updates state, calls project code), a latch any untimed
 * {@code await()} waits on, or a named Watcher class (its watches are judged where they are opened).
 */
final class TimedLatchWaits {

  private TimedLatchWaits() {}

  static boolean oneShot(Fabric8Watchers.Implementation impl, GoneEvidence evidence) {
    if (!(impl.body() instanceof ObjectCreationExpr) || impl.watches().isEmpty()
        || impl.watches().stream().anyMatch(TimedLatchWaits::handleKept)) {
      return false;
    }
    Optional<MethodDeclaration> eventReceived = impl.method("eventReceived", 2);
    Optional<CallableDeclaration> opener = impl.body().findAncestor(CallableDeclaration.class);
    if (eventReceived.flatMap(MethodDeclaration::getBody).isEmpty() || opener.isEmpty()) {
      return false;
    }
    List<MethodCallExpr> calls = eventReceived.get().getBody().get().findAll(MethodCallExpr.class);
    Set<String> released = calls.stream()
        .filter(m -> WaitApis.LATCH_SIGNALS.contains(m.getNameAsString()) && m.getArguments().isEmpty()
            && m.getScope().filter(NameExpr.class::isInstance).isPresent())
        .map(m -> m.getScope().get().toString()).collect(Collectors.toSet());
    if (released.isEmpty() || !calls.stream().allMatch(m -> released.contains(m.getScope().map(Object::toString).orElse(""))
        || evidence.isLogging(m) || insideLogging(m, evidence) || readsEvent(m))) {
      return false;
    }
    Node method = opener.get();
    return released.stream().allMatch(latch -> localLatch(method, latch) && awaitedOnlyWithDeadline(method, latch));
  }

  /** The watch's handle goes anywhere but a local or nowhere (a field, a return value): it may outlive the method. */
  private static boolean handleKept(MethodCallExpr watch) {
    Node parent = watch.getParentNode().orElse(null);
    return !(parent instanceof ExpressionStmt || parent instanceof VariableDeclarator);
  }

  /** A getter or test on the event or its parts ({@code pod.getMetadata().getName()}, {@code "x".equals(..)}). */
  private static boolean readsEvent(MethodCallExpr m) {
    String name = m.getNameAsString();
    return name.startsWith("get") || name.startsWith("is") || name.equals("equals") || name.equals("equalsIgnoreCase")
        || name.equals("name") || name.equals("toString");
  }

  private static boolean insideLogging(MethodCallExpr m, GoneEvidence evidence) {
    return m.findAncestor(MethodCallExpr.class, evidence::isLogging).isPresent();
  }

  /** {@code CountDownLatch latch = new CountDownLatch(n)} declared in the opening method. */
  private static boolean localLatch(Node method, String latch) {
    return method.findAll(VariableDeclarator.class, v -> v.getNameAsString().equals(latch)).stream()
        .anyMatch(v -> v.getInitializer().filter(ObjectCreationExpr.class::isInstance)
            .map(i -> ((ObjectCreationExpr) i).getType().getNameAsString().equals("CountDownLatch")).orElse(false));
  }

  /** At least one {@code latch.await(timeout, unit)} and no untimed {@code latch.await()} in the method. */
  private static boolean awaitedOnlyWithDeadline(Node method, String latch) {
    List<MethodCallExpr> awaits = method.findAll(MethodCallExpr.class, m -> m.getNameAsString().equals("await")
        && m.getScope().map(Object::toString).filter(latch::equals).isPresent());
    return !awaits.isEmpty() && awaits.stream().allMatch(a -> a.getArguments().size() == 2);
  }
}
