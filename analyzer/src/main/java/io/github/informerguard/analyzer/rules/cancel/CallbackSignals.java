package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.stmt.ReturnStmt;
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
  Optional<String> onlyReleasedByCallbacks(CompilationUnit unit, Expression waiter, Set<String> signals) {
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
    String kind = null;
    for (MethodCallExpr r : releases) {
      Optional<String> callback = callbackOf(r);
      if (callback.isEmpty()) {
        return Optional.empty();
      }
      kind = callback.get();
    }
    return Optional.ofNullable(kind);
  }

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
   * sources (its own file or another): the field it returns is released only by that class's event
   * callbacks and by no onClose, so a watch that closes leaves the wait hanging.
   */
  Optional<String> onlyReleasedByGetterClassCallbacks(Expression waiter, Set<String> signals) {
    if (!(Expressions.withoutParenthesesAndCasts(waiter) instanceof MethodCallExpr getter)) {
      return Optional.empty();
    }
    Optional<List<MethodCallExpr>> releases = getterField(getter).flatMap(f -> releasesOfField(f, signals));
    if (releases.isEmpty() || releases.get().isEmpty() || releases.get().stream().anyMatch(r -> r.findAncestor(
        MethodDeclaration.class).filter(m -> m.getNameAsString().equals(WaitApis.WATCH_CLOSE_CALLBACK)).isPresent())) {
      return Optional.empty();
    }
    String kind = null;
    for (MethodCallExpr r : releases.get()) {
      Optional<String> callback = callbackOf(r);
      if (callback.isEmpty()) {
        return Optional.empty();
      }
      kind = callback.get();
    }
    return Optional.ofNullable(kind);
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
   * Whether the untimed wait on {@code waiter} is a configured choice that a close always ends: the
   * same waiter is also awaited with a timeout in this file (the project picks one by configuration),
   * and a watcher's {@code onClose} releases it unconditionally, so a watch that ends (a 410, a
   * failure past the reconnect limit) never leaves the waiter hanging.
   */
  boolean configuredUntimedEndedByClose(Expression waiter, Set<String> signals) {
    Expression x = Expressions.withoutParenthesesAndCasts(waiter);
    if (!(x instanceof NameExpr n)) {
      return false;
    }
    Optional<VariableRef> ref = Scopes.lookup(n.getNameAsString(), n);
    if (ref.isEmpty() || ref.get().kind() != VariableRef.Kind.LOCAL || ref.get().declaration().isEmpty()) {
      return false;
    }
    Node decl = ref.get().declaration().get();
    boolean timed = false;
    boolean closeReleases = false;
    for (NameExpr use : Scopes.enclosingBody(decl).findAll(NameExpr.class)) {
      if (!use.getNameAsString().equals(n.getNameAsString()) || !Scopes.refersTo(use, decl)
          || !(use.getParentNode().orElse(null) instanceof MethodCallExpr m) || m.getScope().filter(sc -> sc == use).isEmpty()) {
        continue;
      }
      if (WaitApis.TIMED_WAITS.contains(m.getNameAsString()) && m.getArguments().size() == 2) {
        timed = true;
      }
      if (signals.contains(m.getNameAsString()) && unconditionallyInOnClose(m)) {
        closeReleases = true;
      }
    }
    return timed && closeReleases;
  }

  private static boolean unconditionallyInOnClose(MethodCallExpr release) {
    return release.getParentNode().filter(ExpressionStmt.class::isInstance).flatMap(Node::getParentNode)
        .filter(BlockStmt.class::isInstance).flatMap(Node::getParentNode)
        .filter(m -> m instanceof MethodDeclaration md && md.getNameAsString().equals(WaitApis.WATCH_CLOSE_CALLBACK))
        .isPresent();
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
