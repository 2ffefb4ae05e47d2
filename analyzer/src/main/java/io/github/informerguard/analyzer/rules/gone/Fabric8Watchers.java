package io.github.informerguard.analyzer.rules.gone;

import com.github.javaparser.ast.CompilationUnit;
import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_WATCHER;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_WATCHER_EXCEPTION;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_CLIENT_EXCEPTION;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
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
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import io.github.informerguard.analyzer.api.Match;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.WatchApis;
import io.github.informerguard.analyzer.resolve.Scopes;
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

  Fabric8Watchers(TypeFacts types) {
    this.types = types;
  }

  List<Implementation> find(CompilationUnit unit) {
    Map<Node, Implementation> byBody = new IdentityHashMap<>();
    List<Implementation> ordered = new ArrayList<>();
    for (MethodCallExpr call : FileNodes.of(unit, MethodCallExpr.class)) {
      // fabric8 5.x customResource(ctx).watch(Watcher<String>) opens the same raw watch as Watchable.watch.
      boolean typed = WatchApis.F8_WATCH.matches(call, types) || WatchApis.F8_RAW_CUSTOM_RESOURCE_WATCH.matches(call, types);
      if (!typed && !untypedWatch(call)) {
        continue;
      }
      Expression watcher = call.getArgument(call.getArguments().size() - 1);
      implementation(watcher, 0).ifPresent(impl -> {
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
   * (a handle this code may close after a bounded wait), nor a call in a private method nothing calls.
   */
  Optional<MethodCallExpr> handedToHelper(Implementation impl) {
    if (!(impl.body() instanceof ObjectCreationExpr created)) {
      return Optional.empty();
    }
    Node parent = created.getParentNode().orElse(null);
    Optional<MethodCallExpr> call = Optional.empty();
    if (parent instanceof MethodCallExpr m && m.getArguments().contains(created)) {
      call = Optional.of(m);
    } else if (parent instanceof VariableDeclarator v && v.getParentNode().orElse(null)
        instanceof com.github.javaparser.ast.expr.VariableDeclarationExpr) {
      Optional<Node> body = v.findAncestor(com.github.javaparser.ast.body.CallableDeclaration.class).map(Node.class::cast);
      List<MethodCallExpr> uses = body.map(b -> b.findAll(MethodCallExpr.class, m -> m.getArguments().stream()
          .anyMatch(a -> a instanceof NameExpr n && Scopes.refersTo(n, v)))).orElse(List.of());
      boolean reassigned = Scopes.lookup(v.getNameAsString(), v).filter(r -> Scopes.isReassigned(r, v)).isPresent();
      call = uses.size() == 1 && !reassigned ? Optional.of(uses.get(0)) : Optional.empty();
    }
    return call.filter(m -> m.getParentNode().orElse(null) instanceof com.github.javaparser.ast.stmt.ExpressionStmt
        && m.getScope().isPresent() && !io.github.informerguard.analyzer.rules.cancel.UncalledCode.inUncalledPrivateMethod(m));
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
      if (p instanceof com.github.javaparser.ast.expr.LambdaExpr || p instanceof ObjectCreationExpr) {
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
      if (decl instanceof com.github.javaparser.ast.body.Parameter p && p.getType() instanceof ClassOrInterfaceType c) {
        return ownClass(c, p);
      }
      return Optional.empty();
    }
    if (x instanceof MethodCallExpr call && SourceMethods.isOwnCode(call.getScope(), call)) {
      // A factory of this file: Watcher<Pod> watcher() { return new Watcher<>() {...}; }
      return SourceMethods.forCallInFile(call).flatMap(m -> m.getBody()).map(b -> b.getStatements())
          .filter(s -> s.size() == 1).map(s -> s.get(0)).filter(Statement::isReturnStmt)
          .flatMap(s -> ((ReturnStmt) s).getExpression()).flatMap(r -> implementation(r, depth + 1));
    }
    return Optional.empty();
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
