package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.ClassExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SingleMemberAnnotationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.CallbackApis;
import io.github.informerguard.analyzer.catalog.WaitApis;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Lombok;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A latch or future field (or the entries of a map field of them) that only application-event listeners
 * release ({@code @EventListener} methods, {@code ApplicationListener.onApplicationEvent}), where every event
 * they listen for is published ({@code publishEvent(new TopicAdded(..))}) from a watch or informer callback
 * somewhere in the analyzed sources: the events are the watch's, one hop removed, and the wait hangs whenever
 * the watch ends or the event never comes, exactly as if the callback released it. Source-only and name-based
 * (each file's imports give the qualified names), so both modes agree.
 */
final class WatchFedListeners {

  private static final String EVENT_LISTENER = "org.springframework.context.event.EventListener";
  private static final String APPLICATION_LISTENER = "org.springframework.context.ApplicationListener";
  private static final String PUBLISH = "publishEvent";

  /** Map calls that hand out an entry (the latch itself). */
  private static final Set<String> ENTRY_LOOKUPS = Set.of("computeIfAbsent", "get", "getOrDefault");
  /** Map calls that hand out no entry and take none made elsewhere. */
  private static final Set<String> NEUTRAL_MAP_CALLS = Set.of("containsKey", "isEmpty", "size", "clear", "keySet");
  /** Waits on the latch or future: neither release nor hand-off. */
  private static final Set<String> WAITS = Set.of("await", "get", "join", "getCount", "isDone");

  private final TypeFacts types;

  WatchFedListeners(TypeFacts types) {
    this.types = types;
  }

  /** Whether {@code waiter} is an entry of a map field declared with {@code valueType} values ({@code Map<K, CountDownLatch>}). */
  boolean isMapEntryOf(Expression waiter, String valueType) {
    Expression w = Expressions.withoutParenthesesAndCasts(waiter);
    if (!(w instanceof MethodCallExpr lookup) || !ENTRY_LOOKUPS.contains(lookup.getNameAsString()) || lookup.getScope().isEmpty()) {
      return false;
    }
    Optional<VariableDeclarator> field = fieldOf(lookup.getScope().get());
    if (field.isEmpty() || !(field.get().getType() instanceof ClassOrInterfaceType map)
        || map.getTypeArguments().map(a -> a.size() != 2).orElse(true)) {
      return false;
    }
    Type value = map.getTypeArguments().get().get(1);
    return value instanceof ClassOrInterfaceType v && types.typeName(v.getNameWithScope(), v).filter(valueType::equals).isPresent();
  }

  /**
   * The listener that alone releases the waiter, named with the callback kind that feeds it ({@code "the event
   * listener onTopicAdded() (fed by a Watcher callback)"}); empty when some use of the field is another (a hand-off, a release
   * elsewhere), or some listened event is not published from a watch or informer callback.
   */
  Optional<String> onlyWatchFedListenersRelease(MethodCallExpr wait, Set<String> signals) {
    Expression waiter = Expressions.withoutParenthesesAndCasts(wait.getScope().orElseThrow());
    boolean mapped = waiter instanceof MethodCallExpr lookup && ENTRY_LOOKUPS.contains(lookup.getNameAsString())
        && lookup.getScope().isPresent();
    Optional<VariableDeclarator> field = mapped ? fieldOf(((MethodCallExpr) waiter).getScope().get()) : fieldOf(waiter);
    Optional<TypeDeclaration<?>> owner = field.flatMap(f -> f.findAncestor(TypeDeclaration.class)).map(t -> (TypeDeclaration<?>) t);
    if (field.isEmpty() || owner.isEmpty()) {
      return Optional.empty();
    }
    String name = field.get().getNameAsString();
    List<Expression> uses = new ArrayList<>(owner.get().findAll(NameExpr.class, n -> n.getNameAsString().equals(name)
        && Scopes.refersTo(n, field.get())));
    uses.addAll(owner.get().findAll(FieldAccessExpr.class, f -> f.getScope() instanceof ThisExpr && f.getNameAsString().equals(name)));
    List<MethodCallExpr> releases = new ArrayList<>();
    for (Expression use : uses) {
      Expression latch = use;
      if (mapped) {
        if (!(use.getParentNode().orElse(null) instanceof MethodCallExpr m) || m.getScope().filter(s -> s == use).isEmpty()) {
          if (!(use.getParentNode().orElse(null) instanceof AssignExpr a && a.getTarget() == use)) {
            return Optional.empty();
          }
          continue;
        }
        if (neutralMapCall(m)) {
          continue;
        }
        if (!ENTRY_LOOKUPS.contains(m.getNameAsString())) {
          return Optional.empty();
        }
        latch = m;
      }
      Node parent = latch.getParentNode().orElse(null);
      final Expression held = latch;
      if (parent instanceof MethodCallExpr call && call.getScope().filter(s -> s == held).isPresent()) {
        if (signals.contains(call.getNameAsString())) {
          releases.add(call);
        } else if (!WAITS.contains(call.getNameAsString())) {
          return Optional.empty();
        }
      } else if (!(parent instanceof AssignExpr a && a.getTarget() == held)) {
        return Optional.empty(); // handed on, returned or aliased: other code may release it
      }
    }
    if (releases.isEmpty()) {
      return Optional.empty();
    }
    String kind = null;
    for (MethodCallExpr release : releases) {
      Optional<MethodDeclaration> listener = listenerOf(release);
      Optional<String> event = listener.flatMap(this::listenedEvent);
      Optional<String> feed = event.flatMap(this::publishedFromCallback);
      if (feed.isEmpty()) {
        return Optional.empty();
      }
      kind = "the event listener " + listener.get().getNameAsString() + "() (fed by " + feed.get() + ")";
    }
    return Optional.ofNullable(kind);
  }

  /** {@code map.remove(k);} as a statement, {@code map.put(k, new CountDownLatch(1))}, and lookups that hand out no entry. */
  private static boolean neutralMapCall(MethodCallExpr m) {
    String name = m.getNameAsString();
    if (NEUTRAL_MAP_CALLS.contains(name)) {
      return true;
    }
    if (name.equals("remove")) {
      return m.getParentNode().filter(ExpressionStmt.class::isInstance).isPresent();
    }
    if (name.equals("put") || name.equals("putIfAbsent")) {
      return m.getArguments().size() == 2 && Expressions.withoutParenthesesAndCasts(m.getArgument(1)) instanceof ObjectCreationExpr
          && m.getParentNode().filter(ExpressionStmt.class::isInstance).isPresent();
    }
    return false;
  }

  private static Optional<VariableDeclarator> fieldOf(Expression e) {
    Expression x = Expressions.withoutParenthesesAndCasts(e);
    Optional<VariableRef> ref = x instanceof NameExpr n ? Scopes.lookup(n.getNameAsString(), n)
        : x instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr
            ? f.findAncestor(TypeDeclaration.class).flatMap(t -> Scopes.field((TypeDeclaration<?>) t, f.getNameAsString()))
            : Optional.empty();
    return ref.filter(r -> r.kind() == VariableRef.Kind.FIELD).flatMap(VariableRef::declaration)
        // a private field: no other file can release it
        .filter(d -> d instanceof VariableDeclarator v && v.getParentNode().orElse(null) instanceof FieldDeclaration f
            && f.isPrivate())
        .map(VariableDeclarator.class::cast)
        .filter(v -> ownMade(v) && !lombokGetter(v));
  }

  /**
   * Whether the class makes every value the field holds ({@code = new CountDownLatch(1)} where it is declared
   * or assigned): a latch or map given by a constructor or injected is shared with the code that made it,
   * which may release it.
   */
  private static boolean ownMade(VariableDeclarator field) {
    List<Expression> values = new ArrayList<>();
    field.getInitializer().ifPresent(values::add);
    field.findAncestor(TypeDeclaration.class).ifPresent(t -> {
      for (AssignExpr a : ((TypeDeclaration<?>) t).findAll(AssignExpr.class)) {
        Expression target = a.getTarget();
        boolean named = target instanceof NameExpr n && n.getNameAsString().equals(field.getNameAsString())
            && Scopes.refersTo(n, field)
            || target instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr
                && f.getNameAsString().equals(field.getNameAsString());
        if (named) {
          values.add(a.getValue());
        }
      }
    });
    return !values.isEmpty() && values.stream()
        .allMatch(v -> Expressions.withoutParenthesesAndCasts(v) instanceof ObjectCreationExpr);
  }

  /** Whether Lombok generates a getter for the field ({@code @Getter} on it, or {@code @Getter}/{@code @Data}/{@code @Value} on its class). */
  private static boolean lombokGetter(VariableDeclarator field) {
    Optional<TypeDeclaration<?>> owner = field.findAncestor(TypeDeclaration.class).map(t -> (TypeDeclaration<?>) t);
    if (owner.isEmpty()) {
      return false;
    }
    String name = field.getNameAsString();
    String getter = "get" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
    return Lombok.getterField(owner.get(), getter, 0).filter(v -> v == field).isPresent()
        || Lombok.getterField(owner.get(), name, 0).filter(v -> v == field).isPresent();
  }

  /** The application-event listener method that {@code n} runs in directly (not in a lambda or an inner class of it). */
  private Optional<MethodDeclaration> listenerOf(Node n) {
    Optional<MethodDeclaration> method = n.findAncestor(MethodDeclaration.class);
    if (method.isEmpty() || n.findAncestor(LambdaExpr.class).filter(l -> method.get().isAncestorOf(l)).isPresent()
        || n.findAncestor(ObjectCreationExpr.class).filter(o -> method.get().isAncestorOf(o)).isPresent()) {
      return Optional.empty();
    }
    MethodDeclaration m = method.get();
    if (m.getAnnotations().stream().anyMatch(this::isEventListener)) {
      return method;
    }
    if (m.getNameAsString().equals("onApplicationEvent") && m.getParameters().size() == 1
        && m.getParentNode().orElse(null) instanceof ClassOrInterfaceDeclaration c
        && c.getImplementedTypes().stream().anyMatch(t -> types.typeName(t.getNameWithScope(), t)
            .filter(APPLICATION_LISTENER::equals).isPresent())) {
      return method;
    }
    return Optional.empty();
  }

  private boolean isEventListener(AnnotationExpr a) {
    return types.typeName(a.getNameAsString(), a).filter(EVENT_LISTENER::equals).isPresent();
  }

  /** The event type a listener takes: its one parameter's, or the one class its {@code @EventListener} names. */
  private Optional<String> listenedEvent(MethodDeclaration listener) {
    for (AnnotationExpr a : listener.getAnnotations()) {
      if (!isEventListener(a)) {
        continue;
      }
      Optional<Expression> value = a instanceof SingleMemberAnnotationExpr s ? Optional.of(s.getMemberValue())
          : a instanceof NormalAnnotationExpr normal ? normal.getPairs().stream()
              .filter(p -> p.getNameAsString().equals("value") || p.getNameAsString().equals("classes"))
              .map(p -> p.getValue()).findFirst()
          : Optional.empty();
      if (value.isPresent()) {
        return value.get() instanceof ClassExpr literal && literal.getType() instanceof ClassOrInterfaceType t
            ? types.typeName(t.getNameWithScope(), t) : Optional.empty();
      }
    }
    if (listener.getParameters().size() != 1 || !(listener.getParameter(0).getType() instanceof ClassOrInterfaceType t)) {
      return Optional.empty();
    }
    return types.typeName(t.getNameWithScope(), t);
  }

  /**
   * The callback kind ("a Watcher callback") of the {@code publishEvent(new E(..))} calls of the event type or a
   * subtype of it in the analyzed sources, when every one is in a watch or informer event callback; empty when
   * one is in other code or in {@code onClose} (the event also comes from elsewhere, or when the watch ends).
   */
  private Optional<String> publishedFromCallback(String event) {
    Optional<List<String>> files = types.sourceFilesCalling(PUBLISH);
    if (files.isEmpty()) {
      return Optional.empty();
    }
    Optional<String> feed = Optional.empty();
    for (String file : files.get()) {
      Optional<CompilationUnit> unit = types.sourceType(file).flatMap(Node::findCompilationUnit);
      if (unit.isEmpty()) {
        continue;
      }
      for (MethodCallExpr call : FileNodes.of(unit.get(), MethodCallExpr.class)) {
        if (!call.getNameAsString().equals(PUBLISH) || call.getArguments().size() != 1
            || !(Expressions.withoutParenthesesAndCasts(call.getArgument(0)) instanceof ObjectCreationExpr created)) {
          continue;
        }
        Optional<String> published = types.typeName(created.getType().getNameWithScope(), created);
        if (published.filter(p -> types.isOrExtendsInSources(p, event)).isPresent()) {
          Optional<String> callback = callbackOf(call);
          if (callback.isEmpty()) {
            // published from plain code or as the watch ends: the listener is not fed by the watch alone
            return Optional.empty();
          }
          feed = feed.or(() -> callback);
        }
      }
    }
    return feed;
  }

  /**
   * The watch or informer callback ({@link WaitApis#EVENT_CALLBACK_TYPES}) whose library-called method {@code n} runs
   * in, by the names its class implements or extends (name-based: the node may be in another file).
   */
  private Optional<String> callbackOf(Node n) {
    Optional<MethodDeclaration> method = n.findAncestor(MethodDeclaration.class);
    if (method.isEmpty() || n.findAncestor(LambdaExpr.class).filter(l -> method.get().isAncestorOf(l)).isPresent()
        || method.get().getNameAsString().equals(WaitApis.WATCH_CLOSE_CALLBACK)) {
      return Optional.empty(); // an event published as the watch ends releases its waiters when it ends
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
        if (types.typeName(t.getNameWithScope(), t).filter(e.getKey()::equals).isPresent()) {
          return Optional.of("a " + t.getName().getIdentifier() + " callback");
        }
      }
    }
    return Optional.empty();
  }
}
