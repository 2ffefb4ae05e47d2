package io.github.informerguard.analyzer.rules.index;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import io.github.informerguard.analyzer.catalog.IndexerApis;
import io.github.informerguard.analyzer.catalog.IndexerApis.Library;
import io.github.informerguard.analyzer.rules.ClientJavaGuard;
import java.util.Optional;

/**
 * The text of StatefulIndexFunction findings: a one-sentence message naming the function and the
 * statement at fault, and a detail with why it hurts and the fix.
 */
final class IndexMessages {

  private static final int MAX_STATEMENT = 80;
  /** DESIGN.md: a message is one sentence of at most about 200 characters. */
  private static final int MAX_MESSAGE = 200;
  /** The statement is never cut shorter than this, even after a long subject. */
  private static final int MIN_STATEMENT = 30;

  private static final String PURE = " Fix: make the index function a pure function of its argument that reads only"
      + " the object's own fields and returns a fresh list (List.of(...)).";

  /**
   * For fabric8 and client-java informers, where the guard is a drop-in (GuardedInformer is a
   * fabric8 SharedIndexInformer; GuardedInformerFactory a client-java SharedInformerFactory); JOSDK
   * builds its informers itself.
   */
  private static final String GUARD = " informer-guard's runtime informer (InformerGuard.builder(resources) ->"
      + " GuardedInformer, a fabric8 SharedIndexInformer) stores the index values it computed for each object and"
      + " removes by those stored values, so an impure function cannot leave stale entries there, and it contains"
      + " exceptions thrown by index functions.";

  private static final String CLIENT_JAVA_GUARD = ClientJavaGuard.recommend("its informers store the index"
      + " values computed for each object and remove by those stored values, so an impure function cannot leave"
      + " stale entries there, and they contain exceptions thrown by index functions");

  record Text(String message, String detail) {}

  private IndexMessages() {}

  static Text message(Node anchor, Optional<String> indexName, PurityScanner.Hazard hazard, Library library) {
    String subject = "Index function " + describe(anchor) + indexName.map(n -> " (index \"" + n + "\")").orElse("");
    String fix = PURE + switch (library) {
      case FABRIC8 -> GUARD;
      case CLIENT_JAVA -> CLIENT_JAVA_GUARD;
      case JOSDK -> "";
    };
    return new Text(sentence(subject, hazard), explain(hazard) + " " + why(library) + fix);
  }

  /** A finding on the cache's key function (third argument of new Cache / new CacheImpl). */
  static Text keyMessage(Node anchor, PurityScanner.Hazard hazard, Library library) {
    String cache = library == Library.CLIENT_JAVA ? "client-java's Cache" : "fabric8's CacheImpl";
    String subject = "Key function " + describe(anchor) + " of this " + (library == Library.CLIENT_JAVA
        ? "new Cache<>(...)" : "new CacheImpl<>(...)");
    String why = " " + cache + " stores each object under the key this function computes and looks the key up again"
        + " from the incoming object on every update and delete, so a key that changes between versions of the same"
        + " resource breaks the cache: an update is stored under a new key next to the old entry, the old entry (and"
        + " its index entries) is never removed, and a delete removes nothing, so readers see stale and duplicate"
        + " objects.";
    String fix = " Fix: derive the key from the object's namespace and name only, e.g. "
        + (library == Library.CLIENT_JAVA ? IndexerApis.K8S_KEY_FUNCTION : IndexerApis.F8_KEY_FUNCTION) + ".";
    return new Text(sentence(subject, hazard), (explain(hazard) + why).trim() + fix);
  }

  /** {@code <subject> <what it does>: `<statement>`}, the statement cut to keep the sentence short. */
  private static String sentence(String subject, PurityScanner.Hazard hazard) {
    String where = hazard.helper().map(h -> " in helper " + h + "()").orElse("");
    String head = subject + what(hazard) + where + ": ";
    int room = Math.max(MIN_STATEMENT, Math.min(MAX_STATEMENT, MAX_MESSAGE - head.length() - 2));
    return head + "`" + statementText(hazard.node(), room) + "`";
  }

  private static String what(PurityScanner.Hazard hazard) {
    return switch (hazard.kind()) {
      case SHARED_WRITE -> " writes state shared across calls" + hazard.target().map(t -> " ('" + t + "')").orElse("");
      case ARGUMENT_MUTATION -> " mutates the object it indexes";
      case NONDETERMINISM -> " is non-deterministic";
      case IDENTITY -> " derives its result from the identity of the object it is given";
      case CLIENT_CALL -> " calls the Kubernetes API";
      case IO -> " does I/O";
    };
  }

  /** What the hazard does to the function's result (the detail's first sentence). */
  private static String explain(PurityScanner.Hazard hazard) {
    return switch (hazard.kind()) {
      case SHARED_WRITE -> "The result then depends on earlier calls, not only on the object.";
      case ARGUMENT_MUTATION -> "That object is the cached instance that every handler and cache reader also sees.";
      case NONDETERMINISM -> "It gives a different result each call, so the same object gets different values.";
      case IDENTITY -> "That value is stable for one instance but differs between versions of the same resource:"
          + " every watch event and every re-list delivers a new object (and a Kubernetes model's hashCode() covers"
          + " its resourceVersion), so the result changes on every update.";
      case CLIENT_CALL -> "Its result depends on server state, not on the object, and the cache's writer runs index"
          + " functions while holding the cache lock, so the call stalls event delivery.";
      case IO -> "Its result depends on outside state, not on the object, and the cache's writer runs index functions"
          + " while holding the cache lock, so the I/O stalls event delivery.";
    };
  }

  private static String why(Library library) {
    return switch (library) {
      case CLIENT_JAVA -> "client-java's Cache removes an object's old entries by re-running the function on the old"
          + " object, and re-runs every index function on every object at each resync, so a result that depends on"
          + " anything but the object leaves stale index entries or loses entries.";
      case FABRIC8, JOSDK -> (library == Library.JOSDK ? "JOSDK hands index functions to fabric8's informer cache. " : "")
          + "fabric8's cache removes an object's old entries by re-running the function on the old object, and"
          + " readers re-evaluate it on their own threads, without the cache lock since 6.13 (index(name, obj) in"
          + " every line, byIndex since 7.7 when an entry's resourceVersion changed), so a result that depends on"
          + " anything but the object leaves stale index entries or loses entries.";
    };
  }

  static String describe(Node anchor) {
    if (anchor instanceof LambdaExpr) {
      return "lambda";
    }
    if (anchor instanceof MethodReferenceExpr ref) {
      return ref.toString();
    }
    if (anchor instanceof ObjectCreationExpr created) {
      return created.getAnonymousClassBody().isPresent()
          ? "anonymous " + created.getType().getNameAsString()
          : "new " + created.getType().getNameAsString() + "()";
    }
    if (anchor instanceof NameExpr n) {
      return "'" + n.getNameAsString() + "'";
    }
    return "'" + flatten(anchor.toString()) + "'";
  }

  /** The offending code on one line, truncated to {@code max} characters. */
  static String statementText(Node node, int max) {
    String text = flatten(node.toString());
    return text.length() <= max ? text : text.substring(0, max - 3) + "...";
  }

  private static String flatten(String s) {
    return s.replaceAll("\\s+", " ").trim();
  }
}
