package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.body.TypeDeclaration;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.resolve.Scopes;
import io.github.informerguard.analyzer.catalog.CallbackApis;
import io.github.informerguard.analyzer.catalog.WaitApis;
import io.github.informerguard.analyzer.resolve.Expressions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A latch or future that only watch or informer callbacks release: every {@code countDown()} /
 * {@code complete(...)} on it in the file sits in a Watcher or ResourceEventHandler method, and the
 * variable goes nowhere else. Waiting on it with no timeout hangs whenever the event never comes.
 */
final class CallbackSignals {

  private final TypeFacts types;

  CallbackSignals(TypeFacts types) {
    this.types = types;
  }

  /** The callback kind ("a Watcher", "a ResourceEventHandler") that alone releases {@code waiter}. */
  Optional<String> onlyReleasedByCallbacks(CompilationUnit unit, Expression waiter, Set<String> signals,
      boolean untimedByChoice) {
    Expression x = Expressions.withoutParenthesesAndCasts(waiter);
    Optional<VariableRef> ref = x instanceof NameExpr n ? Scopes.lookup(n.getNameAsString(), n)
        : x instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr
            ? f.findAncestor(TypeDeclaration.class).flatMap(t -> Scopes.field((TypeDeclaration<?>) t, f.getNameAsString()))
            : Optional.empty();
    if (ref.isEmpty() || ref.get().kind() == VariableRef.Kind.PARAMETER || ref.get().declaration().isEmpty()) {
      return Optional.empty();
    }
    Node decl = ref.get().declaration().get();
    String name = ref.get().name();
    Node region = ref.get().kind() == VariableRef.Kind.FIELD
        ? decl.findAncestor(TypeDeclaration.class).map(Node.class::cast).orElse(unit) : Scopes.enclosingBody(decl);
    List<MethodCallExpr> releases = new ArrayList<>();
    for (NameExpr n : region.findAll(NameExpr.class)) {
      if (n.getNameAsString().equals(name) && Scopes.refersTo(n, decl) && !use(n, signals, releases)) {
        return Optional.empty();
      }
    }
    for (FieldAccessExpr f : region.findAll(FieldAccessExpr.class)) {
      if (ref.get().kind() == VariableRef.Kind.FIELD && f.getScope() instanceof ThisExpr
          && f.getNameAsString().equals(name) && !use(f, signals, releases)) {
        return Optional.empty();
      }
    }
    if (releases.isEmpty() || region.findAll(MethodReferenceExpr.class).stream()
        .anyMatch(r -> r.getScope().toString().equals(name))) {
      return Optional.empty();
    }
    return onlyCallbacksLeaveSomeEndOpen(releases, untimedByChoice);
  }

  /**
   * The callback kind of {@code releases} when every one is in a watch or informer event callback and some end
   * of the watch or of the watched object releases none ({@link #everyEndReleases}); empty otherwise.
   */
  Optional<String> onlyCallbacksLeaveSomeEndOpen(List<MethodCallExpr> releases, boolean untimedByChoice) {
    String kind = null;
    for (MethodCallExpr r : releases) {
      Optional<String> callback = callbackOf(r);
      if (callback.isEmpty()) {
        return Optional.empty();
      }
      kind = callback.get();
    }
    return kind == null || everyEndReleases(releases, untimedByChoice) ? Optional.empty() : Optional.of(kind);
  }

  /**
   * Whether every way the wait can end for good releases the waiter: a watcher's {@code onClose} releases it
   * unconditionally (a watch that fails or is closed ends the wait), and either no event callback releases it
   * (the waiter waits for the watch's whole life) or one releases it when the object is deleted (a handler's
   * {@code onDelete}, an {@code eventReceived} release under no condition or under a test that names
   * {@code DELETED}). A wait for a phase that a deleted object never reaches still hangs: the watch stays
   * open and brings no more events for it. When the project chose the untimed wait by configuration
   * ({@code untimedByChoice}), an unconditional release in {@code onClose} is enough: the wait is meant to last
   * until the object gets there, and a watch that ends still ends it.
   */
  static boolean everyEndReleases(List<MethodCallExpr> releases, boolean untimedByChoice) {
    boolean closed = false;
    boolean eventReleases = false;
    boolean deleted = false;
    for (MethodCallExpr r : releases) {
      Optional<MethodDeclaration> method = r.findAncestor(MethodDeclaration.class);
      if (method.isEmpty()) {
        continue;
      }
      if (method.get().getNameAsString().equals(WaitApis.WATCH_CLOSE_CALLBACK)) {
        closed |= unconditionallyInOnClose(r);
      } else {
        eventReleases = true;
        deleted |= runsOnDeletion(r, method.get());
      }
    }
    return closed && (untimedByChoice || !eventReleases || deleted);
  }

  /**
   * A release that a deletion event reaches: in {@code onDelete}, or in {@code eventReceived} behind no test but
   * one a deletion passes: the then-branch of a test that holds for DELETED ({@code action == DELETED},
   * {@code "DELETED".equals(type)}), or the else-branch of one that fails for it ({@code action != DELETED},
   * {@code action == ADDED}), an {@code else if} included.
   */
  private static boolean runsOnDeletion(MethodCallExpr release, MethodDeclaration method) {
    if (method.getNameAsString().equals("onDelete")) {
      return true;
    }
    if (!method.getNameAsString().equals("eventReceived")) {
      return false;
    }
    Node child = release;
    for (Node p = release.getParentNode().orElse(null); p != null && p != method; child = p, p = p.getParentNode().orElse(null)) {
      if (p instanceof IfStmt i && i.getCondition() != child) {
        if (!valueOnDeletion(i.getCondition()).reaches(i.getThenStmt() == child)) {
          return false;
        }
      }
      if (p instanceof SwitchEntry e && (e.getLabels().isEmpty() || e.getLabels().stream().noneMatch(CallbackSignals::namesDeletion))) {
        return false;
      }
      if (p instanceof ConditionalExpr) {
        return false;
      }
    }
    return true;
  }

  /**
   * What a test of the event's action evaluates to for a deletion, read as four values: {@code TRUE} for
   * {@code action == DELETED} or {@code "DELETED".equals(type)}, {@code FALSE} for {@code action != DELETED} or
   * {@code action == ADDED}, {@code UNKNOWN} for a test that names no action; {@code TRUE_IF} for a deletion test
   * joined by {@code &&} to a test that names none ({@code action == DELETED && ours(pod)}: a deletion of the
   * object it looks for passes it), {@code FALSE_IF} for its negation ({@code action != DELETED || !ours(pod)}),
   * combined through {@code !}, {@code &&} and {@code ||}.
   */
  private static OnDeletion valueOnDeletion(Expression e) {
    if (e instanceof EnclosedExpr enclosed) {
      return valueOnDeletion(enclosed.getInner());
    }
    if (e instanceof UnaryExpr u && u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT) {
      return valueOnDeletion(u.getExpression()).not();
    }
    if (e instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.AND) {
      return valueOnDeletion(b.getLeft()).and(valueOnDeletion(b.getRight()));
    }
    if (e instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.OR) {
      return valueOnDeletion(b.getLeft()).not().and(valueOnDeletion(b.getRight()).not()).not();
    }
    if (e instanceof BinaryExpr b && (b.getOperator() == BinaryExpr.Operator.EQUALS
        || b.getOperator() == BinaryExpr.Operator.NOT_EQUALS)) {
      Optional<Boolean> same = namedAction(b.getLeft()).or(() -> namedAction(b.getRight()));
      return OnDeletion.of(b.getOperator() == BinaryExpr.Operator.EQUALS ? same : same.map(v -> !v));
    }
    if (e instanceof MethodCallExpr m && (m.getNameAsString().equals("equals") || m.getNameAsString().equals("equalsIgnoreCase"))
        && m.getArguments().size() == 1) {
      return OnDeletion.of(namedAction(m.getArgument(0)).or(() -> m.getScope().flatMap(CallbackSignals::namedAction)));
    }
    return OnDeletion.UNKNOWN;
  }

  /** The value of an {@code if} test for a deletion event (see {@link #valueOnDeletion}). */
  private enum OnDeletion {
    TRUE, FALSE, UNKNOWN, TRUE_IF, FALSE_IF;

    static OnDeletion of(Optional<Boolean> v) {
      return v.map(b -> b ? TRUE : FALSE).orElse(UNKNOWN);
    }

    OnDeletion not() {
      return switch (this) {
        case TRUE -> FALSE;
        case FALSE -> TRUE;
        case TRUE_IF -> FALSE_IF;
        case FALSE_IF -> TRUE_IF;
        case UNKNOWN -> UNKNOWN;
      };
    }

    OnDeletion and(OnDeletion o) {
      if (this == FALSE || o == FALSE) {
        return FALSE;
      }
      if (this == TRUE) {
        return o == UNKNOWN ? TRUE_IF : o;
      }
      if (o == TRUE) {
        return this == UNKNOWN ? TRUE_IF : this;
      }
      if (this == TRUE_IF && (o == TRUE_IF || o == UNKNOWN) || o == TRUE_IF && this == UNKNOWN) {
        return TRUE_IF;
      }
      return this == FALSE_IF && o == FALSE_IF ? FALSE_IF : UNKNOWN; // what is left names no action
    }

    /** Whether a deletion event may take the then-branch ({@code then}) or the else-branch of the test. */
    boolean reaches(boolean then) {
      return then ? this == TRUE || this == TRUE_IF : this == FALSE || this == FALSE_IF;
    }
  }

  /** Whether an operand names DELETED (true) or another watch action (false); empty when it names none. */
  private static Optional<Boolean> namedAction(Expression e) {
    String name = e instanceof NameExpr n ? n.getNameAsString() : e instanceof FieldAccessExpr f ? f.getNameAsString()
        : e instanceof StringLiteralExpr l ? l.getValue() : null;
    return name == null ? Optional.empty() : name.equals(DELETED) ? Optional.of(true)
        : OTHER_ACTIONS.contains(name) ? Optional.of(false) : Optional.empty();
  }

  private static final Set<String> OTHER_ACTIONS = Set.of("ADDED", "MODIFIED", "ERROR", "BOOKMARK");

  /** {@code action == Action.DELETED}, {@code case DELETED}, {@code "DELETED".equals(type)}. */
  private static boolean namesDeletion(Expression e) {
    return e.findAll(NameExpr.class, n -> n.getNameAsString().equals(DELETED)).size()
        + e.findAll(FieldAccessExpr.class, f -> f.getNameAsString().equals(DELETED)).size()
        + e.findAll(StringLiteralExpr.class, s -> s.getValue().equals(DELETED)).size() > 0;
  }

  private static final String DELETED = "DELETED";

  /**
   * The callback kind that releases {@code waiter} somewhere, for a wait that is wrong whatever else
   * releases it (one that an interrupt turns into a spin): in this file, following a local, a field,
   * or a method parameter back to its callers' arguments and into the in-file methods the value is
   * handed to ({@code getBuildWatcher(latch, ..)} returning a Watcher that counts it down); or, for a
   * getter of a callback class in the analyzed sources, in that class.
   */
  Optional<String> releasedBySomeCallback(CompilationUnit unit, Expression waiter, Set<String> signals) {
    Expression x = Expressions.withoutParenthesesAndCasts(waiter);
    if (x instanceof MethodCallExpr getter) {
      return getterField(getter).flatMap(f -> releasesOfField(f, signals)).flatMap(releases -> releases.stream()
          .map(this::callbackOf).flatMap(Optional::stream).findFirst());
    }
    if (!(x instanceof NameExpr n)) {
      return Optional.empty();
    }
    Optional<VariableRef> ref = Scopes.lookup(n.getNameAsString(), n);
    if (ref.isEmpty() || ref.get().declaration().isEmpty()) {
      return Optional.empty();
    }
    Node decl = ref.get().declaration().get();
    if (decl instanceof Parameter p && p.getParentNode().orElse(null) instanceof MethodDeclaration method) {
      int index = method.getParameters().indexOf(p);
      for (MethodCallExpr call : FileNodes.of(unit, MethodCallExpr.class)) {
        if (!call.getNameAsString().equals(method.getNameAsString()) || call.getArguments().size() != method.getParameters().size()
            || call.getScope().filter(sc -> !(sc instanceof ThisExpr)).isPresent()
            || !(call.getArgument(index) instanceof NameExpr arg)) {
          continue;
        }
        Optional<String> found = Scopes.lookup(arg.getNameAsString(), arg).flatMap(VariableRef::declaration)
            .flatMap(d -> releasedInCallback(regionOf(d, unit), arg.getNameAsString(), d, signals, 0));
        if (found.isPresent()) {
          return found;
        }
      }
      return Optional.empty();
    }
    return releasedInCallback(regionOf(decl, unit), n.getNameAsString(), decl, signals, 0);
  }

  /**
   * {@code watcher.getLatch().await()} on a getter of a Watcher or handler class of the analyzed
   * sources (its own file or another): the field it returns is released only by that class's callbacks, and
   * some end of the watch or of the object releases it not ({@link #everyEndReleases}), so the wait can hang.
   */
  Optional<String> onlyReleasedByGetterClassCallbacks(Expression waiter, Set<String> signals, boolean untimedByChoice) {
    if (!(Expressions.withoutParenthesesAndCasts(waiter) instanceof MethodCallExpr getter)) {
      return Optional.empty();
    }
    return getterField(getter).flatMap(f -> releasesOfField(f, signals)).flatMap(r -> onlyCallbacksLeaveSomeEndOpen(r, untimedByChoice));
  }

  /** The field that a no-argument getter ({@code return latch;} or {@code return this.latch;}) returns. */
  private Optional<VariableRef> getterField(MethodCallExpr getter) {
    if (!getter.getArguments().isEmpty() || getter.getScope().isEmpty()) {
      return Optional.empty();
    }
    Optional<MethodDeclaration> method = SourceMethods.forCall(getter, types);
    Optional<Expression> returned = method.flatMap(MethodDeclaration::getBody)
        .filter(b -> b.getStatements().size() == 1 && b.getStatement(0) instanceof ReturnStmt)
        .flatMap(b -> ((ReturnStmt) b.getStatement(0)).getExpression());
    Optional<String> name = returned.flatMap(r -> r instanceof NameExpr n ? Optional.of(n.getNameAsString())
        : r instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr ? Optional.of(f.getNameAsString())
        : Optional.empty());
    Optional<TypeDeclaration<?>> owner = method.flatMap(m -> m.findAncestor(TypeDeclaration.class)).map(t -> (TypeDeclaration<?>) t);
    return owner.isPresent() && name.isPresent() ? Scopes.field(owner.get(), name.get()) : Optional.empty();
  }

  /**
   * The signal calls on a field in its class, or empty when the field is used any other way than
   * waited on, signalled, assigned or returned (handed to other code, which may release it too).
   */
  private static Optional<List<MethodCallExpr>> releasesOfField(VariableRef field, Set<String> signals) {
    Optional<TypeDeclaration<?>> owner = field.declaration().flatMap(d -> d.findAncestor(TypeDeclaration.class))
        .map(t -> (TypeDeclaration<?>) t);
    if (owner.isEmpty()) {
      return Optional.empty();
    }
    List<MethodCallExpr> releases = new ArrayList<>();
    List<Expression> uses = new ArrayList<>(owner.get().findAll(NameExpr.class, n -> n.getNameAsString().equals(field.name())));
    uses.addAll(owner.get().findAll(FieldAccessExpr.class, f -> f.getScope() instanceof ThisExpr
        && f.getNameAsString().equals(field.name())));
    for (Expression use : uses) {
      if (!use(use, signals, releases) && !(use.getParentNode().orElse(null) instanceof ReturnStmt)) {
        return Optional.empty();
      }
    }
    return Optional.of(releases);
  }

  /** A local's body, or a field's class. */
  private static Node regionOf(Node declaration, CompilationUnit unit) {
    return declaration instanceof com.github.javaparser.ast.body.VariableDeclarator v
        && v.getParentNode().orElse(null) instanceof com.github.javaparser.ast.body.FieldDeclaration
        ? v.findAncestor(TypeDeclaration.class).map(Node.class::cast).orElse(unit) : Scopes.enclosingBody(declaration);
  }

  private static final int MAX_HAND_OVERS = 2;

  /** A release of the variable inside a callback in {@code region}, or in an in-file method it is handed to. */
  private Optional<String> releasedInCallback(Node region, String name, Node declaration, Set<String> signals, int depth) {
    for (NameExpr n : region.findAll(NameExpr.class, x -> x.getNameAsString().equals(name))) {
      if (!Scopes.refersTo(n, declaration) || !(n.getParentNode().orElse(null) instanceof MethodCallExpr m)) {
        continue;
      }
      if (m.getScope().filter(sc -> sc == n).isPresent() && signals.contains(m.getNameAsString())) {
        Optional<String> callback = callbackOf(m);
        if (callback.isPresent()) {
          return callback;
        }
      } else if (m.getArguments().contains(n) && depth < MAX_HAND_OVERS) {
        int index = m.getArguments().indexOf(n);
        Optional<String> found = SourceMethods.forCallInFile(m).filter(t -> t.getBody().isPresent()
            && index < t.getParameters().size()).flatMap(t -> releasedInCallback(t.getBody().get(),
                t.getParameter(index).getNameAsString(), t.getParameter(index), signals, depth + 1));
        if (found.isPresent()) {
          return found;
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Whether the untimed wait is a choice the project made by configuration: it sits in a branch of a test that
   * names a timeout setting ({@code if (!timeoutWhilePending)}, {@code if (timeoutFlag) ... else}), or the same
   * local waiter is also awaited with a timeout in its method (the project picks one). Such a wait is meant to
   * last until the object gets there; {@link #everyEndReleases} then asks only that every close end it.
   */
  static boolean untimedByChoice(MethodCallExpr wait) {
    Node child = wait;
    for (Node p = wait.getParentNode().orElse(null); p != null && !(p instanceof MethodDeclaration)
        && !(p instanceof com.github.javaparser.ast.body.ConstructorDeclaration); child = p, p = p.getParentNode().orElse(null)) {
      if (p instanceof IfStmt i && i.getCondition() != child && namesTimeout(i.getCondition())) {
        return true;
      }
    }
    Expression x = Expressions.withoutParenthesesAndCasts(wait.getScope().orElseThrow());
    if (!(x instanceof NameExpr n)) {
      return false;
    }
    Optional<VariableRef> ref = Scopes.lookup(n.getNameAsString(), n);
    if (ref.isEmpty() || ref.get().kind() != VariableRef.Kind.LOCAL || ref.get().declaration().isEmpty()) {
      return false;
    }
    Node decl = ref.get().declaration().get();
    for (NameExpr use : Scopes.enclosingBody(decl).findAll(NameExpr.class)) {
      if (use.getNameAsString().equals(n.getNameAsString()) && Scopes.refersTo(use, decl)
          && use.getParentNode().orElse(null) instanceof MethodCallExpr m && m.getScope().filter(sc -> sc == use).isPresent()
          && WaitApis.TIMED_WAITS.contains(m.getNameAsString()) && m.getArguments().size() == 2) {
        return true;
      }
    }
    return false;
  }

  /** A test on a setting whose name says timeout ({@code timeoutDuringPending}, {@code config.getTimeout()}). */
  private static boolean namesTimeout(Expression condition) {
    java.util.function.Predicate<String> timeout = name -> name.toLowerCase(java.util.Locale.ROOT).contains("timeout");
    return !condition.findAll(NameExpr.class, x -> timeout.test(x.getNameAsString())).isEmpty()
        || !condition.findAll(FieldAccessExpr.class, x -> timeout.test(x.getNameAsString())).isEmpty()
        || !condition.findAll(MethodCallExpr.class, x -> timeout.test(x.getNameAsString())).isEmpty();
  }

  /**
   * A release statement of {@code onClose}'s own block, or of a block that always runs there: a {@code try}
   * block, a {@code finally}, a {@code synchronized} block (not a catch, a branch or a loop).
   */
  private static boolean unconditionallyInOnClose(MethodCallExpr release) {
    Node child = release.getParentNode().filter(ExpressionStmt.class::isInstance).orElse(null);
    for (Node p = child == null ? null : child.getParentNode().orElse(null); p != null;
        child = p, p = p.getParentNode().orElse(null)) {
      if (p instanceof MethodDeclaration md) {
        return md.getNameAsString().equals(WaitApis.WATCH_CLOSE_CALLBACK);
      }
      Node from = child;
      boolean alwaysRuns = p instanceof BlockStmt
          || p instanceof TryStmt t && (t.getTryBlock() == from || t.getFinallyBlock().filter(f -> f == from).isPresent())
          || p instanceof SynchronizedStmt sy && sy.getBody() == child;
      if (!alwaysRuns) {
        return false;
      }
    }
    return false;
  }

  /** A use that waits, signals or is declared; anything else (an argument, a return, an alias) ends the analysis. */
  private static boolean use(Expression e, Set<String> signals, List<MethodCallExpr> releases) {
    Node parent = e.getParentNode().orElse(null);
    if (parent instanceof MethodCallExpr m && m.getScope().filter(s -> s == e).isPresent()) {
      if (signals.contains(m.getNameAsString())) {
        releases.add(m);
      }
      return true;
    }
    return parent instanceof com.github.javaparser.ast.expr.AssignExpr a && a.getTarget() == e;
  }

  /** The callback interface whose library-called method {@code n} runs in. */
  Optional<String> callbackOf(Node n) {
    Optional<MethodDeclaration> method = n.findAncestor(MethodDeclaration.class);
    if (method.isEmpty() || n.findAncestor(com.github.javaparser.ast.expr.LambdaExpr.class)
        .filter(l -> method.get().isAncestorOf(l)).isPresent()) {
      return Optional.empty();
    }
    Node owner = method.get().getParentNode().orElse(null);
    List<ClassOrInterfaceType> supertypes = new ArrayList<>();
    if (owner instanceof ObjectCreationExpr o) {
      supertypes.add(o.getType());
    } else if (owner instanceof ClassOrInterfaceDeclaration c) {
      supertypes.addAll(c.getImplementedTypes());
      supertypes.addAll(c.getExtendedTypes());
    }
    for (Map.Entry<String, Set<String>> e : CallbackApis.CALLBACK_METHODS.entrySet()) {
      if (!WaitApis.EVENT_CALLBACK_TYPES.contains(e.getKey()) || !e.getValue().contains(method.get().getNameAsString())) {
        continue;
      }
      for (ClassOrInterfaceType t : supertypes) {
        if (types.isA(t, Set.of(e.getKey())).isYes()) {
          return Optional.of("a " + t.getName().getIdentifier() + " callback");
        }
      }
    }
    return Optional.empty();
  }
}
