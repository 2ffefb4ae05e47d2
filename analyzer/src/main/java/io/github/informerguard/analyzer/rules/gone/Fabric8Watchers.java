package io.github.informerguard.analyzer.rules.gone;

import com.github.javaparser.ast.CompilationUnit;
import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_WATCH;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_WATCHER;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_WATCHER_EXCEPTION;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_CLIENT_EXCEPTION;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.SwitchStmt;
import io.github.informerguard.analyzer.fold.ConstantFolder;
import io.github.informerguard.analyzer.fold.Folded;
import io.github.informerguard.analyzer.resolve.Expressions;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import io.github.informerguard.analyzer.api.Match;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.WatchApis;
import io.github.informerguard.analyzer.resolve.LenientTypeFacts;
import io.github.informerguard.analyzer.resolve.Scopes;
import io.github.informerguard.analyzer.rules.cancel.UncalledCode;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import java.util.Collections;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The fabric8 {@code Watcher} implementations of a file that are handed to a raw
 * {@code Watchable.watch(...)}: anonymous classes, classes of this file (by {@code new},
 * {@code this} or a variable), each with the watch calls that reach it.
 */
final class Fabric8Watchers {

  private static final int MAX_DEPTH = 4;

  /**
   * A watcher implementation.
   *
   * @param body the anonymous class or the class declaration
   * @param members its members
   * @param watches the watch calls it is passed to
   */
  record Implementation(Node body, List<BodyDeclaration<?>> members, List<MethodCallExpr> watches) {

    Optional<MethodDeclaration> method(String name, int arity) {
      return members.stream().filter(MethodDeclaration.class::isInstance).map(MethodDeclaration.class::cast)
          .filter(m -> m.getNameAsString().equals(name) && m.getParameters().size() == arity)
          .findFirst();
    }
  }

  private final TypeFacts types;
  /** The project-method calls {@link #find} took as watch calls (see {@link #proxiedWatcher}). */
  private final Set<MethodCallExpr> proxies = Collections.newSetFromMap(new IdentityHashMap<>());

  Fabric8Watchers(TypeFacts types) {
    this.types = types;
  }

  List<Implementation> find(CompilationUnit unit) {
    Map<Node, Implementation> byBody = new IdentityHashMap<>();
    List<Implementation> ordered = new ArrayList<>();
    for (MethodCallExpr call : FileNodes.of(unit, MethodCallExpr.class)) {
      // fabric8 5.x customResource(ctx).watch(Watcher<String>) opens the same raw watch as Watchable.watch.
      boolean typed = WatchApis.F8_WATCH.matches(call, types) || WatchApis.F8_RAW_CUSTOM_RESOURCE_WATCH.matches(call, types);
      Optional<Expression> watcher = typed || untypedWatch(call)
          ? Optional.of(call.getArgument(call.getArguments().size() - 1)) : proxiedWatcher(call);
      if (watcher.isEmpty()) {
        continue;
      }
      if (!typed && !untypedWatch(call)) {
        proxies.add(call);
      }
      implementation(watcher.get(), 0).ifPresent(impl -> {
        Implementation known = byBody.get(impl.body());
        if (known == null) {
          known = new Implementation(impl.body(), impl.members(), new ArrayList<>());
          byBody.put(impl.body(), known);
          ordered.add(known);
        }
        known.watches().add(call);
      });
    }
    return ordered;
  }

  /**
   * {@code helper(..).watch(watcher)} whose receiver no mode can type (a library helper outside the
   * analyzed sources and the model, as jkube's {@code KubernetesHelper.withSelector(..)}): the call still
   * hands a fabric8 Watcher to a method named and shaped like {@code Watchable.watch}, and a Watcher has
   * no use but a watch. {@link #implementation} then demands that the argument implements Watcher.
   */
  private boolean untypedWatch(MethodCallExpr call) {
    return call.getScope().isPresent()
        && WatchApis.F8_WATCH.matchesShape(call.getNameAsString(), call.getArguments().size())
        && types.isA(call.getScope().get(), WatchApis.F8_WATCH.owners()) == Match.UNKNOWN;
  }

  /**
   * A project method that opens the watch for its caller ({@code Watch watchPipelines(String ns, Watcher<Pipeline> w)}
   * of a facade, declared in the analyzed sources, its body in this or another file or behind an interface): it
   * returns a fabric8 {@code Watch} and is handed a {@code Watcher}, which has no use but a watch. The argument it
   * is handed that implements Watcher here is then watched by that call, and the call's handle tells how long the
   * watch lives, as a {@code watch(..)}'s would. Not fabric8's own methods (those are {@link WatchApis#F8_WATCH}).
   */
  private Optional<Expression> proxiedWatcher(MethodCallExpr call) {
    if (call.getArguments().isEmpty() || call.getNameAsString().equals(WatchApis.F8_WATCH_METHOD)
        || !types.isA(call, Set.of(F8_WATCH)).isYes()) {
      return Optional.empty();
    }
    Optional<Expression> watcher = Optional.empty();
    for (Expression a : call.getArguments()) {
      if (implementation(a, 0).isPresent()) {
        if (watcher.isPresent()) {
          return Optional.empty(); // two watchers: which one is watched is not in view
        }
        watcher = Optional.of(a);
      }
    }
    return watcher.filter(w -> proxies(call, w, 0));
  }

  /**
   * A project method's call that {@link #find} took as the watch, whose handle this method returns
   * ({@code return kn.watchFunctions(ns, watcher);}): the wrapper is itself a watch opener, and how long the watch
   * lives is up to its callers, which may be in other files. Also through a local that the method only returns
   * ({@code Watch w = kn.watchFunctions(ns, watcher); log..; return w;}), never assigns again and uses for nothing
   * else: a local that is also stored or closed is judged here as any handle.
   */
  boolean returnedProxy(MethodCallExpr call) {
    if (!proxies.contains(call)) {
      return false;
    }
    Node parent = call.getParentNode().orElse(null);
    while (parent instanceof EnclosedExpr || parent instanceof CastExpr) {
      parent = parent.getParentNode().orElse(null);
    }
    return parent instanceof ReturnStmt || parent instanceof VariableDeclarator local && onlyReturned(local);
  }

  /** The local is never assigned again and every use of it is a {@code return} of it (at least one). */
  private static boolean onlyReturned(VariableDeclarator local) {
    if (!(local.getParentNode().orElse(null) instanceof VariableDeclarationExpr)) {
      return false;
    }
    Node body = Scopes.enclosingBody(local);
    if (body == null || Scopes.isReassignedIn(body, local.getNameAsString())) {
      return false;
    }
    List<NameExpr> uses = body.findAll(NameExpr.class, n -> n.getNameAsString().equals(local.getNameAsString())
        && Scopes.refersTo(n, local));
    return !uses.isEmpty() && uses.stream().allMatch(n -> {
      Node p = n.getParentNode().orElse(null);
      while (p instanceof EnclosedExpr || p instanceof CastExpr) {
        p = p.getParentNode().orElse(null);
      }
      return p instanceof ReturnStmt && p.findAncestor(com.github.javaparser.ast.expr.LambdaExpr.class)
          .filter(body::isAncestorOf).isEmpty();
    });
  }

  /**
   * The call targets a method of the analyzed sources that hands the watcher it is given to a watch: a method with
   * no body in view (behind an interface, abstract), or one whose body passes that very parameter to a fabric8
   * {@code watch(..)} or to another such method. Not one that wraps it in a Watcher of its own (which may handle
   * the 410 itself) or keeps it for later: that wrapper, not the caller's watcher, is what is watched.
   */
  private boolean proxies(MethodCallExpr call, Expression watcher, int depth) {
    if (depth > MAX_DEPTH) {
      return false;
    }
    Optional<MethodDeclaration> target = SourceMethods.forCall(call, types);
    if (target.isEmpty() || target.get().getBody().isEmpty()) {
      return target.isPresent() || bodyNotInView(call);
    }
    int index = -1;
    for (int i = 0; i < call.getArguments().size(); i++) {
      if (call.getArgument(i) == watcher) {
        index = i;
      }
    }
    if (index < 0 || index >= target.get().getParameters().size() || target.get().getParameter(index).isVarArgs()) {
      return false;
    }
    Parameter parameter = target.get().getParameter(index);
    for (NameExpr use : target.get().getBody().get().findAll(NameExpr.class, n -> Scopes.refersTo(n, parameter))) {
      if (!(use.getParentNode().orElse(null) instanceof MethodCallExpr inner) || inner.getArguments().stream().noneMatch(a -> a == use)) {
        continue;
      }
      boolean watch = WatchApis.F8_WATCH.matches(inner, types) || WatchApis.F8_RAW_CUSTOM_RESOURCE_WATCH.matches(inner, types)
          || untypedWatch(inner);
      if (watch && inner.getArgument(inner.getArguments().size() - 1) == use
          || !watch && types.isA(inner, Set.of(F8_WATCH)).isYes() && proxies(inner, use, depth + 1)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The call targets a method of an analysed source type that {@link SourceMethods#forCall} cannot give with a body
   * (an interface's or abstract method; lenient mode sees only methods with bodies).
   */
  private boolean bodyNotInView(MethodCallExpr call) {
    if (types.underlying() instanceof LenientTypeFacts lenient) {
      return call.getScope().flatMap(lenient::sourceTypeOf).filter(t -> t.getMethodsByName(call.getNameAsString()).stream()
          .anyMatch(m -> m.getParameters().size() == call.getArguments().size() && m.getBody().isEmpty())).isPresent();
    }
    return false;
  }

  /** {@code onClose(WatcherException)} (or 4.x {@code onClose(KubernetesClientException)}) of the implementation. */
  Optional<MethodDeclaration> onClose(Implementation impl) {
    return impl.members().stream().filter(MethodDeclaration.class::isInstance).map(MethodDeclaration.class::cast)
        .filter(m -> m.getNameAsString().equals(WatchApis.F8_ON_CLOSE) && m.getParameters().size() == 1)
        .filter(m -> types.isA(m.getParameter(0).getType(), Set.of(F8_WATCHER_EXCEPTION, F8_CLIENT_EXCEPTION)).isYes())
        .filter(m -> m.getBody().isPresent())
        .findFirst();
  }

  /**
   * Named Watcher classes of the file that no watch call here is given: their watch(...) calls are
   * in other files. A fabric8 Watcher has no use but a raw watch.
   */
  List<Implementation> namedWithoutWatchHere(CompilationUnit unit, List<Implementation> found) {
    List<Implementation> out = new ArrayList<>();
    for (ClassOrInterfaceDeclaration c : FileNodes.of(unit, ClassOrInterfaceDeclaration.class)) {
      // A private class is watched in this file or nowhere.
      if (c.isInterface() || c.isPrivate() || found.stream().anyMatch(i -> i.body() == c)) {
        continue;
      }
      List<ClassOrInterfaceType> parents = new ArrayList<>(c.getImplementedTypes());
      parents.addAll(c.getExtendedTypes());
      if (parents.stream().anyMatch(t -> types.isA(t, Set.of(F8_WATCHER)).isYes())) {
        out.add(new Implementation(c, c.getMembers(), List.of()));
      }
    }
    return out;
  }

  /**
   * Anonymous Watchers of the file that no watch call here is given: handed to a project helper
   * ({@code k8sUtils.createBatchJobWatcher(name, watcher)}) that opens the watch elsewhere.
   */
  List<Implementation> anonymousWithoutWatchHere(Node unit, List<Implementation> found) {
    List<Implementation> out = new ArrayList<>();
    for (ObjectCreationExpr o : unit.findAll(ObjectCreationExpr.class)) {
      if (o.getAnonymousClassBody().isPresent() && found.stream().noneMatch(i -> i.body() == o)
          && types.isA(o.getType(), Set.of(F8_WATCHER)).isYes()) {
        out.add(new Implementation(o, o.getAnonymousClassBody().get(), List.of()));
      }
    }
    return out;
  }

  /**
   * The call that hands an anonymous Watcher to a project helper as a statement whose value is dropped
   * ({@code services.addWatcher(kind, new Watcher<>() {..})}, or through a local assigned once): the helper
   * opens the watch elsewhere and this code keeps no handle to bound its life. Not a call whose value is used
   * (a handle this code may close after a bounded wait), nor a call in a private method nothing calls. A watcher
   * returned by a factory method of this file ({@code return new Watcher<T>() {..};}) is handed on wherever that
   * factory is called: each call of it in this file must be such a hand-off. Not a hand-off that the helper's
   * declaration shows reaches no watch: its every use of the watcher sits behind a test of another parameter
   * against a constant other than the one this call passes ({@code if (kind.equalsIgnoreCase(KIND_TASK))}, a
   * {@code case} of a switch on it).
   */
  Optional<MethodCallExpr> handedToHelper(Implementation impl) {
    if (!(impl.body() instanceof ObjectCreationExpr created)) {
      return Optional.empty();
    }
    Optional<Handoff> direct = handedBy(created);
    if (direct.isPresent()) {
      return direct.filter(this::reachesWatch).map(Handoff::call);
    }
    Optional<MethodDeclaration> factory = created.findAncestor(MethodDeclaration.class)
        .filter(m -> onlyReturn(m).filter(r -> r == created).isPresent());
    Optional<CompilationUnit> unit = created.findCompilationUnit();
    if (factory.isEmpty() || unit.isEmpty() || FileNodes.of(unit.get(), MethodReferenceExpr.class)
        .stream().anyMatch(r -> r.getIdentifier().equals(factory.get().getNameAsString()))) {
      return Optional.empty();
    }
    List<MethodCallExpr> calls = FileNodes.of(unit.get(), MethodCallExpr.class).stream()
        .filter(c -> c.getNameAsString().equals(factory.get().getNameAsString())
            && c.getArguments().size() == factory.get().getParameters().size()
            && SourceMethods.forCallInFile(c).filter(m -> m == factory.get()).isPresent())
        .toList();
    List<Handoff> handoffs = new ArrayList<>();
    for (MethodCallExpr c : calls) {
      Optional<Handoff> h = handedBy(c);
      if (h.isEmpty()) {
        return Optional.empty();
      }
      handoffs.add(h.get());
    }
    return handoffs.stream().filter(this::reachesWatch).findFirst().map(Handoff::call);
  }

  /** A helper call and the argument of it that carries the watcher. */
  private record Handoff(MethodCallExpr call, Expression argument) {}

  private Optional<Handoff> handedBy(Expression watcher) {
    Node parent = watcher.getParentNode().orElse(null);
    Optional<Handoff> call = Optional.empty();
    if (parent instanceof MethodCallExpr m && m.getArguments().stream().anyMatch(a -> a == watcher)) {
      call = Optional.of(new Handoff(m, watcher));
    } else if (parent instanceof VariableDeclarator v && v.getParentNode().orElse(null)
        instanceof VariableDeclarationExpr) {
      Optional<Node> body = v.findAncestor(CallableDeclaration.class).map(Node.class::cast);
      List<NameExpr> uses = body.map(b -> b.findAll(NameExpr.class, n -> n.getParentNode().orElse(null) instanceof MethodCallExpr m
          && m.getArguments().stream().anyMatch(a -> a == n) && Scopes.refersTo(n, v))).orElse(List.of());
      boolean reassigned = Scopes.lookup(v.getNameAsString(), v).filter(r -> Scopes.isReassigned(r, v)).isPresent();
      call = uses.size() == 1 && !reassigned
          ? Optional.of(new Handoff((MethodCallExpr) uses.get(0).getParentNode().get(), uses.get(0))) : Optional.empty();
    }
    return call.filter(h -> h.call().getParentNode().orElse(null) instanceof ExpressionStmt
        && h.call().getScope().isPresent()
        // a helper of the analysed sources, not a collection's add(..) or another library method
        && (SourceMethods.forCall(h.call(), types).isPresent() || bodyNotInView(h.call()))
        && !UncalledCode.inUncalledPrivateMethod(h.call()));
  }

  /**
   * Whether the helper may watch with the watcher it is handed: true unless its declaration is in view and its
   * every use of that parameter is in a branch that a constant this call passes cannot enter.
   */
  private boolean reachesWatch(Handoff handoff) {
    Optional<MethodDeclaration> helper = SourceMethods.forCall(handoff.call(), types);
    int index = -1;
    for (int i = 0; i < handoff.call().getArguments().size(); i++) {
      if (handoff.call().getArgument(i) == handoff.argument()) {
        index = i;
      }
    }
    if (helper.isEmpty() || helper.get().getBody().isEmpty() || index < 0 || index >= helper.get().getParameters().size()
        || helper.get().getParameter(index).isVarArgs()) {
      return true;
    }
    String parameter = helper.get().getParameter(index).getNameAsString();
    List<NameExpr> uses = helper.get().getBody().get().findAll(NameExpr.class, n -> n.getNameAsString().equals(parameter));
    if (uses.isEmpty()) {
      return true;
    }
    List<NameExpr> live = uses.stream().filter(u -> !guardedOff(u, helper.get(), handoff.call())).toList();
    // every watch the helper opens with it is closed after a bounded wait
    ShortLivedWatches shortLived = new ShortLivedWatches(types);
    return !live.isEmpty() && !live.stream().allMatch(u -> u.getParentNode().orElse(null) instanceof MethodCallExpr w
        && (WatchApis.F8_WATCH.matches(w, types) || untypedWatch(w)) && w.getArgument(w.getArguments().size() - 1) == u
        && shortLived.isShortLived(w));
  }

  /** {@code use} sits in an if branch or a switch case that the constants {@code call} passes cannot enter. */
  private boolean guardedOff(Node use, MethodDeclaration helper, MethodCallExpr call) {
    ConstantFolder folder = new ConstantFolder(types);
    for (Node child = use, p = use.getParentNode().orElse(null); p != null && p != helper;
        child = p, p = p.getParentNode().orElse(null)) {
      if (p instanceof IfStmt i && i.getThenStmt() == child && excludes(i.getCondition(), helper, call, folder)) {
        return true;
      }
      Node inner = child;
      if (p instanceof SwitchEntry entry && entry.getStatements().stream().anyMatch(st -> st == inner)
          && entry.getParentNode().orElse(null) instanceof SwitchStmt sw && !entry.getLabels().isEmpty()) {
        Optional<String> passed = passedConstant(sw.getSelector(), helper, call, folder);
        if (passed.isEmpty()) {
          continue;
        }
        // this entry's labels, and those of the entries before it that fall through into it
        List<Expression> labels = new ArrayList<>(entry.getLabels());
        List<SwitchEntry> entries = sw.getEntries();
        for (int k = entries.indexOf(entry) - 1; k >= 0 && fallsThrough(entries.get(k)); k--) {
          if (entries.get(k).getLabels().isEmpty()) {
            labels = null; // default falls through into it
            break;
          }
          labels.addAll(entries.get(k).getLabels());
        }
        if (labels != null && labels.stream().allMatch(l -> stringValue(l, folder).filter(v -> !v.equals(passed.get())).isPresent())) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean fallsThrough(SwitchEntry entry) {
    if (entry.getType() != SwitchEntry.Type.STATEMENT_GROUP) {
      return false; // case X -> ..: an arrow entry never falls through
    }
    if (entry.getStatements().isEmpty()) {
      return true;
    }
    Statement last = entry.getStatements().get(entry.getStatements().size() - 1);
    return !(last.isReturnStmt() || last.isBreakStmt() || last.isThrowStmt() || last.isContinueStmt()
        || last.isBlockStmt() && !last.asBlockStmt().getStatements().isEmpty()
            && last.asBlockStmt().getStatements().getLast().map(x -> x.isReturnStmt() || x.isBreakStmt() || x.isThrowStmt())
                .orElse(false));
  }

  /** {@code kind.equals(C)}, {@code kind.equalsIgnoreCase(C)}, {@code C.equals(kind)}, or a conjunction with one, false for what the call passes. */
  private boolean excludes(Expression condition, MethodDeclaration helper, MethodCallExpr call, ConstantFolder folder) {
    Expression c = Expressions.withoutParenthesesAndCasts(condition);
    if (c instanceof BinaryExpr b
        && b.getOperator() == BinaryExpr.Operator.AND) {
      return excludes(b.getLeft(), helper, call, folder) || excludes(b.getRight(), helper, call, folder);
    }
    if (!(c instanceof MethodCallExpr m) || m.getArguments().size() != 1 || m.getScope().isEmpty()
        || !(m.getNameAsString().equals("equals") || m.getNameAsString().equals("equalsIgnoreCase"))) {
      return false;
    }
    Expression left = m.getScope().get();
    Expression right = m.getArgument(0);
    Optional<String> passed = passedConstant(left, helper, call, folder);
    Optional<String> tested = stringValue(right, folder);
    if (passed.isEmpty()) {
      passed = passedConstant(right, helper, call, folder);
      tested = stringValue(left, folder);
    }
    if (passed.isEmpty() || tested.isEmpty()) {
      return false;
    }
    return m.getNameAsString().equals("equals") ? !passed.get().equals(tested.get())
        : !passed.get().equalsIgnoreCase(tested.get());
  }

  /** The constant string the call passes for the helper's parameter that {@code e} names. */
  private Optional<String> passedConstant(Expression e, MethodDeclaration helper, MethodCallExpr call, ConstantFolder folder) {
    Expression x = Expressions.withoutParenthesesAndCasts(e);
    if (!(x instanceof NameExpr n)) {
      return Optional.empty();
    }
    for (int i = 0; i < helper.getParameters().size() && i < call.getArguments().size(); i++) {
      Parameter p = helper.getParameter(i);
      // not a parameter the helper assigns again (kind = kind.toLowerCase()): its value is no longer the constant
      if (p.getNameAsString().equals(n.getNameAsString()) && !p.isVarArgs()
          && Scopes.lookup(n.getNameAsString(), n).filter(r -> r.declaration().filter(d -> d == p).isPresent()
              && !Scopes.isReassigned(r, p)).isPresent()) {
        return stringValue(call.getArgument(i), folder);
      }
    }
    return Optional.empty();
  }

  private static Optional<String> stringValue(Expression e, ConstantFolder folder) {
    return folder.fold(e).map(Folded::value).filter(String.class::isInstance).map(String.class::cast);
  }

  /**
   * The non-private method of an abstract class whose value an anonymous Watcher is ({@code return new
   * Watcher<>() {..};}): a base class's watcher factory for its subclasses, in other files, to watch with.
   * A private factory is called in this file or nowhere; a concrete class's factory that no watch here
   * uses may be built and never watched; one that no source file calls opens no watch.
   */
  Optional<MethodDeclaration> baseClassFactory(Implementation impl) {
    return returnedBy(impl).filter(m -> m.getParentNode().orElse(null) instanceof ClassOrInterfaceDeclaration c
        && c.isAbstract() && !c.isInterface()
        && types.calledInSources(c.getNameAsString(), m.getNameAsString(), m.getParameters().size())
            .orElse(true));
  }

  private static Optional<MethodDeclaration> returnedBy(Implementation impl) {
    if (!(impl.body() instanceof ObjectCreationExpr created)
        || !(created.getParentNode().orElse(null) instanceof ReturnStmt)) {
      return Optional.empty();
    }
    for (Node p = created.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
      if (p instanceof LambdaExpr || p instanceof ObjectCreationExpr) {
        return Optional.empty();
      }
      if (p instanceof MethodDeclaration m) {
        return m.isPrivate() ? Optional.empty() : Optional.of(m);
      }
    }
    return Optional.empty();
  }

  private Optional<Implementation> implementation(Expression e, int depth) {
    if (depth > MAX_DEPTH) {
      return Optional.empty();
    }
    Expression x = e;
    while (x instanceof EnclosedExpr || x instanceof CastExpr) {
      x = x instanceof EnclosedExpr en ? en.getInner() : ((CastExpr) x).getExpression();
    }
    if (x instanceof ObjectCreationExpr created) {
      if (created.getAnonymousClassBody().isPresent()) {
        if (!types.isA(created.getType(), Set.of(F8_WATCHER)).isYes()) {
          return Optional.empty();
        }
        return Optional.of(new Implementation(created, created.getAnonymousClassBody().get(), List.of()));
      }
      return ownClass(created.getType(), created);
    }
    if (x instanceof ThisExpr t && t.getTypeName().isEmpty()) {
      Optional<Node> enclosing = enclosingClass(t);
      return enclosing.flatMap(n -> n instanceof ObjectCreationExpr o
          ? Optional.of(new Implementation(o, o.getAnonymousClassBody().get(), List.of()))
          : Optional.of(new Implementation(n, ((ClassOrInterfaceDeclaration) n).getMembers(), List.of())));
    }
    if (x instanceof NameExpr || x instanceof FieldAccessExpr) {
      Optional<VariableRef> ref = Scopes.variable(x, types);
      if (ref.isEmpty() || ref.get().declaration().isEmpty()) {
        return Optional.empty();
      }
      Node decl = ref.get().declaration().get();
      if (ref.get().initializer().isPresent() && decl instanceof VariableDeclarator v && !Scopes.isReassigned(ref.get(), v)) {
        Optional<Implementation> fromInit = implementation(ref.get().initializer().get(), depth + 1);
        if (fromInit.isPresent()) {
          return fromInit;
        }
      }
      if (decl instanceof VariableDeclarator v && v.getType() instanceof ClassOrInterfaceType c) {
        return ownClass(c, v);
      }
      if (decl instanceof Parameter p && p.getType() instanceof ClassOrInterfaceType c) {
        return ownClass(c, p);
      }
      return Optional.empty();
    }
    if (x instanceof MethodCallExpr call && SourceMethods.isOwnCode(call.getScope(), call)) {
      // A factory of this file: Watcher<Pod> watcher() { Instant since = now(); return new Watcher<>() {...}; }
      return SourceMethods.forCallInFile(call).flatMap(Fabric8Watchers::onlyReturn)
          .flatMap(r -> implementation(r, depth + 1));
    }
    return Optional.empty();
  }

  /**
   * The value a method returns when its own code (not a lambda or class in it) has one return, its last
   * statement: {@code Watcher<T> watcher(..) { boolean[] first = {true}; return new Watcher<T>() {..}; }}.
   */
  static Optional<Expression> onlyReturn(MethodDeclaration m) {
    if (m.getBody().isEmpty() || m.getBody().get().getStatements().isEmpty()) {
      return Optional.empty();
    }
    List<Statement> statements = m.getBody().get().getStatements();
    Statement last = statements.get(statements.size() - 1);
    List<ReturnStmt> returns = m.getBody().get().findAll(ReturnStmt.class, r -> ownCode(r, m));
    return returns.size() == 1 && returns.get(0) == last ? returns.get(0).getExpression() : Optional.empty();
  }

  private static boolean ownCode(Node n, MethodDeclaration m) {
    for (Node p = n.getParentNode().orElse(null); p != null && p != m; p = p.getParentNode().orElse(null)) {
      if (p instanceof LambdaExpr || p instanceof ObjectCreationExpr o
          && o.getAnonymousClassBody().isPresent() || p instanceof TypeDeclaration<?>) {
        return false;
      }
    }
    return true;
  }

  /** A class of this file that implements Watcher (directly or through a supertype). */
  private Optional<Implementation> ownClass(ClassOrInterfaceType type, Node context) {
    Optional<TypeDeclaration<?>> declared = SourceMethods.typeInFile(context, type.getNameAsString());
    if (declared.isEmpty() || !(declared.get() instanceof ClassOrInterfaceDeclaration c) || c.isInterface()) {
      return Optional.empty();
    }
    boolean watcher = false;
    List<ClassOrInterfaceType> parents = new ArrayList<>(c.getImplementedTypes()); // not a NodeList: that would re-parent the AST
    parents.addAll(c.getExtendedTypes());
    for (ClassOrInterfaceType parent : parents) {
      if (types.isA(parent, Set.of(F8_WATCHER)).isYes()) {
        watcher = true;
      }
    }
    return watcher ? Optional.of(new Implementation(c, c.getMembers(), List.of())) : Optional.empty();
  }

  private static Optional<Node> enclosingClass(Node n) {
    Node p = n.getParentNode().orElse(null);
    while (p != null) {
      if (p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
        return Optional.of(o);
      }
      if (p instanceof ClassOrInterfaceDeclaration c) {
        return Optional.of(c);
      }
      if (p instanceof TypeDeclaration<?>) {
        return Optional.empty();
      }
      p = p.getParentNode().orElse(null);
    }
    return Optional.empty();
  }

}
