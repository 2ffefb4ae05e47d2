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
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.catalog.LifecycleApis;
import java.util.Optional;
import java.util.Set;

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
    if (FileNodes.of(unit, com.github.javaparser.ast.expr.MethodCallExpr.class).stream()
        .anyMatch(c -> c.getNameAsString().equals(LifecycleApis.SHUTDOWN_HOOK))) {
      return true;
    }
    for (MethodDeclaration m : FileNodes.of(unit, MethodDeclaration.class)) {
      if (m.getBody().isEmpty()) {
        continue;
      }
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
        continue;
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
    }
    return false;
  }

  private Optional<String> runnerType(com.github.javaparser.ast.type.Type returned) {
    return types.isA(returned, LifecycleApis.STARTUP_RUNNERS).isYes()
        ? Optional.of("a " + returned.asString()) : Optional.empty();
  }

  /**
   * Whether the file names a factory stop anywhere: a call, a method reference, or a destroy
   * method given as text ({@code @Bean(destroyMethod = "stopAllRegisteredInformers")}).
   */
  static boolean fileStopsFactories(CompilationUnit unit) {
    return FileNodes.of(unit, com.github.javaparser.ast.expr.MethodCallExpr.class).stream()
            .anyMatch(c -> LifecycleApis.FACTORY_STOPS.contains(c.getNameAsString()))
        || FileNodes.of(unit, MethodReferenceExpr.class).stream()
            .anyMatch(r -> LifecycleApis.FACTORY_STOPS.contains(r.getIdentifier()))
        || FileNodes.of(unit, StringLiteralExpr.class).stream()
            .anyMatch(s -> LifecycleApis.FACTORY_STOPS.contains(s.getValue()));
  }
}
