package io.github.informerguard.analyzer.rules.cancel;

import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.resolve.Expressions;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.InstanceOfExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.TypeExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.ApiTypes;
import io.github.informerguard.analyzer.catalog.LifecycleApis;
import io.github.informerguard.analyzer.catalog.WatchApis;
import io.github.informerguard.analyzer.resolve.FunctionalInterfaces;
import io.github.informerguard.analyzer.resolve.Lombok;
import io.github.informerguard.analyzer.resolve.Scopes;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Follows a handle (an informer, an informer factory or a watch) from where it is created to
 * every place it is used, and decides whether it is released, escapes to code that may release
 * it, or leaks. Everything that is not clearly a leak counts as released: a handle that is
 * returned, passed to a method, stored elsewhere, aliased, or whose variable cannot be found.
 * Source-only (no solver), so precise and lenient mode agree once the start call is typed.
 */
final class HandleLifecycle {

  /** How a handle leaks. */
  enum Fate {
    /** The handle is never stored: an expression statement, or a chain that drops it. */
    DISCARDED,
    /** Held in a local that is never released and does not escape. */
    LOCAL_NEVER_RELEASED,
    /** Held in a field that no code of the class releases and that does not escape. */
    FIELD_NEVER_RELEASED,
    /** Released only on the normal path: not in finally, catch, try-with-resources or a callback. */
    RELEASED_ONLY_ON_NORMAL_PATH,
    /** A field given a new handle while the one it held is never released (a re-configure path). */
    REPLACED_WHILE_RUNNING,
    /** Added to a collection whose elements no code of the class releases. */
    COLLECTED_NEVER_RELEASED,
    /** Returned by a method of this file whose caller drops it. */
    DISCARDED_BY_CALLER,
    /** Handed to the constructor of a project class that keeps it in a field and never releases it. */
    WRAPPED_NEVER_RELEASED
  }

  /**
   * A leak, the name of the variable that holds the handle (empty when discarded), and the calls
   * elsewhere that drop it (a factory's caller, a function's invocations; empty when the handle
   * leaks where it is made).
   */
  record Leak(Fate fate, String holder, List<Node> droppedAt) {
    Leak(Fate fate, String holder) {
      this(fate, holder, List.of());
    }
  }

  /**
   * What releases a handle.
   *
   * @param releases methods that release it when called on it
   * @param requireFinally whether a release must be on every path (finally, catch, resources)
   * @param clientCloseReleases whether closing the fabric8 client it came from releases it
   */
  record Release(Set<String> releases, boolean requireFinally, boolean clientCloseReleases) {}

  private enum UseKind {
    RELEASE,
    SAFE_RELEASE,
    ESCAPE,
    NEUTRAL,
    /** Stored into a collection field whose elements nothing reaches again. */
    COLLECTED,
    /** Handed to a project class that holds it and never releases it. */
    WRAPPED,
    /** Released only from inside its own event loop ({@link OwnLoopCloses}): not a release of its own. */
    OWN_LOOP_RELEASE
  }

  /** How deep functional values are followed: a lambda whose invocation's value is another lambda's result. */
  private static final int MAX_HOPS = 3;

  private final TypeFacts types;
  private final CollectedHandles collections;
  private final FunctionalResults functions;
  private final FunctionKeepers keepers;
  private final CallersElsewhere callersElsewhere;
  /** Invocations being followed (ofResult recursing through functional values). */
  private int hops;
  private final Map<Node, Map<String, ClientCloses>> clientCloses = new IdentityHashMap<>();
  /**
   * Per file, its method calls and method references by name, in the file's order: each factory's
   * callers are looked up by name (a file of 2,000 factories scanned every call once per factory).
   */
  private final Map<CompilationUnit, Map<String, List<MethodCallExpr>>> callsByName = new IdentityHashMap<>();
  private final Map<CompilationUnit, Map<String, List<MethodReferenceExpr>>> referencesByName = new IdentityHashMap<>();

  HandleLifecycle(TypeFacts types) {
    this(types, false);
  }

  /**
   * With {@code judgeMain}, a handle made in {@code main} is judged like any other (InformerNeverStopped
   * asks only where main's file has no shutdown path that may stop it); a method that ends the JVM after
   * the handle's statement still owns nothing.
   */
  HandleLifecycle(TypeFacts types, boolean judgeMain) {
    this.types = types;
    this.judgeMain = judgeMain;
    this.collections = new CollectedHandles(types);
    this.functions = new FunctionalResults(types);
    this.keepers = new FunctionKeepers(types);
    this.callersElsewhere = new CallersElsewhere(types);
  }

  private final boolean judgeMain;

  /** Whether the handle at {@code n} lives as long as the process (see {@link #inMainMethod}). */
  private boolean processLifetime(Node n) {
    if (!judgeMain) {
      return inMainMethod(n);
    }
    Node body = Scopes.enclosingBody(n);
    return body instanceof MethodDeclaration m && m.getBody().filter(b -> endsJvmAfter(b, n)).isPresent();
  }

  /** The fate of the value that {@code produced} evaluates to (a call creating the handle). */
  Optional<Leak> ofResult(Expression produced, Release release) {
    // Either branch of a conditional is the conditional's value: return ns != null ? a.watch(w) : b.watch(w).
    Node child = Expressions.carrying(produced);
    Node parent = child.getParentNode().orElse(null);
    if (parent == null) {
      return Optional.empty();
    }
    Optional<LambdaExpr> mapping = returnedFromLambda(child, parent);
    if (mapping.isPresent()) {
      // The lambda's result goes wherever the lambda's caller puts it: a map's computeIfAbsent stores it.
      // An expression lambda whose result nothing takes (a Runnable) still drops the handle, below.
      Optional<String> sink = collections.neverDrainedComputedSink(mapping.get(), release.releases());
      if (sink.isPresent()) {
        return release.clientCloseReleases() && clientClosed(produced)
            ? Optional.empty() : Optional.of(new Leak(Fate.COLLECTED_NEVER_RELEASED, sink.get()));
      }
      if (CollectedHandles.isMappingFunction(mapping.get())) {
        return Optional.empty(); // the stream's next step takes the handle
      }
      // A lambda returned by a method or held in a local: its invocations' values are the handle.
      Optional<List<MethodCallExpr>> invoked = hops < MAX_HOPS ? functions.invocations(mapping.get()) : Optional.empty();
      if (invoked.isPresent()) {
        return release.clientCloseReleases() && clientClosed(produced)
            ? Optional.empty() : droppedByEveryInvocation(invoked.get(), release);
      }
      if (parent instanceof ReturnStmt || functions.declaredToReturnValue(mapping.get())) {
        return Optional.empty(); // the lambda's caller takes the handle
      }
      Optional<FunctionKeepers.Keeper> keeper = hops < MAX_HOPS ? keepers.of(mapping.get()) : Optional.empty();
      if (keeper.isPresent()) {
        return keptByProjectClass(keeper.get(), release);
      }
      Optional<MethodCallExpr> takes = callTakingResult(mapping.get());
      if (takes.isPresent()) {
        return hops < MAX_HOPS ? followedThrough(takes.get(), release) : Optional.empty();
      }
    }
    if (parent instanceof ExpressionStmt || parent instanceof ForEachStmt fe && fe.getIterable() == child) {
      return discarded(produced, release);
    }
    final Node scopeChild = child;
    if (parent instanceof MethodCallExpr call && call.getScope().filter(s -> s == scopeChild).isPresent()) {
      String name = call.getNameAsString();
      if (release.releases().contains(name)) {
        return Optional.empty();
      }
      if (LifecycleApis.F8_INFORMER_FLUENT.contains(name)) {
        return ofResult(call, release);
      }
      if (LifecycleApis.F8_INFORMER_ACCESSORS.contains(name)) {
        return discarded(produced, release);
      }
      if (release.requireFinally() && call.getArguments().isEmpty() && name.equals(WatchApis.K8S_WATCH_ITERATOR)) {
        return ofResult(call, release); // the same watch, now typed as an Iterator that has no close()
      }
      if (release.requireFinally() && WatchApis.K8S_EACH_EVENT.contains(name)
          && call.getParentNode().filter(ExpressionStmt.class::isInstance).isPresent()) {
        return discarded(produced, release); // iterated like a for-each over it, and then dropped
      }
      return Optional.empty();
    }
    if (parent instanceof MethodCallExpr call) {
      Optional<String> sink = collections.neverDrainedSink(call, scopeChild, release.releases());
      if (sink.isPresent() && !(release.clientCloseReleases() && clientClosed(produced))) {
        return Optional.of(new Leak(Fate.COLLECTED_NEVER_RELEASED, sink.get()));
      }
      return Optional.empty();
    }
    if (parent instanceof VariableDeclarator d && d.getInitializer().filter(i -> i == scopeChild).isPresent()) {
      return ofDeclarator(d, produced, release);
    }
    if (parent instanceof AssignExpr a && a.getValue() == child && a.getOperator() == AssignExpr.Operator.ASSIGN) {
      return ofTarget(a.getTarget(), produced, release);
    }
    if (parent instanceof ReturnStmt r) {
      return droppedByCaller(r, produced, release);
    }
    return Optional.empty(); // passed on, stored in an array or a lambda result: it escapes
  }

  /**
   * {@code return withClient(c -> c.pods().watch(w))}: an expression lambda handed to a call whose own
   * value is used (returned, kept, called on) where the source does not say what the lambda is for.
   * Such a call is a run-with helper ({@code withClient}, {@code retry}, {@code call}) whose value is
   * the lambda's result, so the handle goes where the call's value goes; a call whose value is
   * dropped ({@code executor.execute(() -> ...)}) drops the handle as before.
   */
  private static Optional<MethodCallExpr> callTakingResult(LambdaExpr lambda) {
    Node child = Expressions.carrying(lambda);
    return child.getParentNode().filter(MethodCallExpr.class::isInstance).map(MethodCallExpr.class::cast)
        .filter(call -> call.getArguments().stream().anyMatch(a -> a == child))
        .filter(call -> !(Expressions.carrying(call).getParentNode().orElse(null) instanceof ExpressionStmt));
  }

  private Optional<Leak> followedThrough(MethodCallExpr call, Release release) {
    hops++;
    try {
      return ofResult(call, release);
    } finally {
      hops--;
    }
  }

  /**
   * A project object calls the lambda and keeps each handle in a field ({@link FunctionKeepers}): a leak
   * only when the class never releases one of those fields.
   */
  private Optional<Leak> keptByProjectClass(FunctionKeepers.Keeper keeper, Release release) {
    hops++;
    try {
      for (VariableDeclarator field : keeper.resultFields()) {
        if (ofField(field, release).filter(l -> l.fate() == Fate.FIELD_NEVER_RELEASED).isPresent()) {
          return Optional.of(new Leak(Fate.WRAPPED_NEVER_RELEASED,
              keeper.type().getNameAsString() + "." + field.getNameAsString()));
        }
      }
      return Optional.empty();
    } finally {
      hops--;
    }
  }

  /**
   * A project factory method ({@code Watch open() { return client.pods().watch(w); }}): returning
   * hands the handle to the caller, so a caller in this file that drops the result leaks it.
   */
  /**
   * The handle is each invocation's value ({@code opener.apply(client, ns)}): a leak only when every
   * invocation leaks it, reported as dropped by the first.
   */
  private Optional<Leak> droppedByEveryInvocation(List<MethodCallExpr> invocations, Release release) {
    hops++;
    try {
      for (MethodCallExpr call : invocations) {
        if (ofResult(call, release).isEmpty()) {
          return Optional.empty();
        }
      }
    } finally {
      hops--;
    }
    MethodCallExpr first = invocations.get(0);
    return Optional.of(new Leak(Fate.DISCARDED_BY_CALLER, first.getNameAsString() + "()"
        + first.getBegin().map(p -> " at line " + p.line).orElse(""), List.copyOf(invocations)));
  }

  private Optional<Leak> droppedByCaller(ReturnStmt r, Expression produced, Release release) {
    Optional<MethodDeclaration> factory = r.findAncestor(MethodDeclaration.class);
    if (factory.isEmpty() || r.findAncestor(LambdaExpr.class).filter(l -> factory.get().isAncestorOf(l)).isPresent()
        || release.clientCloseReleases() && clientClosed(produced)) {
      return Optional.empty();
    }
    Optional<CompilationUnit> unit = r.findCompilationUnit();
    if (unit.isEmpty()) {
      return Optional.empty();
    }
    List<Node> dropping = new ArrayList<>();
    String name = factory.get().getNameAsString();
    for (MethodCallExpr call : callsByName.computeIfAbsent(unit.get(), u -> byName(u, MethodCallExpr.class,
        MethodCallExpr::getNameAsString)).getOrDefault(name, List.of())) {
      if (call.getParentNode().filter(ExpressionStmt.class::isInstance).isPresent()
          && !processLifetime(call)
          && SourceMethods.forCallInFile(call).filter(m -> m == factory.get()).isPresent()) {
        dropping.add(call);
      } else if (keptInLocalNeverReleased(call, release)
          && SourceMethods.forCallInFile(call).filter(m -> m == factory.get()).isPresent()) {
        dropping.add(call);
      }
    }
    String where = "";
    if (dropping.isEmpty() && hops < MAX_HOPS) {
      dropping.addAll(callersElsewhere.dropping(factory.get(), unit.get(), call -> droppedByCallerElsewhere(call, release)));
      where = dropping.isEmpty() ? "" : dropping.get(0).findAncestor(TypeDeclaration.class)
          .map(t -> " in " + ((TypeDeclaration<?>) t).getNameAsString()).orElse("");
    }
    if (!dropping.isEmpty()) {
      MethodCallExpr first = (MethodCallExpr) dropping.get(0);
      return Optional.of(new Leak(Fate.DISCARDED_BY_CALLER, first.getNameAsString() + "()" + where
          + first.getBegin().map(p -> " at line " + p.line).orElse(""), List.copyOf(dropping)));
    }
    // A method reference to the factory ({@code Function<String, Watch> open = this::open}): the
    // handle is the value of each invocation of that function.
    if (hops < MAX_HOPS) {
      for (MethodReferenceExpr ref : referencesByName.computeIfAbsent(unit.get(), u -> byName(u, MethodReferenceExpr.class,
          MethodReferenceExpr::getIdentifier)).getOrDefault(name, List.of())) {
        if (SourceMethods.forReferenceInFile(ref).filter(m -> m == factory.get()).isPresent()) {
          Optional<List<MethodCallExpr>> invoked = functions.invocations(ref);
          if (invoked.isPresent()) {
            Optional<Leak> leak = droppedByEveryInvocation(invoked.get(), release);
            if (leak.isPresent()) {
              return leak;
            }
          }
        }
      }
    }
    return Optional.empty();
  }

  /**
   * A call of the factory in another source file that drops its value: an expression statement (outside a
   * method that lives as long as the process), or a local of the caller's that is never released.
   */
  private boolean droppedByCallerElsewhere(MethodCallExpr call, Release release) {
    // () -> source.open() is an expression lambda: its value is the lambda's result (a Callable's) unless the
    // source declares the lambda void (Runnable restart() { return () -> source.open(); })
    return call.getParentNode().filter(ExpressionStmt.class::isInstance)
            .filter(st -> !(st.getParentNode().orElse(null) instanceof LambdaExpr l) || declaredVoid(l)).isPresent()
            && !processLifetime(call)
        || keptInLocalNeverReleased(call, release);
  }

  /** Whether the source declares the lambda's type as one whose method returns nothing ({@code Runnable}). */
  private boolean declaredVoid(LambdaExpr lambda) {
    return FunctionalInterfaces.targetOf(lambda).flatMap(t -> types.typeName(t.getNameWithScope(), t))
        .flatMap(q -> FunctionalInterfaces.returnsValue(q, types::sourceType)).filter(v -> !v).isPresent();
  }

  /**
   * {@code Watch<T> w = this.open(); this.drain(w);}: a caller that keeps the factory's result in a local of
   * its own that is never released and does not escape (a private helper that only calls methods on it is
   * no hand-off, as for any local) drops the handle as surely as an expression statement does.
   */
  private boolean keptInLocalNeverReleased(MethodCallExpr call, Release release) {
    if (hops >= MAX_HOPS || processLifetime(call)
        || !(call.getParentNode().orElse(null) instanceof VariableDeclarator d)
        || d.getInitializer().filter(i -> i == call).isEmpty()
        || !(d.getParentNode().orElse(null) instanceof VariableDeclarationExpr)) {
      return false;
    }
    return followedThrough(call, release).filter(l -> l.fate() == Fate.LOCAL_NEVER_RELEASED).isPresent();
  }

  /** The file's nodes of a kind by name, each list in the file's order. */
  private static <T extends Node> Map<String, List<T>> byName(CompilationUnit unit, Class<T> kind,
      java.util.function.Function<T, String> name) {
    Map<String, List<T>> out = new java.util.HashMap<>();
    for (T node : FileNodes.of(unit, kind)) {
      out.computeIfAbsent(name.apply(node), k -> new ArrayList<>()).add(node);
    }
    return out;
  }

  /**
   * The fate of a handle held by {@code holder} (the receiver of a start call), provided the
   * code owns it: every value the variable is given is a creation that {@code isCreation} accepts.
   */
  Optional<Leak> ofHolder(Expression holder, Release release, java.util.function.Predicate<Expression> isCreation) {
    Expression h = Expressions.withoutParenthesesAndCasts(holder);
    Optional<VariableRef> ref = variableOf(h);
    if (ref.isEmpty() || ref.get().declaration().isEmpty()
        || !(ref.get().declaration().get() instanceof VariableDeclarator d)) {
      return Optional.empty();
    }
    if (closedAtScopeEnd(d, release)) {
      return Optional.empty();
    }
    List<Expression> values = assignedValues(d, ref.get().kind());
    if (values.isEmpty() || !values.stream().allMatch(isCreation)) {
      return Optional.empty();
    }
    for (Expression v : values) {
      if (release.clientCloseReleases() && clientCloseRuns(v)) {
        return Optional.empty();
      }
    }
    return ref.get().kind() == VariableRef.Kind.FIELD ? ofField(d, release) : ofLocal(d, release);
  }

  /**
   * Whether the handle in {@code holder} was given to this code rather than made by it: a
   * parameter, or a field that is only ever assigned parameters (constructor injection) or never
   * assigned at all (field injection).
   */
  boolean injected(Expression holder) {
    Expression h = Expressions.withoutParenthesesAndCasts(holder);
    Optional<VariableRef> ref = h instanceof NameExpr n ? Scopes.lookup(n.getNameAsString(), n)
        : h instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr
            ? f.findAncestor(TypeDeclaration.class).flatMap(t -> Scopes.field((TypeDeclaration<?>) t, f.getNameAsString()))
            : Optional.empty();
    return ref.isPresent() && injected(ref.get());
  }

  /** As {@link #injected(Expression)}, for the variable a name refers to. */
  boolean injected(VariableRef ref) {
    if (ref.kind() == VariableRef.Kind.PARAMETER) {
      return true;
    }
    if (ref.kind() != VariableRef.Kind.FIELD || ref.declaration().isEmpty()
        || !(ref.declaration().get() instanceof VariableDeclarator d)) {
      return false;
    }
    return assignedValues(d, VariableRef.Kind.FIELD).stream().allMatch(v -> Expressions.withoutParenthesesAndCasts(v)
        instanceof NameExpr n && Scopes.lookup(n.getNameAsString(), n).filter(r -> r.kind() == VariableRef.Kind.PARAMETER).isPresent());
  }

  /** The variable declarator a holder refers to, when it is a local or a field of this file. */
  Optional<VariableDeclarator> declaratorOf(Expression holder) {
    return variableOf(Expressions.withoutParenthesesAndCasts(holder)).flatMap(VariableRef::declaration)
        .filter(VariableDeclarator.class::isInstance).map(VariableDeclarator.class::cast);
  }

  private Optional<VariableRef> variableOf(Expression h) {
    if (h instanceof NameExpr n) {
      return Scopes.lookup(n.getNameAsString(), n).filter(r -> r.kind() != VariableRef.Kind.PARAMETER);
    }
    if (h instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) {
      return f.findAncestor(TypeDeclaration.class).flatMap(t -> Scopes.field((TypeDeclaration<?>) t, f.getNameAsString()));
    }
    return Optional.empty();
  }

  /** Every value a local or field is given in its scope: its initializer and plain assignments. */
  private static List<Expression> assignedValues(VariableDeclarator d, VariableRef.Kind kind) {
    List<Expression> values = new ArrayList<>();
    d.getInitializer().ifPresent(values::add);
    Node region = kind == VariableRef.Kind.FIELD ? d.findAncestor(TypeDeclaration.class).orElse(null) : Scopes.enclosingBody(d);
    if (region == null) {
      return List.of();
    }
    String name = d.getNameAsString();
    for (AssignExpr a : region.findAll(AssignExpr.class)) {
      Expression target = a.getTarget();
      boolean same = target instanceof NameExpr n && n.getNameAsString().equals(name) && Scopes.refersTo(n, d)
          || target instanceof FieldAccessExpr f && f.getNameAsString().equals(name) && kind == VariableRef.Kind.FIELD;
      if (same) {
        if (a.getOperator() != AssignExpr.Operator.ASSIGN) {
          return List.of();
        }
        values.add(a.getValue());
      }
    }
    return values;
  }

  private Optional<Leak> ofDeclarator(VariableDeclarator d, Expression produced, Release release) {
    Optional<Node> declaration = d.getParentNode();
    if (closedAtScopeEnd(d, release)) {
      return Optional.empty();
    }
    if (release.clientCloseReleases() && clientCloseRuns(produced)) {
      return Optional.empty();
    }
    if (declaration.isPresent() && declaration.get() instanceof FieldDeclaration) {
      return ofField(d, release);
    }
    return ofLocal(d, release);
  }

  /**
   * A local that is released on every path when its scope ends: a try-with-resources resource, or one that
   * carries Lombok's {@code @Cleanup} naming a release ({@code close} by default), which Lombok turns into
   * a {@code try/finally} around the rest of the block.
   */
  private static boolean closedAtScopeEnd(VariableDeclarator d, Release release) {
    return isTryResource(d) || Lombok.cleanupMethod(d).filter(release.releases()::contains).isPresent();
  }

  private static boolean isTryResource(VariableDeclarator d) {
    return d.getParentNode().filter(VariableDeclarationExpr.class::isInstance)
        .flatMap(Node::getParentNode).filter(TryStmt.class::isInstance).isPresent();
  }

  private Optional<Leak> ofTarget(Expression target, Expression produced, Release release) {
    Optional<VariableRef> ref = variableOf(target);
    if (ref.isEmpty() || ref.get().declaration().isEmpty()
        || !(ref.get().declaration().get() instanceof VariableDeclarator d)) {
      return Optional.empty();
    }
    if (release.clientCloseReleases() && clientCloseRuns(produced)) {
      return Optional.empty();
    }
    if (ref.get().kind() != VariableRef.Kind.FIELD) {
      return ofLocal(d, release);
    }
    Optional<Leak> leak = ofField(d, release);
    if (leak.isEmpty() && target.getParentNode().orElse(null) instanceof AssignExpr a
        && replacesRunningHandle(a, d, produced, release)) {
      return Optional.of(new Leak(Fate.REPLACED_WHILE_RUNNING, d.getNameAsString()));
    }
    return leak;
  }

  /**
   * A re-configure path: a field that the class does release is given a new handle in a method that
   * runs again (a callback, or one of two methods that both start one) without releasing or checking
   * the handle it held, so each run leaves the previous one running.
   */
  private static boolean replacesRunningHandle(AssignExpr assign, VariableDeclarator field, Expression produced,
      Release release) {
    Optional<CallableDeclaration> callable = assign.findAncestor(CallableDeclaration.class);
    Optional<TypeDeclaration> owner = field.findAncestor(TypeDeclaration.class);
    if (callable.isEmpty() || !(callable.get() instanceof MethodDeclaration method) || owner.isEmpty()
        || assign.findAncestor(LambdaExpr.class).filter(method::isAncestorOf).isPresent()
        || !(produced instanceof MethodCallExpr start)) {
      return false;
    }
    String name = field.getNameAsString();
    int at = assign.getBegin().map(p -> p.line).orElse(0);
    // Any release or null check of the field earlier in the method may end the old handle first.
    for (Expression e : method.findAll(Expression.class)) {
      boolean names = e instanceof NameExpr n && n.getNameAsString().equals(name)
          || e instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr && f.getNameAsString().equals(name);
      if (!names || e == assign.getTarget() || e.getBegin().map(p -> p.line).orElse(0) > at) {
        continue;
      }
      Node parent = e.getParentNode().orElse(null);
      if (parent instanceof MethodCallExpr m && release.releases().contains(m.getNameAsString())
          || parent instanceof BinaryExpr) {
        return false;
      }
    }
    if (LifecycleApis.REPEATED_CALLBACKS.contains(method.getNameAsString())) {
      return true;
    }
    // Another method (or a constructor) also gives the field a handle started the same way.
    return ((TypeDeclaration<?>) owner.get()).findAll(AssignExpr.class).stream()
        .filter(other -> other != assign)
        .filter(other -> other.getTarget() instanceof NameExpr n && n.getNameAsString().equals(name)
            || other.getTarget() instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr
                && f.getNameAsString().equals(name))
        .filter(other -> Expressions.withoutParenthesesAndCasts(other.getValue()) instanceof MethodCallExpr m
            && m.getNameAsString().equals(start.getNameAsString()))
        .anyMatch(other -> other.findAncestor(CallableDeclaration.class).filter(c -> c != method).isPresent());
  }

  private Optional<Leak> discarded(Expression produced, Release release) {
    if (processLifetime(produced) || release.clientCloseReleases() && clientCloseRuns(produced)) {
      return Optional.empty();
    }
    return Optional.of(new Leak(Fate.DISCARDED, ""));
  }

  private Optional<Leak> ofLocal(VariableDeclarator d, Release release) {
    Node body = Scopes.enclosingBody(d);
    if (processLifetime(d)) {
      return Optional.empty();
    }
    String name = d.getNameAsString();
    List<Expression> uses = new ArrayList<>();
    for (NameExpr n : body.findAll(NameExpr.class)) {
      if (n.getNameAsString().equals(name) && Scopes.refersTo(n, d)) {
        uses.add(n);
      }
    }
    if (hasMethodReference(body, name)) {
      return Optional.empty();
    }
    Optional<Leak> leak = judge(uses, body, release, Fate.LOCAL_NEVER_RELEASED, name);
    if (leak.isEmpty() && !release.requireFinally() && returnsBeforeRelease(d, uses, body, release)) {
      return Optional.of(new Leak(Fate.RELEASED_ONLY_ON_NORMAL_PATH, name));
    }
    return leak;
  }

  /**
   * A local released only by plain calls, with a {@code return} between its creation and the first
   * of them: that path leaves the handle open. (Where a release must be on every path anyway,
   * judge() already says so.)
   */
  private static boolean returnsBeforeRelease(VariableDeclarator d, List<Expression> uses, Node body, Release release) {
    int first = Integer.MAX_VALUE;
    for (Expression use : uses) {
      Node parent = use.getParentNode().orElse(null);
      if (parent instanceof MethodCallExpr m && m.getScope().filter(s -> s == use).isPresent()
          && release.releases().contains(m.getNameAsString())) {
        // A release in a callback (future.whenComplete(.. -> watch.close())) covers the paths that
        // reach its registration, not a return or throw before it.
        if (onEveryPath(m, body) && !inCallback(m, body)) {
          return false;
        }
        first = Math.min(first, m.getBegin().map(p -> p.line).orElse(Integer.MAX_VALUE));
      } else if (!(parent instanceof MethodCallExpr m && m.getScope().filter(s -> s == use).isPresent())) {
        return false; // handed on somewhere (an argument, a store): the other holder may close it
      }
    }
    int opened = d.getBegin().map(p -> p.line).orElse(Integer.MAX_VALUE);
    final int firstRelease = first;
    Optional<Node> callable = d.findAncestor(CallableDeclaration.class).map(Node.class::cast);
    return body.findAll(Statement.class, st -> st instanceof ReturnStmt || st instanceof ThrowStmt).stream().anyMatch(ret -> {
      int line = ret.getBegin().map(p -> p.line).orElse(0);
      return line > opened && line < firstRelease
          && ret.findAncestor(LambdaExpr.class).filter(body::isAncestorOf).isEmpty()
          && ret.findAncestor(CallableDeclaration.class).map(Node.class::cast).equals(callable)
          && (ret instanceof ReturnStmt || leavesTheHolderScope((ThrowStmt) ret, d, body));
    });
  }

  /** A throw leaves the handle's scope unless a try entered after the handle was opened catches it. */
  private static boolean leavesTheHolderScope(ThrowStmt thrown, VariableDeclarator d, Node body) {
    for (Node p = thrown.getParentNode().orElse(null); p != null && p != body; p = p.getParentNode().orElse(null)) {
      if (p instanceof TryStmt t && t.getTryBlock().isAncestorOf(thrown) && !t.getTryBlock().isAncestorOf(d)) {
        return false;
      }
    }
    return true;
  }

  /** The release runs in a lambda or anonymous class (a callback), not in finally or catch. */
  private static boolean inCallback(Node release, Node region) {
    for (Node p = release.getParentNode().orElse(null); p != null && p != region; p = p.getParentNode().orElse(null)) {
      if (p instanceof LambdaExpr || p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
        return true;
      }
      if (p instanceof CatchClause || p instanceof TryStmt) {
        return false;
      }
    }
    return false;
  }

  private Optional<Leak> ofField(VariableDeclarator d, Release release) {
    Optional<FieldDeclaration> field = d.findAncestor(FieldDeclaration.class);
    Optional<TypeDeclaration> type = d.findAncestor(TypeDeclaration.class);
    if (field.isEmpty() || type.isEmpty()) {
      return Optional.empty();
    }
    FieldDeclaration fd = field.get();
    // Others may release what they can reach: subclasses, other classes, injection, generated getters.
    // A public static field is a process-wide singleton: it is judged by its own class like a private one.
    boolean globalSingleton = fd.isStatic() && fd.hasModifier(Modifier.Keyword.PUBLIC);
    if (!globalSingleton && (fd.hasModifier(Modifier.Keyword.PUBLIC) || fd.hasModifier(Modifier.Keyword.PROTECTED))
        || !fd.getAnnotations().isEmpty() || hasGeneratedAccessors(type.get())) {
      return Optional.empty();
    }
    String name = d.getNameAsString();
    List<Expression> uses = new ArrayList<>();
    TypeDeclaration<?> owner = type.get();
    for (NameExpr n : owner.findAll(NameExpr.class)) {
      if (n.getNameAsString().equals(name) && Scopes.refersTo(n, d)) {
        uses.add(n);
      }
    }
    for (FieldAccessExpr f : owner.findAll(FieldAccessExpr.class)) {
      if (f.getNameAsString().equals(name)) {
        uses.add(f);
      }
    }
    if (hasMethodReference(owner, name)) {
      return Optional.empty();
    }
    return judge(uses, owner, release, Fate.FIELD_NEVER_RELEASED, name);
  }

  /**
   * {@code handle::stop} parses with a type-like scope, so it is not among the name uses; any
   * method reference on the name either releases the handle or hands it on.
   */
  private static boolean hasMethodReference(Node region, String name) {
    return region.findAll(MethodReferenceExpr.class).stream()
        .anyMatch(r -> r.getScope() instanceof TypeExpr t && t.getType().asString().equals(name)
            || r.getScope() instanceof NameExpr n && n.getNameAsString().equals(name));
  }

  private Optional<Leak> judge(List<Expression> uses, Node region, Release release, Fate fate, String name) {
    boolean released = false;
    boolean safelyReleased = false;
    String collectedInto = null;
    String wrappedInto = null;
    boolean closedInOwnLoop = false;
    for (Expression use : uses) {
      UseKind kind = classify(use, region, release);
      if (kind == UseKind.COLLECTED) {
        collectedInto = collectionOf(use);
      }
      if (kind == UseKind.WRAPPED) {
        Node carried = Expressions.carrying(use);
        wrappedInto = wrapperNeverReleases((ObjectCreationExpr) carried.getParentNode().get(), carried, release).orElse("?");
      }
      switch (kind) {
        case ESCAPE -> {
          return Optional.empty();
        }
        case SAFE_RELEASE -> {
          released = true;
          safelyReleased = true;
        }
        case RELEASE -> released = true;
        case OWN_LOOP_RELEASE -> closedInOwnLoop = true;
        case NEUTRAL, COLLECTED, WRAPPED -> { }
      }
    }
    if (!released && closedInOwnLoop && collectedInto == null && wrappedInto == null) {
      // Closed only when one more event arrives: a failing or ended stream leaves the loop without it.
      return Optional.of(new Leak(Fate.RELEASED_ONLY_ON_NORMAL_PATH, name));
    }
    if (!released) {
      return Optional.of(collectedInto != null ? new Leak(Fate.COLLECTED_NEVER_RELEASED, collectedInto)
          : wrappedInto != null ? new Leak(Fate.WRAPPED_NEVER_RELEASED, wrappedInto) : new Leak(fate, name));
    }
    if (release.requireFinally() && !safelyReleased && fate == Fate.LOCAL_NEVER_RELEASED) {
      return Optional.of(new Leak(Fate.RELEASED_ONLY_ON_NORMAL_PATH, name));
    }
    return Optional.empty();
  }

  private UseKind classify(Expression use, Node region, Release release) {
    Node child = use;
    Node parent = child.getParentNode().orElse(null);
    while (parent instanceof EnclosedExpr || parent instanceof CastExpr) {
      child = parent;
      parent = parent.getParentNode().orElse(null);
    }
    if (parent instanceof MethodCallExpr call && call.getScope().isPresent() && call.getScope().get() == child) {
      String name = call.getNameAsString();
      if (release.releases().contains(name)) {
        if (release.requireFinally() && OwnLoopCloses.insideOwnLoop(call, region)) {
          return UseKind.OWN_LOOP_RELEASE;
        }
        return onEveryPath(call, region) ? UseKind.SAFE_RELEASE : UseKind.RELEASE;
      }
      boolean resultUsed = !(call.getParentNode().orElse(null) instanceof ExpressionStmt);
      return LifecycleApis.F8_INFORMER_FLUENT.contains(name) && resultUsed ? UseKind.ESCAPE : UseKind.NEUTRAL;
    }
    if (parent instanceof MethodCallExpr store && collections.neverDrainedSink(store, child, release.releases()).isPresent()) {
      return UseKind.COLLECTED;
    }
    if (parent instanceof ObjectCreationExpr wrapper && wrapperNeverReleases(wrapper, child, release).isPresent()) {
      return UseKind.WRAPPED;
    }
    if (parent instanceof MethodCallExpr helper && (onlyConfiguredBy(helper, child, release)
        || controllerBuilderLookup(helper, child))) {
      return UseKind.NEUTRAL;
    }
    if (parent instanceof MethodReferenceExpr ref && ref.getScope() == child) {
      return release.releases().contains(ref.getIdentifier()) ? UseKind.SAFE_RELEASE : UseKind.ESCAPE;
    }
    Optional<LambdaExpr> mapping = returnedFromLambda(child, parent);
    if (mapping.isPresent()) {
      return collections.neverDrainedComputedSink(mapping.get(), release.releases()).isPresent()
          ? UseKind.COLLECTED : UseKind.ESCAPE;
    }
    if (parent instanceof TryStmt) {
      return UseKind.SAFE_RELEASE; // try (handle) { ... }
    }
    if (parent instanceof AssignExpr a && a.getTarget() == child
        || parent instanceof BinaryExpr b && (b.getOperator() == BinaryExpr.Operator.EQUALS
            || b.getOperator() == BinaryExpr.Operator.NOT_EQUALS)
        || parent instanceof InstanceOfExpr
        || parent instanceof SynchronizedStmt
        || parent instanceof ForEachStmt fe && fe.getIterable() == child
        || parent instanceof FieldAccessExpr) {
      return UseKind.NEUTRAL;
    }
    if (parent instanceof VariableDeclarator copy && copy.getInitializer().orElse(null) == child
        && copy.getParentNode().orElse(null) instanceof VariableDeclarationExpr) {
      return ofCopy(copy, release);
    }
    if (parent instanceof VariableDeclarator || parent instanceof FieldDeclaration) {
      return UseKind.NEUTRAL; // the declaration itself
    }
    return UseKind.ESCAPE;
  }

  /**
   * {@code final Watch w = watch; if (w != null) w.close();}: a local copy of the handle (read once,
   * since another thread may reset the field) counts as the handle, so what the copy's uses do, the
   * use that made the copy does: a close of the copy closes it, a hand-on of the copy hands it on.
   */
  private UseKind ofCopy(VariableDeclarator copy, Release release) {
    if (closedAtScopeEnd(copy, release)) {
      return UseKind.SAFE_RELEASE;
    }
    Node body = Scopes.enclosingBody(copy);
    String name = copy.getNameAsString();
    if (hasMethodReference(body, name)) {
      return UseKind.ESCAPE;
    }
    UseKind strongest = UseKind.NEUTRAL;
    for (NameExpr n : body.findAll(NameExpr.class)) {
      if (!n.getNameAsString().equals(name) || !Scopes.refersTo(n, copy)) {
        continue;
      }
      UseKind kind = classify(n, body, release);
      if (kind == UseKind.ESCAPE) {
        return kind;
      }
      if (kind == UseKind.SAFE_RELEASE || kind == UseKind.RELEASE && strongest != UseKind.SAFE_RELEASE) {
        strongest = kind;
      }
    }
    return strongest;
  }

  /**
   * The lambda whose result {@code child} is: the body of an expression lambda, or the value of a
   * {@code return} whose nearest enclosing callable is a lambda.
   */
  private static Optional<LambdaExpr> returnedFromLambda(Node child, Node parent) {
    if (parent instanceof ExpressionStmt s && s.getParentNode().orElse(null) instanceof LambdaExpr l
        && l.getBody() == s) {
      return Optional.of(l);
    }
    if (!(parent instanceof ReturnStmt)) {
      return Optional.empty();
    }
    Optional<LambdaExpr> lambda = parent.findAncestor(LambdaExpr.class);
    Optional<CallableDeclaration> callable = parent.findAncestor(CallableDeclaration.class);
    return lambda.filter(l -> callable.isEmpty() || callable.get().isAncestorOf(l));
  }

  /**
   * {@code new ResourceInformer<>(informer)} where {@code ResourceInformer} is a class of the analyzed
   * sources whose one constructor of that arity only stores the parameter in a field, and no code of
   * that class releases the field or lets it out (no stop(), no getter, no hand-on): the wrapper holds
   * the handle and nothing can release it. The answer is {@code Class.field}; empty when the wrapper
   * may release it, or its source cannot be read.
   */
  private Optional<String> wrapperNeverReleases(ObjectCreationExpr wrapper, Node argument, Release release) {
    int index = -1;
    for (int i = 0; i < wrapper.getArguments().size(); i++) {
      if (wrapper.getArguments().get(i) == argument) {
        index = i;
      }
    }
    if (index < 0 || wrapper.getAnonymousClassBody().isPresent() || hops >= MAX_HOPS) {
      return Optional.empty();
    }
    Optional<ClassOrInterfaceDeclaration> type = types.typeName(wrapper.getType().getNameWithScope(), wrapper)
        .flatMap(types::sourceType)
        .filter(ClassOrInterfaceDeclaration.class::isInstance).map(ClassOrInterfaceDeclaration.class::cast)
        .filter(c -> !c.isInterface() && !c.isAbstract());
    if (type.isEmpty()) {
      return Optional.empty();
    }
    int arity = wrapper.getArguments().size();
    List<ConstructorDeclaration> constructors = type.get().getConstructors().stream()
        .filter(c -> c.getParameters().size() == arity).toList();
    if (constructors.size() != 1) {
      return Optional.empty();
    }
    ConstructorDeclaration ctor = constructors.get(0);
    String param = ctor.getParameter(index).getNameAsString();
    List<NameExpr> uses = ctor.getBody().findAll(NameExpr.class).stream()
        .filter(n -> n.getNameAsString().equals(param) && Scopes.lookup(param, n)
            .filter(r -> r.kind() == VariableRef.Kind.PARAMETER).isPresent())
        .toList();
    if (uses.size() != 1 || !(uses.get(0).getParentNode().orElse(null) instanceof AssignExpr a)
        || a.getValue() != uses.get(0) || a.getOperator() != AssignExpr.Operator.ASSIGN) {
      return Optional.empty();
    }
    String field = a.getTarget() instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr ? f.getNameAsString()
        : a.getTarget() instanceof NameExpr n ? n.getNameAsString() : null;
    Optional<VariableDeclarator> declarator = field == null ? Optional.empty()
        : Scopes.field(type.get(), field).flatMap(VariableRef::declaration)
            .filter(VariableDeclarator.class::isInstance).map(VariableDeclarator.class::cast);
    if (declarator.isEmpty()) {
      return Optional.empty();
    }
    hops++;
    try {
      return ofField(declarator.get(), release).filter(l -> l.fate() == Fate.FIELD_NEVER_RELEASED)
          .map(l -> type.get().getNameAsString() + "." + field);
    } finally {
      hops--;
    }
  }

  /**
   * {@code registerPods(factory)} where {@code registerPods} is a private or static method of this
   * file that only calls methods on its parameter ({@code factory.sharedIndexInformerFor(..)},
   * {@code informer.addEventHandler(..)}) and never releases, stores, returns or hands it on: the
   * helper configures the handle and gives it back to no one, so the caller still holds the only
   * reference. A release there, or any other use, leaves it a hand-off as before.
   */
  private static boolean onlyConfiguredBy(MethodCallExpr helper, Node argument, Release release) {
    int index = -1;
    for (int i = 0; i < helper.getArguments().size(); i++) {
      if (helper.getArguments().get(i) == argument) {
        index = i;
      }
    }
    if (index < 0 || helper.getScope().filter(s -> !(s instanceof ThisExpr)).isPresent()) {
      return false;
    }
    Optional<MethodDeclaration> callee = SourceMethods.forCallInFile(helper);
    if (callee.isEmpty() || callee.get().getBody().isEmpty()
        || !(callee.get().isPrivate() || callee.get().isStatic())
        || callee.get().getParameters().size() != helper.getArguments().size()
        || callee.get().getParameter(index).isVarArgs()) {
      return false;
    }
    com.github.javaparser.ast.body.Parameter param = callee.get().getParameter(index);
    String name = param.getNameAsString();
    BlockStmt body = callee.get().getBody().get();
    if (hasMethodReference(body, name)) {
      return false;
    }
    for (NameExpr n : body.findAll(NameExpr.class)) {
      if (!n.getNameAsString().equals(name)
          || Scopes.lookup(name, n).flatMap(VariableRef::declaration).filter(d -> d == param).isEmpty()) {
        continue;
      }
      if (!(n.getParentNode().orElse(null) instanceof MethodCallExpr call && call.getScope().filter(s -> s == n).isPresent())
          || release.releases().contains(call.getNameAsString())
          || LifecycleApis.F8_INFORMER_FLUENT.contains(call.getNameAsString())
              && !(call.getParentNode().orElse(null) instanceof ExpressionStmt)) {
        return false;
      }
    }
    return true;
  }

  /**
   * client-java {@code ControllerBuilder.defaultBuilder(factory)}: the builder only looks the watched
   * informers up in the factory ({@code getExistingSharedIndexInformer}) and the {@code Controller} it
   * builds does not keep it; {@code DefaultController.shutdown()} stops the work queue and workers, not
   * the factory (client-java-extended 13 and 24). Unlike {@code controllerManagerBuilder(factory)},
   * it is no owner that could stop the factory.
   */
  private boolean controllerBuilderLookup(MethodCallExpr call, Node argument) {
    if (!call.getNameAsString().equals(LifecycleApis.K8S_CONTROLLER_DEFAULT_BUILDER) || call.getArguments().size() != 1
        || call.getArgument(0) != argument || call.getScope().isEmpty()) {
      return false;
    }
    Expression scope = Expressions.withoutParenthesesAndCasts(call.getScope().get());
    return scope instanceof NameExpr n
        && types.typeName(n.getNameAsString(), n).filter(ApiTypes.K8S_CONTROLLER_BUILDER::equals).isPresent()
        || types.isA(scope, Set.of(ApiTypes.K8S_CONTROLLER_BUILDER)).isYes();
  }

  private static String collectionOf(Expression use) {
    Node parent = use.getParentNode().orElse(null);
    while (parent instanceof EnclosedExpr || parent instanceof CastExpr) {
      parent = parent.getParentNode().orElse(null);
    }
    Optional<LambdaExpr> mapping = returnedFromLambda(use, parent);
    if (mapping.isPresent() && mapping.get().getParentNode().orElse(null) instanceof MethodCallExpr m
        && m.getScope().isPresent()) {
      return m.getScope().get().toString().replaceFirst("^this\\.", "");
    }
    return parent instanceof MethodCallExpr m && m.getScope().isPresent()
        ? m.getScope().get().toString().replaceFirst("^this\\.", "") : "?";
  }

  /** A release in finally, in catch, or deferred to a callback (shutdown hook, listener) covers failures. */
  static boolean onEveryPath(Node release, Node region) {
    Node child = release;
    Optional<Node> p = release.getParentNode();
    while (p.isPresent() && child != region) {
      Node n = p.get();
      if (n instanceof CatchClause || n instanceof LambdaExpr
          || n instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
        return true;
      }
      final Node c = child;
      if (n instanceof TryStmt t && t.getFinallyBlock().filter(fb -> fb == c).isPresent()) {
        return true;
      }
      child = n;
      p = n.getParentNode();
    }
    return false;
  }

  /**
   * Whether the fabric8 client that {@code creation} was made from is closed in the same scope
   * (closing it stops the informers it started and closes its HTTP client, ending raw watches).
   * Name-based on purpose: it only ever suppresses findings.
   */
  boolean clientClosed(Expression creation) {
    Expression root = Expressions.withoutParenthesesAndCasts(creation);
    while (root instanceof MethodCallExpr m && m.getScope().isPresent()) {
      root = Expressions.withoutParenthesesAndCasts(m.getScope().get());
    }
    Optional<VariableRef> ref;
    String name;
    if (root instanceof NameExpr n) {
      name = n.getNameAsString();
      ref = Scopes.lookup(name, n);
    } else if (root instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) {
      name = f.getNameAsString();
      ref = f.findAncestor(TypeDeclaration.class).flatMap(t -> Scopes.field((TypeDeclaration<?>) t, name));
    } else {
      return false;
    }
    if (ref.isEmpty()) {
      return false;
    }
    Optional<Node> decl = ref.get().declaration();
    if (decl.isPresent() && decl.get().getParentNode().filter(VariableDeclarationExpr.class::isInstance)
        .flatMap(Node::getParentNode).filter(TryStmt.class::isInstance).isPresent()) {
      return true; // try (KubernetesClient client = ...) { ... }
    }
    Node region = ref.get().kind() == VariableRef.Kind.FIELD
        ? creation.findAncestor(TypeDeclaration.class).map(Node.class::cast).orElse(creation)
        : Scopes.enclosingBody(decl.orElse(creation));
    if (ref.get().kind() == VariableRef.Kind.PARAMETER) {
      region = creation.findAncestor(CallableDeclaration.class).map(Node.class::cast).orElse(creation);
    }
    Node scanned = region;
    ClientCloses closes = clientCloses.computeIfAbsent(scanned, r -> new HashMap<>())
        .computeIfAbsent(name, n -> ClientCloses.in(scanned, n));
    return closes.closeCall() || closes.resourceTries().stream().anyMatch(t -> t.getTryBlock().isAncestorOf(creation));
  }

  /**
   * What closes the client variable {@code name} in {@code region}: a no-argument close call on it,
   * and the try statements that hold it as a resource. Kept per region and name, because a field's
   * region is its whole class: scanning it again for every handle made a file with thousands of
   * handles quadratic (a 330 KB generated file took minutes).
   */
  private record ClientCloses(boolean closeCall, List<TryStmt> resourceTries) {
    static ClientCloses in(Node region, String name) {
      boolean closeCall = false;
      for (MethodCallExpr m : region.findAll(MethodCallExpr.class)) {
        if (LifecycleApis.CLIENT_CLOSES.contains(m.getNameAsString()) && m.getArguments().isEmpty()
            && m.getScope().map(Expressions::withoutParenthesesAndCasts).filter(s -> namesVariable(s, name)).isPresent()) {
          closeCall = true;
          break;
        }
      }
      List<TryStmt> tries = new ArrayList<>();
      for (TryStmt t : region.findAll(TryStmt.class)) {
        NodeList<Expression> resources = t.getResources();
        if (resources.stream().anyMatch(r -> namesVariable(r, name))) {
          tries.add(t);
        }
      }
      return new ClientCloses(closeCall, List.copyOf(tries));
    }
  }

  /**
   * {@link #clientClosed}, unless the close is the end of a try-with-resources block that an endless
   * wait after the creation never leaves ({@code while (true)} with no way out, a self-join, a latch
   * nothing counts down), in a file with no shutdown path: that close never runs.
   */
  private boolean clientCloseRuns(Expression creation) {
    if (!clientClosed(creation)) {
      return false;
    }
    Expression root = Expressions.withoutParenthesesAndCasts(creation);
    while (root instanceof MethodCallExpr m && m.getScope().isPresent()) {
      root = Expressions.withoutParenthesesAndCasts(m.getScope().get());
    }
    if (!(root instanceof NameExpr n)) {
      return true;
    }
    Optional<TryStmt> resourceTry = Scopes.lookup(n.getNameAsString(), n).flatMap(VariableRef::declaration)
        .flatMap(Node::getParentNode).filter(VariableDeclarationExpr.class::isInstance)
        .flatMap(Node::getParentNode).filter(TryStmt.class::isInstance).map(TryStmt.class::cast);
    if (resourceTry.isEmpty() || !resourceTry.get().getTryBlock().isAncestorOf(creation)
        || ClientCloses.in(Scopes.enclosingBody(resourceTry.get()), n.getNameAsString()).closeCall()) {
      return true;
    }
    return !new ParkedMain(types).waitsForeverIn(creation, resourceTry.get().getTryBlock());
  }

  private static boolean namesVariable(Expression e, String name) {
    return e instanceof NameExpr n && n.getNameAsString().equals(name)
        || e instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr && f.getNameAsString().equals(name);
  }


  /**
   * In {@code static void main(String[])}, or in a method whose body goes on to end the JVM
   * (a top-level {@code System.exit(n)} after the statement holding {@code n}), the handle lives
   * as long as the process that it keeps alive.
   */
  static boolean inMainMethod(Node n) {
    Node body = Scopes.enclosingBody(n);
    if (!(body instanceof MethodDeclaration m)) {
      return false;
    }
    if (SourceMethods.isMain(m)) {
      return true;
    }
    return m.getBody().filter(b -> endsJvmAfter(b, n)).isPresent();
  }

  private static boolean endsJvmAfter(BlockStmt block, Node n) {
    boolean after = false;
    for (Statement s : block.getStatements()) {
      if (after && s instanceof ExpressionStmt e && e.getExpression() instanceof MethodCallExpr call
          && call.getScope().isPresent()
          && LifecycleApis.JVM_EXITS.contains(call.getScope().get() + "." + call.getNameAsString())) {
        return true;
      }
      if (s == n || s.isAncestorOf(n)) {
        after = true;
      }
    }
    return false;
  }

  private static boolean hasGeneratedAccessors(TypeDeclaration<?> type) {
    return type.getAnnotations().stream().anyMatch(a -> LifecycleApis.GENERATED_ACCESSORS.contains(a.getNameAsString()));
  }

}
