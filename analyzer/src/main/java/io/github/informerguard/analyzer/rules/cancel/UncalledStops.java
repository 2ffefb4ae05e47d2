package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Lombok;
import io.github.informerguard.analyzer.resolve.Scopes;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * A field whose every stop sits in a method that nothing runs: a manager with a {@code shutdown()}
 * that stops its factory, started from {@code main}'s start-up, where no source file calls that
 * {@code shutdown()} (calls on variables declared with other types, {@code queue.shutdown()}, are not
 * calls of it) and no shutdown hook or container does. Only plain classes count (no annotations, no
 * supertypes, not abstract): a container or a framework may call a component's or an override's
 * methods by itself.
 */
final class UncalledStops {

  private final TypeFacts types;

  UncalledStops(TypeFacts types) {
    this.types = types;
  }

  /** The methods (named for the message) that hold every stop of the field, when none of them ever runs. */
  Optional<String> onlyIn(VariableDeclarator field, Set<String> stops) {
    if (!(field.findAncestor(TypeDeclaration.class).orElse(null) instanceof ClassOrInterfaceDeclaration owner)
        || !plain(owner, false)) {
      return Optional.empty();
    }
    Set<MethodDeclaration> holders = new LinkedHashSet<>();
    for (MethodCallExpr call : owner.findAll(MethodCallExpr.class)) {
      if (!stops.contains(call.getNameAsString()) || call.getScope().isEmpty()
          || !names(Expressions.withoutParenthesesAndCasts(call.getScope().get()), field)) {
        continue;
      }
      Optional<MethodDeclaration> in = enclosingMethod(call);
      if (in.isEmpty() || !neverRuns(in.get(), owner, false)) {
        return Optional.empty();
      }
      holders.add(in.get());
    }
    return holders.isEmpty() ? Optional.empty()
        : Optional.of(String.join(", ", holders.stream().map(m -> m.getNameAsString() + "()").toList()));
  }

  /**
   * Whether some stop of the field (a call of one of {@code stops} on it in its class) sits in code that may
   * run, for a stop that is to excuse another handle: one outside a method (a constructor, an initializer) or in
   * a method that may run. Never runs: a public method of a plain class that nothing calls (as for
   * {@link #onlyIn}, and also when no other source file names the class, unless the method is a
   * {@code close()} or {@code shutdown()} that Spring may infer as a destroy method), and a private, unannotated
   * method that its file never names in a call or a method reference (no test can call it either).
   */
  boolean someStopMayRun(VariableDeclarator field, Set<String> stops) {
    if (!(field.findAncestor(TypeDeclaration.class).orElse(null) instanceof TypeDeclaration<?> owner)) {
      return false;
    }
    boolean plainOwner = owner instanceof ClassOrInterfaceDeclaration c && plain(c, false);
    for (MethodCallExpr call : owner.findAll(MethodCallExpr.class)) {
      if (!stops.contains(call.getNameAsString()) || call.getScope().isEmpty()
          || !names(Expressions.withoutParenthesesAndCasts(call.getScope().get()), field)) {
        continue;
      }
      Optional<MethodDeclaration> in = enclosingMethod(call);
      if (in.isEmpty()) {
        return true;
      }
      MethodDeclaration m = in.get();
      boolean uncalledPrivate = m.isPrivate() && m.getAnnotations().isEmpty()
          && m.findCompilationUnit().filter(cu -> namedInFile(cu, m.getNameAsString())).isEmpty();
      if (!uncalledPrivate && !(plainOwner && neverRuns(m, (ClassOrInterfaceDeclaration) owner, true))) {
        return true;
      }
    }
    return false;
  }

  /** A call of {@code name} or a method reference {@code ::name} anywhere in the file (by name only). */
  private static boolean namedInFile(com.github.javaparser.ast.CompilationUnit cu, String name) {
    return FileNodes.of(cu, MethodCallExpr.class).stream().anyMatch(c -> c.getNameAsString().equals(name))
        || FileNodes.of(cu, com.github.javaparser.ast.expr.MethodReferenceExpr.class).stream()
            .anyMatch(r -> r.getIdentifier().equals(name));
  }

  /** An informer stored into a collection field whose every way back to its elements is code nothing runs. */
  record Collected(String collection, String methods) {}

  /**
   * {@code informers.put(key, informer)} (directly, or through a local used for nothing else) into a
   * private or package-private collection field of a plain class, when every use of the field that can
   * reach the stored informers again ({@code values().forEach(SharedIndexInformer::close)},
   * {@code remove(key)} then {@code close()}) sits in a public method that nothing runs. Methods named
   * {@code close} or {@code shutdown} are taken as run: Spring infers them as a bean's destroy method.
   */
  Optional<Collected> collectionStoppedOnlyIn(Expression produced, Set<String> stops) {
    Node child = Expressions.carrying(produced);
    Node parent = child.getParentNode().orElse(null);
    MethodCallExpr store = null;
    if (parent instanceof MethodCallExpr call && isStoreOf(call, child)) {
      store = call;
    } else if (parent instanceof VariableDeclarator local && local.getInitializer().filter(i -> i == child).isPresent()
        && !(local.getParentNode().orElse(null) instanceof com.github.javaparser.ast.body.FieldDeclaration)) {
      Node body = Scopes.enclosingBody(local);
      if (namedByMethodReference(body, local.getNameAsString())) {
        return Optional.empty(); // informer::stop handed to a hook: parsed with a type-like scope, not a name use
      }
      for (NameExpr n : body.findAll(NameExpr.class)) {
        if (!n.getNameAsString().equals(local.getNameAsString()) || !Scopes.refersTo(n, local)) {
          continue;
        }
        Node up = n.getParentNode().orElse(null);
        if (up instanceof MethodCallExpr call && isStoreOf(call, n) && store == null) {
          store = call;
        } else if (!(up instanceof MethodCallExpr call && call.getScope().filter(sc -> sc == n).isPresent()
            && !stops.contains(call.getNameAsString())
            && call.getParentNode().orElse(null) instanceof com.github.javaparser.ast.stmt.ExpressionStmt)) {
          return Optional.empty(); // stopped, handed on or kept elsewhere too
        }
      }
    }
    if (store == null) {
      return Optional.empty();
    }
    Optional<VariableDeclarator> field = collectionField(store);
    if (field.isEmpty() || !(field.get().findAncestor(TypeDeclaration.class).orElse(null)
        instanceof ClassOrInterfaceDeclaration owner) || !plain(owner, true)) {
      return Optional.empty();
    }
    java.util.List<Expression> drains = CollectedHandles.drains(owner, field.get(), stops);
    Set<MethodDeclaration> holders = new LinkedHashSet<>();
    for (Expression drain : drains) {
      Optional<MethodDeclaration> in = enclosingMethod(drain);
      if (in.isEmpty() || SPRING_INFERRED_DESTROY.contains(in.get().getNameAsString()) || !neverRuns(in.get(), owner, false)) {
        return Optional.empty();
      }
      holders.add(in.get());
    }
    return holders.isEmpty() ? Optional.empty() : Optional.of(new Collected(field.get().getNameAsString(),
        String.join(", ", holders.stream().map(m -> m.getNameAsString() + "()").toList())));
  }

  /** Public method names that Spring's inferred destroy method calls on a bean that declares them. */
  private static final Set<String> SPRING_INFERRED_DESTROY = Set.of("close", "shutdown");

  /** {@code name::stop} in {@code region}: its scope parses as a type or a name, so it is not among the name uses. */
  private static boolean namedByMethodReference(Node region, String name) {
    return region.findAll(com.github.javaparser.ast.expr.MethodReferenceExpr.class).stream()
        .anyMatch(r -> r.getScope() instanceof com.github.javaparser.ast.expr.TypeExpr t && t.getType().asString().equals(name)
            || r.getScope() instanceof NameExpr n && n.getNameAsString().equals(name));
  }

  private static boolean isStoreOf(MethodCallExpr call, Node value) {
    return io.github.informerguard.analyzer.catalog.LifecycleApis.COLLECTION_STORES.contains(call.getNameAsString())
        && call.getScope().isPresent() && call.getArguments().stream().anyMatch(a -> a == value)
        && call.getParentNode().orElse(null) instanceof com.github.javaparser.ast.stmt.ExpressionStmt;
  }

  /** A private or package-private, unannotated collection field of the class the store is written in. */
  private Optional<VariableDeclarator> collectionField(MethodCallExpr store) {
    Expression scope = Expressions.withoutParenthesesAndCasts(store.getScope().get());
    Optional<TypeDeclaration<?>> owner = store.findAncestor(TypeDeclaration.class).map(t -> (TypeDeclaration<?>) t);
    if (owner.isEmpty()) {
      return Optional.empty();
    }
    Optional<io.github.informerguard.analyzer.api.VariableRef> ref = scope instanceof NameExpr n
        ? Scopes.lookup(n.getNameAsString(), n)
        : scope instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr ? Scopes.field(owner.get(), f.getNameAsString())
            : Optional.empty();
    return ref.filter(r -> r.kind() == io.github.informerguard.analyzer.api.VariableRef.Kind.FIELD)
        .flatMap(io.github.informerguard.analyzer.api.VariableRef::declaration)
        .filter(VariableDeclarator.class::isInstance).map(VariableDeclarator.class::cast)
        .filter(d -> d.findAncestor(TypeDeclaration.class).filter(t -> t == owner.get()).isPresent())
        .filter(d -> d.findAncestor(com.github.javaparser.ast.body.FieldDeclaration.class)
            .filter(fd -> !fd.isPublic() && !fd.isProtected() && fd.getAnnotations().isEmpty()).isPresent())
        .filter(d -> types.isA(d.getType(), io.github.informerguard.analyzer.catalog.LifecycleApis.COLLECTION_TYPES).isYes());
  }

  /**
   * No annotations (a container may call its methods), no supertypes (an override may be called by
   * a framework), not abstract; with {@code loggers}, Lombok's logger annotations are allowed.
   */
  private static boolean plain(ClassOrInterfaceDeclaration owner, boolean loggers) {
    return !owner.isInterface() && !owner.isAbstract() && owner.getExtendedTypes().isEmpty()
        && owner.getImplementedTypes().isEmpty()
        && owner.getAnnotations().stream().allMatch(a -> loggers && Lombok.isLoggerAnnotation(a));
  }

  private static boolean names(Expression scope, VariableDeclarator field) {
    return scope instanceof NameExpr n && n.getNameAsString().equals(field.getNameAsString()) && Scopes.refersTo(n, field)
        || scope instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr
            && f.getNameAsString().equals(field.getNameAsString());
  }

  /**
   * A public method no code runs: not main, not annotated (an entry point, an override), no annotated
   * parameter, not called or referenced in this file, and called on no receiver that may be this class
   * in any source file. With {@code strict} (a stop that is to excuse another handle), a class that no other
   * source file names does not make its public methods callers' API: only a {@code close()} or
   * {@code shutdown()} may still run.
   */
  private boolean neverRuns(MethodDeclaration m, ClassOrInterfaceDeclaration owner, boolean strict) {
    if (m.getNameAsString().equals("main") || !m.getAnnotations().isEmpty()
        || m.getParameters().stream().anyMatch(p -> !p.getAnnotations().isEmpty())) {
      return false;
    }
    boolean calledHere = owner.findAll(MethodCallExpr.class).stream()
        .anyMatch(c -> c.getNameAsString().equals(m.getNameAsString())
            && SourceMethods.forCallInFile(c).filter(d -> d == m).isPresent())
        || owner.findAll(com.github.javaparser.ast.expr.MethodReferenceExpr.class).stream()
            .anyMatch(r -> r.getIdentifier().equals(m.getNameAsString()));
    if (calledHere) {
      return false;
    }
    // Only a public stop is the owner's API that production code forgot to call: a package-private
    // (or private) one is often a test's hook, and test sources are often not analyzed.
    if (!m.isPublic()) {
      return false;
    }
    Optional<Boolean> called = types.calledOnInSources(owner.getNameAsString(), m.getNameAsString(),
        m.getParameters().size());
    if (called.isPresent()) {
      return !called.get();
    }
    if (strict) {
      return !SPRING_INFERRED_DESTROY.contains(m.getNameAsString());
    }
    // No other file names the class, but a @Bean method of its own file makes it: Spring calls only the
    // destroy method it infers (a public close() or shutdown()), and nothing else can reach the bean's
    // other methods unless this file calls them, or names them as text (@Bean(destroyMethod = "end")).
    return !SPRING_INFERRED_DESTROY.contains(m.getNameAsString()) && madeByBeanMethod(owner)
        && m.findCompilationUnit().filter(cu -> cu.findAll(MethodCallExpr.class).stream()
            .noneMatch(c -> c.getNameAsString().equals(m.getNameAsString()))
            && cu.findAll(com.github.javaparser.ast.expr.StringLiteralExpr.class).stream()
                .noneMatch(t -> t.getValue().equals(m.getNameAsString()))).isPresent();
  }

  /** A {@code @Bean} method of the class's file returns {@code new Owner(..)}: the class is a Spring bean. */
  private boolean madeByBeanMethod(ClassOrInterfaceDeclaration owner) {
    return owner.findCompilationUnit().stream().flatMap(cu -> cu.findAll(MethodDeclaration.class).stream())
        .filter(b -> b.getAnnotations().stream()
            .anyMatch(a -> types.annotationIs(a, io.github.informerguard.analyzer.catalog.LifecycleApis.SPRING_BEAN).isYes()))
        .flatMap(b -> b.findAll(com.github.javaparser.ast.stmt.ReturnStmt.class).stream())
        .anyMatch(r -> r.getExpression().map(Expressions::withoutParenthesesAndCasts)
            .filter(e -> e instanceof ObjectCreationExpr o && o.getType().getNameAsString().equals(owner.getNameAsString()))
            .isPresent());
  }

  /** The method whose body holds {@code n}, through lambdas but not local or anonymous classes. */
  private static Optional<MethodDeclaration> enclosingMethod(Node n) {
    for (Node p = n.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
      if (p instanceof MethodDeclaration m) {
        return m.getParentNode().filter(ClassOrInterfaceDeclaration.class::isInstance).map(o -> m);
      }
      if (p instanceof TypeDeclaration<?> || p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }
}
