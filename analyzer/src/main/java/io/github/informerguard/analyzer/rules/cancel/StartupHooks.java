package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.CompilationUnit;
import io.github.informerguard.analyzer.api.FileNodes;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.TypeExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.catalog.LifecycleApis;
import java.util.Optional;
import java.util.Set;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.type.Type;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.resolve.Scopes;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;

/**
 * Framework startup hooks (Spring CommandLineRunner / ApplicationRunner / InitializingBean /
 * SmartInitializingSingleton,
 * {@code @PostConstruct}, OSGi {@code @Activate}, Quarkus {@code @Observes StartupEvent}): code
 * that runs once when the application starts, so what it starts lives until someone stops it. The
 * containers stop only what has a destroy method they know: Spring infers a public {@code close()}
 * or {@code shutdown()}, and a client-java SharedInformerFactory has neither.
 */
final class StartupHooks {

  private final TypeFacts types;

  StartupHooks(TypeFacts types) {
    this.types = types;
  }

  /** The startup hook {@code n} runs in, named for the message. */
  Optional<String> hookOf(Node n) {
    Optional<LambdaExpr> lambda = n.findAncestor(LambdaExpr.class);
    Optional<MethodDeclaration> method = n.findAncestor(MethodDeclaration.class);
    if (method.isEmpty()) {
      return Optional.empty();
    }
    MethodDeclaration m = method.get();
    if (lambda.isPresent() && m.isAncestorOf(lambda.get())
        && lambda.get().getParentNode().filter(ReturnStmt.class::isInstance).isPresent()) {
      // @Bean CommandLineRunner runner(...) { return args -> ...; }: runs when the runner is called.
      return runnerType(m.getType());
    }
    // Code in the hook's body, or in a lambda the hook hands on (a task it schedules at startup).
    for (AnnotationExpr a : m.getAnnotations()) {
      if (types.annotationIs(a, LifecycleApis.SPRING_BEAN).isYes()) {
        // A @Bean method's body runs once, while the context is refreshed.
        return Optional.of("@" + a.getNameAsString() + " " + m.getNameAsString() + "()");
      }
    }
    for (AnnotationExpr a : m.getAnnotations()) {
      for (String init : LifecycleApis.INIT_ANNOTATIONS) {
        if (types.annotationIs(a, init).isYes()) {
          return Optional.of("@" + a.getNameAsString() + " " + m.getNameAsString() + "()");
        }
      }
    }
    for (Parameter p : m.getParameters()) {
      if (p.getAnnotations().stream()
              .anyMatch(a -> LifecycleApis.CDI_OBSERVES.stream().anyMatch(o -> types.annotationIs(a, o).isYes()))
          && types.isA(p.getType(), LifecycleApis.STARTUP_EVENTS).isYes()) {
        return Optional.of("@Observes " + p.getType().asString() + " " + m.getNameAsString() + "()");
      }
    }
    Optional<ClassOrInterfaceDeclaration> owner = m.findAncestor(ClassOrInterfaceDeclaration.class);
    if (owner.isPresent()) {
      for (ClassOrInterfaceType t : owner.get().getImplementedTypes()) {
        if (m.getNameAsString().equals("run") && types.isA(t, LifecycleApis.STARTUP_RUNNERS).isYes()) {
          return Optional.of(t.getNameAsString() + ".run()");
        }
        for (var callback : LifecycleApis.INIT_CALLBACKS.entrySet()) {
          if (m.getNameAsString().equals(callback.getValue()) && m.getParameters().isEmpty()
              && types.isA(t, Set.of(callback.getKey())).isYes()) {
            return Optional.of(t.getNameAsString() + "." + callback.getValue() + "()");
          }
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Whether the file gives its components a shutdown path of their own: a method the container calls
   * when it destroys them ({@code @PreDestroy}, OSGi {@code @Deactivate}, Quarkus {@code @Observes
   * ShutdownEvent}, DisposableBean.destroy(), Lifecycle.stop(), close() of an AutoCloseable, a public
   * close() or shutdown() that Spring infers) or a JVM shutdown hook. Such a path may stop the factory
   * through the component that owns it (another class's method), which this file cannot see into, so
   * its presence counts as a stop.
   */
  boolean fileHasShutdownPath(CompilationUnit unit) {
    return !shutdownPaths(unit, true).isEmpty();
  }

  /**
   * Whether the file has a shutdown path (as {@link #fileHasShutdownPath}) that may stop something: one
   * whose code, or the code of the methods of the file it calls (a few calls deep), calls or references a
   * method named like a stop ({@code stop..}, {@code close..}, {@code shutdown..}, {@code destroy..}, ...), or
   * hands the JVM a hook this file does not show. A {@code SmartLifecycle.stop()} that only clears its
   * running flag, or a hook that only deletes files, stops no informer, so it does not count.
   */
  boolean fileHasShutdownPathThatMayStop(CompilationUnit unit) {
    return shutdownPaths(unit, false).stream().anyMatch(path -> mayStop(path, unit, 0));
  }

  /**
   * Whether {@code main} hands one of its own variables (the client, the factory, an informer) to code of
   * another source file that has a shutdown path that may stop something: {@code Shutdown.closeOnExit(client)},
   * {@code new Server(factory)} whose class registers a hook. That file's hook may stop what main started, so
   * main's own file having none does not show that nothing stops it.
   */
  boolean handsOffToFileThatMayStop(MethodDeclaration main) {
    CompilationUnit own = main.findCompilationUnit().orElse(null);
    Set<CompilationUnit> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Node n : main.findAll(Node.class,
        x -> x instanceof MethodCallExpr || x instanceof ObjectCreationExpr)) {
      NodeList<Expression> args =
          n instanceof MethodCallExpr c ? c.getArguments()
              : ((ObjectCreationExpr) n).getArguments();
      if (args.stream().noneMatch(StartupHooks::namesOwnVariable)) {
        continue;
      }
      Optional<CompilationUnit> target = targetType(n).flatMap(t -> t.findCompilationUnit());
      if (target.isPresent() && target.get() != own && seen.add(target.get())
          && fileHasShutdownPathThatMayStop(target.get())) {
        return true;
      }
    }
    return false;
  }

  private static boolean namesOwnVariable(Expression e) {
    return e instanceof NameExpr n
        && Scopes.lookup(n.getNameAsString(), n)
            .filter(r -> r.kind() != VariableRef.Kind.FIELD).isPresent();
  }

  /** The source type a call or creation in main runs code of: the created class, or the receiver's (static or declared) type. */
  private Optional<TypeDeclaration<?>> targetType(Node n) {
    String written;
    if (n instanceof ObjectCreationExpr o) {
      written = o.getType().getNameWithScope();
    } else {
      Optional<Expression> scope = ((MethodCallExpr) n).getScope();
      if (scope.isEmpty()) {
        return Optional.empty();
      }
      if (scope.get() instanceof NameExpr s) {
        Optional<VariableRef> ref =
            Scopes.lookup(s.getNameAsString(), s);
        if (ref.isPresent()) {
          Optional<Type> declared = ref.get().declaration().flatMap(d ->
              d instanceof VariableDeclarator v ? Optional.of(v.getType())
                  : d instanceof Parameter p ? Optional.of(p.getType()) : Optional.empty());
          if (declared.isEmpty() || !declared.get().isClassOrInterfaceType()) {
            return Optional.empty();
          }
          written = declared.get().asClassOrInterfaceType().getNameWithScope();
        } else {
          written = s.getNameAsString();
        }
      } else if (scope.get() instanceof FieldAccessExpr f) {
        written = f.toString();
      } else {
        return Optional.empty();
      }
    }
    return types.typeName(written, n).flatMap(types::sourceType);
  }

  /** The shutdown paths of the file: the methods a container calls on destroy, and the hooks given to the JVM. */
  private List<Node> shutdownPaths(CompilationUnit unit, boolean firstOnly) {
    List<Node> paths = new ArrayList<>();
    for (MethodCallExpr c : FileNodes.of(unit, MethodCallExpr.class)) {
      if (c.getNameAsString().equals(LifecycleApis.SHUTDOWN_HOOK)) {
        paths.add(c.getArguments().isEmpty() ? c : c.getArgument(0));
        if (firstOnly) {
          return paths;
        }
      }
    }
    for (MethodDeclaration m : FileNodes.of(unit, MethodDeclaration.class)) {
      if (m.getBody().isEmpty()) {
        continue;
      }
      if (isShutdownMethod(m)) {
        paths.add(m.getBody().get());
        if (firstOnly) {
          return paths;
        }
      }
    }
    return paths;
  }

  private boolean isShutdownMethod(MethodDeclaration m) {
    if (m.getAnnotations().stream().anyMatch(
        a -> LifecycleApis.DESTROY_ANNOTATIONS.stream().anyMatch(d -> types.annotationIs(a, d).isYes()))) {
      return true;
    }
    for (Parameter p : m.getParameters()) {
      if (p.getAnnotations().stream()
              .anyMatch(a -> LifecycleApis.CDI_OBSERVES.stream().anyMatch(o -> types.annotationIs(a, o).isYes()))
          && types.isA(p.getType(), LifecycleApis.SHUTDOWN_EVENTS).isYes()) {
        return true;
      }
    }
    if (!m.getParameters().isEmpty()) {
      return false;
    }
    if (m.isPublic() && LifecycleApis.INFERRED_DESTROY_METHODS.contains(m.getNameAsString())) {
      return true;
    }
    Optional<ClassOrInterfaceDeclaration> owner = m.findAncestor(ClassOrInterfaceDeclaration.class);
    if (owner.isPresent()) {
      for (ClassOrInterfaceType t : owner.get().getImplementedTypes()) {
        for (var callback : LifecycleApis.DESTROY_CALLBACKS.entrySet()) {
          if (m.getNameAsString().equals(callback.getValue()) && types.isA(t, Set.of(callback.getKey())).isYes()) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** How many calls into the file's own methods {@link #mayStop} follows. */
  private static final int STOP_SEARCH_DEPTH = 3;

  /**
   * First words of a method that stops, closes or releases something, or hands the shutdown on to code that may
   * (a listener it notifies, a task it runs). Matched against the first word of a camel-case name
   * ({@code stopAll}, {@code closeQuietly}, {@code shutdownNow}, {@code runHooks}), not as a prefix: {@code runtime},
   * {@code callback}, {@code executor} or {@code publisher} are no such calls.
   */
  private static final Set<String> STOP_WORDS = Set.of("stop", "close", "shutdown", "shut", "destroy",
      "dispose", "terminate", "cancel", "release", "uninstall", "deactivate", "teardown", "tear", "clean", "cleanup",
      "halt", "dispatch", "fire", "publish", "notify", "run", "exec", "execute", "submit", "invoke", "accept", "apply",
      "call");

  private static boolean stopWord(String name) {
    int end = 1;
    while (end < name.length() && Character.isLowerCase(name.charAt(end))) {
      end++;
    }
    return STOP_WORDS.contains(name.substring(0, end).toLowerCase(Locale.ROOT));
  }

  /**
   * Whether {@code region} (a shutdown method's body, or the hook handed to addShutdownHook) may stop
   * something: a call or method reference named like a stop, a call of the file's own method that may,
   * a hook thread kept in a local whose initializer may, or a hook object whose class this file does not declare.
   */
  private boolean mayStop(Node region, CompilationUnit unit, int depth) {
    if (region instanceof NameExpr n) {
      Optional<VariableRef> ref =
          Scopes.lookup(n.getNameAsString(), n);
      Optional<Expression> init = ref
          .flatMap(VariableRef::declaration)
          .filter(VariableDeclarator.class::isInstance)
          .flatMap(d -> ((VariableDeclarator) d).getInitializer());
      return init.isEmpty() || mayStop(init.get(), unit, depth);
    }
    if (region instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isEmpty()) {
      String type = o.getType().getNameAsString();
      if (type.equals("Thread")) {
        // new Thread(task): the task decides; a thread with no task runs nothing.
        return o.getArguments().stream().anyMatch(a -> mayStop(a, unit, depth));
      }
      // new ShutdownTask(..): a hook class of this file is read; one declared elsewhere may stop anything.
      Optional<ClassOrInterfaceDeclaration> own = FileNodes.of(unit, ClassOrInterfaceDeclaration.class).stream()
          .filter(c -> c.getNameAsString().equals(type)).findFirst();
      return own.isEmpty() || mayStop(own.get(), unit, depth);
    }
    for (MethodCallExpr c : region.findAll(MethodCallExpr.class)) {
      if (stopWord(c.getNameAsString())) {
        return true;
      }
      if (depth < STOP_SEARCH_DEPTH) {
        Optional<MethodDeclaration> own = SourceMethods.forCallInFile(c);
        if (own.isPresent() && own.get().getBody().isPresent() && mayStop(own.get().getBody().get(), unit, depth + 1)) {
          return true;
        }
      }
    }
    for (MethodReferenceExpr r : region.findAll(MethodReferenceExpr.class)) {
      if (stopWord(r.getIdentifier())) {
        return true;
      }
      if (depth < STOP_SEARCH_DEPTH && referencedInFile(r, unit).stream()
          .anyMatch(m -> m.getBody().isPresent() && mayStop(m.getBody().get(), unit, depth + 1))) {
        return true;
      }
    }
    return false;
  }

  /**
   * The methods of this file a method reference may name: the one {@link SourceMethods#forReferenceInFile} finds
   * ({@code this::m}, {@code Type::m}, not overloaded); else every method of that name in the type the scope
   * names in this file ({@code this}, a type, or a variable declared with a type of the file, as
   * {@code cleaner::onExit}), overloads included; else, when the scope's type is not known to be in this file,
   * every method of that name in the file.
   */
  private static List<MethodDeclaration> referencedInFile(MethodReferenceExpr r, CompilationUnit unit) {
    Optional<MethodDeclaration> one = SourceMethods.forReferenceInFile(r);
    if (one.isPresent()) {
      return List.of(one.get());
    }
    Optional<TypeDeclaration<?>> owner = scopeTypeInFile(r);
    List<MethodDeclaration> named = owner.isPresent() ? owner.get().getMethodsByName(r.getIdentifier()) : List.of();
    return !named.isEmpty() ? named : FileNodes.of(unit, MethodDeclaration.class).stream()
        .filter(m -> m.getNameAsString().equals(r.getIdentifier())).toList();
  }

  /** The type of this file that a method reference's scope names or is declared with. */
  private static Optional<TypeDeclaration<?>> scopeTypeInFile(MethodReferenceExpr r) {
    Expression scope = r.getScope();
    if (scope instanceof ThisExpr t && t.getTypeName().isEmpty()) {
      return r.findAncestor(TypeDeclaration.class).map(d -> (TypeDeclaration<?>) d);
    }
    if (scope instanceof TypeExpr t && t.getType().isClassOrInterfaceType()) {
      return SourceMethods.typeInFile(r, t.getType().asClassOrInterfaceType().getNameAsString());
    }
    String variable = scope instanceof NameExpr n ? n.getNameAsString()
        : scope instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr
            ? f.getNameAsString() : null;
    if (variable == null) {
      return Optional.empty();
    }
    Optional<Node> declaration = Scopes.lookup(variable, scope).flatMap(VariableRef::declaration);
    if (declaration.isEmpty() && scope instanceof NameExpr && Character.isUpperCase(variable.charAt(0))) {
      return SourceMethods.typeInFile(r, variable); // Cleaner::onExit parsed as a name
    }
    Optional<Type> declared = declaration.flatMap(d -> d instanceof VariableDeclarator v ? Optional.of(v.getType())
        : d instanceof Parameter p ? Optional.of(p.getType()) : Optional.empty());
    return declared.filter(Type::isClassOrInterfaceType)
        .flatMap(t -> SourceMethods.typeInFile(r, t.asClassOrInterfaceType().getNameAsString()));
  }

  private Optional<String> runnerType(Type returned) {
    return types.isA(returned, LifecycleApis.STARTUP_RUNNERS).isYes()
        ? Optional.of("a " + returned.asString()) : Optional.empty();
  }

  /**
   * Whether the file names a factory stop anywhere: a call, a method reference, or a destroy
   * method given as text ({@code @Bean(destroyMethod = "stopAllRegisteredInformers")}).
   */
  static boolean fileStopsFactories(CompilationUnit unit) {
    return FileNodes.of(unit, MethodCallExpr.class).stream()
            .anyMatch(c -> LifecycleApis.FACTORY_STOPS.contains(c.getNameAsString()))
        || FileNodes.of(unit, MethodReferenceExpr.class).stream()
            .anyMatch(r -> LifecycleApis.FACTORY_STOPS.contains(r.getIdentifier()))
        || FileNodes.of(unit, StringLiteralExpr.class).stream()
            .anyMatch(s -> LifecycleApis.FACTORY_STOPS.contains(s.getValue()));
  }
}
