package io.github.informerguard.analyzer.rules.gone;

import io.github.informerguard.analyzer.resolve.SourceMethods;
import io.github.informerguard.analyzer.rules.LoggingCalls;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.IndexFunctionHazards;
import io.github.informerguard.analyzer.catalog.WatchApis;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Optional;
import java.util.Set;

/**
 * What a close handler or a watch loop does about 410, collected over its body and the helper
 * methods of the same file that it calls. "Opaque" means the outcome is decided by code this
 * rule cannot see (the exception or event is handed to it, or control goes to a user object),
 * and suppresses the finding.
 */
final class GoneEvidence {

  private static final int MAX_DEPTH = 4;

  /** Whether calls into unknown user code count as delegation (fabric8's small onClose), or only handing over the tracked values. */
  enum Delegation {
    TRACKED_VALUES_ONLY,
    ANY_UNKNOWN_CALL
  }

  /** The collected facts. */
  static final class Result {
    boolean goneCheck;
    boolean fabric8List;
    boolean fabric8Watch;
    boolean errorTypeCheck;
    boolean clientJavaRelist;
    boolean opaque;
  }

  private final TypeFacts types;

  GoneEvidence(TypeFacts types) {
    this.types = types;
  }

  /** A written 410: the literal, or {@code HTTP_GONE} ({@code HttpURLConnection}'s or any constant of that name). */
  static boolean isGoneConstant(Node node) {
    return node instanceof IntegerLiteralExpr lit && lit.asNumber().intValue() == WatchApis.HTTP_GONE
        || node instanceof NameExpr n && n.getNameAsString().equals(WatchApis.HTTP_GONE_CONSTANT)
        || node instanceof FieldAccessExpr f && f.getNameAsString().equals(WatchApis.HTTP_GONE_CONSTANT);
  }

  Result scan(Node body, Set<Node> tracked, Delegation delegation) {
    Result r = new Result();
    Set<Node> visited = Collections.newSetFromMap(new IdentityHashMap<>());
    scan(body, tracked, delegation, r, visited, 0);
    return r;
  }

  private void scan(Node body, Set<Node> tracked, Delegation delegation, Result r, Set<Node> visited, int depth) {
    body.walk(node -> {
      if (isGoneConstant(node)) {
        r.goneCheck = true;
      } else if (node instanceof NameExpr n && n.getNameAsString().equals(WatchApis.K8S_ERROR_TYPE)) {
        r.errorTypeCheck = true;
      } else if (node instanceof FieldAccessExpr f && f.getNameAsString().equals(WatchApis.K8S_ERROR_TYPE)) {
        r.errorTypeCheck = true;
      } else if (node instanceof StringLiteralExpr s && s.getValue().equals(WatchApis.K8S_ERROR_TYPE)) {
        r.errorTypeCheck = true;
      } else if (node instanceof MethodCallExpr call) {
        call(call, tracked, delegation, r, visited, depth);
      } else if (node instanceof MethodReferenceExpr ref) {
        Optional<MethodDeclaration> target = SourceMethods.forReferenceInFile(ref);
        if (target.isPresent()) {
          follow(target.get(), Set.of(), delegation, r, visited, depth);
        } else if (delegation == Delegation.ANY_UNKNOWN_CALL && !knownReceiver(ref.getScope())) {
          r.opaque = true;
        }
      } else if (node instanceof ObjectCreationExpr created && delegation == Delegation.ANY_UNKNOWN_CALL
          && !(created.getParentNode().orElse(null) instanceof ThrowStmt)
          && created.getAnonymousClassBody().isEmpty()
          && !known(qualify(created.getType().getNameWithScope(), created))) {
        r.opaque = true;
      } else if (node instanceof NameExpr n && isTracked(n, tracked) && escapes(n) && !onlyForNonErrorTypes(n)) {
        r.opaque = true;
      }
    });
  }

  private void call(MethodCallExpr call, Set<Node> tracked, Delegation delegation, Result r, Set<Node> visited,
      int depth) {
    String name = call.getNameAsString();
    if (name.equals(WatchApis.F8_IS_HTTP_GONE)) {
      r.goneCheck = true;
    }
    if (name.equals(WatchApis.F8_LIST_METHOD)) {
      r.fabric8List = true;
    }
    if (name.equals(WatchApis.F8_WATCH_METHOD)) {
      r.fabric8Watch = true;
    }
    if (name.startsWith(WatchApis.K8S_LIST_PREFIX) && !chainWatches(call) && !insideCreateWatch(call)) {
      r.clientJavaRelist = true;
    }
    if (SourceMethods.isOwnCode(call.getScope(), call)) {
      Optional<MethodDeclaration> target = SourceMethods.forCallInFile(call);
      if (target.isPresent()) {
        Set<Node> passed = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < call.getArguments().size() && i < target.get().getParameters().size(); i++) {
          if (call.getArgument(i) instanceof NameExpr n && isTracked(n, tracked)) {
            passed.add(target.get().getParameter(i));
          }
        }
        follow(target.get(), passed, delegation, r, visited, depth);
      } else if (delegation == Delegation.ANY_UNKNOWN_CALL || call.getScope().filter(SuperExpr.class::isInstance).isPresent()) {
        r.opaque = true; // inherited, overloaded or super: code we do not see
      }
      return;
    }
    if (delegation == Delegation.ANY_UNKNOWN_CALL && call.getScope().isPresent()
        && !(call.getScope().get() instanceof MethodCallExpr) && !knownReceiver(call.getScope().get())
        && !isLogging(call) && !LoggingCalls.isLevelQuery(call, types) && !LoggingCalls.onlyFeedsLogging(call, types)) {
      r.opaque = true;
    }
  }

  private void follow(MethodDeclaration target, Set<Node> tracked, Delegation delegation, Result r,
      Set<Node> visited, int depth) {
    if (depth >= MAX_DEPTH || !visited.add(target) || target.getBody().isEmpty()) {
      return;
    }
    scan(target.getBody().get(), tracked, delegation, r, visited, depth + 1);
  }

  /**
   * A tracked value (the close exception, a watch event) handed as a whole to code we cannot
   * see. Values derived from it ({@code e.getMessage()}, {@code event.type}) are data, not the
   * exception or event, and do not count.
   */
  private boolean escapes(NameExpr use) {
    Node child = use;
    Node parent = use.getParentNode().orElse(null);
    while (parent != null) {
      if (parent instanceof MethodCallExpr call) {
        if (call.getScope().isPresent() && call.getScope().get() == child) {
          String name = call.getNameAsString();
          if (!name.startsWith("as") && !name.equals("getCause")) {
            return false; // a derived value
          }
        } else {
          return !isLogging(call) && !(SourceMethods.isOwnCode(call.getScope(), call)
              && SourceMethods.forCallInFile(call).isPresent());
        }
      }
      if (parent instanceof FieldAccessExpr) {
        return false; // event.type, event.status: derived
      }
      if (parent instanceof ObjectCreationExpr created && created.getParentNode().orElse(null) instanceof ThrowStmt) {
        return false;
      }
      if (parent instanceof AssignExpr a && a.getValue() == child) {
        return true;
      }
      if (parent instanceof ReturnStmt) {
        return true;
      }
      if (parent instanceof VariableDeclarator || parent instanceof Statement || parent instanceof LambdaExpr
          || parent instanceof MethodDeclaration) {
        return false;
      }
      child = parent;
      parent = parent.getParentNode().orElse(null);
    }
    return false;
  }

  /**
   * The use sits in an {@code if} branch or {@code switch} case that only ADDED, MODIFIED, DELETED or BOOKMARK
   * events of that same variable reach ({@code "ADDED".equals(event.type) || ..}): an ERROR event, which is how
   * a 410 arrives, is never handed on there, so the code it is handed to cannot be where the 410 is handled.
   */
  private static boolean onlyForNonErrorTypes(NameExpr use) {
    String name = use.getNameAsString();
    Node child = use;
    for (Node p = use.getParentNode().orElse(null); p != null && !(p instanceof com.github.javaparser.ast.body.CallableDeclaration)
        && !(p instanceof LambdaExpr); p = p.getParentNode().orElse(null)) {
      if (p instanceof com.github.javaparser.ast.stmt.IfStmt i && i.getThenStmt() == child && nonErrorTest(i.getCondition(), name)) {
        return true;
      }
      if (p instanceof com.github.javaparser.ast.stmt.SwitchEntry entry && !entry.getLabels().isEmpty()
          && entry.getParentNode().orElse(null) instanceof com.github.javaparser.ast.stmt.SwitchStmt sw
          && typeOf(sw.getSelector(), name) && entry.getLabels().stream().allMatch(l -> l instanceof StringLiteralExpr lit
              && NON_ERROR_TYPES.contains(lit.getValue()))) {
        return true;
      }
      child = p;
    }
    return false;
  }

  private static final Set<String> NON_ERROR_TYPES = Set.of("ADDED", "MODIFIED", "DELETED", "BOOKMARK");

  private static boolean nonErrorTest(Expression condition, String name) {
    Expression c = condition instanceof com.github.javaparser.ast.expr.EnclosedExpr e ? e.getInner() : condition;
    if (c instanceof com.github.javaparser.ast.expr.BinaryExpr b
        && b.getOperator() == com.github.javaparser.ast.expr.BinaryExpr.Operator.OR) {
      return nonErrorTest(b.getLeft(), name) && nonErrorTest(b.getRight(), name);
    }
    if (!(c instanceof MethodCallExpr m) || m.getArguments().size() != 1 || m.getScope().isEmpty()
        || !(m.getNameAsString().equals("equals") || m.getNameAsString().equals("equalsIgnoreCase"))) {
      return false;
    }
    Expression a = m.getScope().get();
    Expression b = m.getArgument(0);
    Expression literal = a instanceof StringLiteralExpr ? a : b;
    Expression other = literal == a ? b : a;
    return literal instanceof StringLiteralExpr lit
        && NON_ERROR_TYPES.stream().anyMatch(t -> t.equalsIgnoreCase(lit.getValue())) && typeOf(other, name);
  }

  /** {@code event.type} or {@code event.getType()} of the variable {@code name}. */
  private static boolean typeOf(Expression e, String name) {
    return e instanceof FieldAccessExpr f && f.getNameAsString().equals("type")
            && f.getScope() instanceof NameExpr n && n.getNameAsString().equals(name)
        || e instanceof MethodCallExpr m && m.getNameAsString().equals("getType") && m.getArguments().isEmpty()
            && m.getScope().filter(s -> s instanceof NameExpr n && n.getNameAsString().equals(name)).isPresent();
  }

  private boolean isTracked(NameExpr n, Set<Node> tracked) {
    if (tracked.isEmpty()) {
      return false;
    }
    return Scopes.lookup(n.getNameAsString(), n).flatMap(VariableRef::declaration).map(tracked::contains)
        .orElse(false);
  }

  /** A logging call, or a call of a project's static logging facade ({@link LoggingCalls#isProjectLogFacade}). */
  boolean isLogging(MethodCallExpr call) {
    return LoggingCalls.isLogging(call, types) || LoggingCalls.isProjectLogFacade(call, types);
  }

  /** Whether the root of a receiver chain is a library object (or a logger), not user code. */
  private boolean knownReceiver(Expression scope) {
    Expression root = scope;
    while (true) {
      if (root instanceof MethodCallExpr m && m.getScope().isPresent()) {
        root = m.getScope().get();
      } else if (root instanceof FieldAccessExpr f && !(f.getScope() instanceof ThisExpr)
          && !(f.getScope() instanceof NameExpr n && isTypeName(n))) {
        root = f.getScope();
      } else {
        break;
      }
    }
    if (root instanceof MethodCallExpr m) {
      // foo().bar(): what the own method returns decides
      return SourceMethods.forCallInFile(m).map(d -> known(declaredName(d.getType(), d))).orElse(false);
    }
    if (root instanceof NameExpr n && isTypeName(n)) {
      return known(qualify(n.getNameAsString(), n));
    }
    if (root instanceof NameExpr || root instanceof FieldAccessExpr) {
      Optional<String> type = declaredType(root);
      if (type.isPresent()) {
        return known(type);
      }
      if (root instanceof FieldAccessExpr f && f.getScope() instanceof NameExpr owner && isTypeName(owner)) {
        return known(qualify(owner.getNameAsString(), owner)); // System.err, a static field of a library type
      }
      String simple = root instanceof NameExpr n ? n.getNameAsString() : ((FieldAccessExpr) root).getNameAsString();
      return LoggingCalls.isLoggerName(simple);
    }
    if (root instanceof ObjectCreationExpr created) {
      return known(qualify(created.getType().getNameWithScope(), created));
    }
    return root instanceof com.github.javaparser.ast.expr.TypeExpr t
        && known(qualify(t.getType().asString(), t));
  }

  private boolean isTypeName(NameExpr n) {
    return Character.isUpperCase(n.getNameAsString().charAt(0)) && Scopes.lookup(n.getNameAsString(), n).isEmpty();
  }

  private Optional<String> declaredType(Expression e) {
    return Scopes.variable(e, types).or(() -> outerField(e)).flatMap(Scopes::declaredType).flatMap(t -> declaredName(t, t));
  }

  /**
   * {@code Outer.this.field} from an inner class (a watcher that removes itself from its owner's map):
   * the field of the enclosing type of that name.
   */
  private static Optional<VariableRef> outerField(Expression e) {
    if (!(e instanceof FieldAccessExpr f) || !(f.getScope() instanceof ThisExpr t) || t.getTypeName().isEmpty()) {
      return Optional.empty();
    }
    String outer = t.getTypeName().get().getIdentifier();
    return f.findAncestor(com.github.javaparser.ast.body.TypeDeclaration.class, d -> d.getNameAsString().equals(outer))
        .flatMap(d -> Scopes.field((com.github.javaparser.ast.body.TypeDeclaration<?>) d, f.getNameAsString()));
  }

  private Optional<String> declaredName(Type type, Node context) {
    if (type instanceof ClassOrInterfaceType c) {
      return qualify(c.getNameWithScope(), context);
    }
    return type.isPrimitiveType() || type.isVoidType() ? Optional.of("java.lang." + type.asString()) : Optional.empty();
  }

  /** A written type name, falling back to java.lang for the types TypeNames does not list. */
  private Optional<String> qualify(String written, Node context) {
    Optional<String> q = types.typeName(written, context);
    if (q.isEmpty() && !written.contains(".")
        && IndexFunctionHazards.jdkClass("java.lang." + written).isPresent()) {
      return Optional.of("java.lang." + written);
    }
    return q;
  }

  private static boolean known(Optional<String> qualified) {
    return qualified.isPresent() && WatchApis.KNOWN_LIBRARY_PREFIXES.stream().anyMatch(qualified.get()::startsWith);
  }

  /** {@code api.listNamespacedPod(ns).watch(true)}: the watch request itself, not a re-list. */
  private static boolean chainWatches(MethodCallExpr call) {
    Node n = call;
    while (n.getParentNode().orElse(null) instanceof MethodCallExpr parent
        && parent.getScope().isPresent() && parent.getScope().get() == n) {
      if (parent.getNameAsString().equals(WatchApis.F8_WATCH_METHOD)) {
        return true;
      }
      n = parent;
    }
    return false;
  }

  private static boolean insideCreateWatch(Node node) {
    return node.findAncestor(MethodCallExpr.class, m -> m.getNameAsString().equals(WatchApis.K8S_CREATE_WATCH))
        .isPresent();
  }
}
