package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.api.TypeFacts;
import java.util.Optional;

/**
 * Code that never runs because nothing calls it: a method of a class that other files use, which no
 * source file of the analysis calls or references by name and arity (twister2's diagnostic {@code testWatchPods}, a watch factory
 * that no start-up path selects). Only methods no one else can reach without naming them count: not
 * {@code main}, nothing annotated (framework entry points, overrides), no annotated parameter
 * ({@code @Observes}), and only in a plain class that extends and implements nothing, or private or
 * static, since a framework may call an interface's or superclass's method by itself.
 */
public final class UncalledCode {

  private UncalledCode() {}

  /** Whether the method that {@code site} is in (through its lambdas) is never called in the sources. */
  static boolean neverRuns(Node site, TypeFacts types) {
    Optional<MethodDeclaration> method = enclosingMethod(site);
    if (method.isEmpty()) {
      return false;
    }
    MethodDeclaration m = method.get();
    if (m.getNameAsString().equals("main") || !m.getAnnotations().isEmpty()
        || m.getParameters().stream().anyMatch(p -> !p.getAnnotations().isEmpty())) {
      return false;
    }
    if (!(m.getParentNode().orElse(null) instanceof ClassOrInterfaceDeclaration owner) || owner.isInterface()
        || !m.isPrivate() && !m.isStatic() && (!owner.getExtendedTypes().isEmpty()
            || !owner.getImplementedTypes().isEmpty() || owner.isAbstract())) {
      return false;
    }
    return types.calledInSources(owner.getNameAsString(), m.getNameAsString(), m.getParameters().size()).filter(called -> !called).isPresent();
  }

  /**
   * Whether {@code site} is in a private method (through its lambdas) that nothing in its file calls by name and
   * arity or references ({@code this::name}): no other file can reach a private method, so it never runs.
   */
  public static boolean inUncalledPrivateMethod(Node site) {
    Optional<MethodDeclaration> method = enclosingMethod(site);
    if (method.isEmpty() || !method.get().isPrivate() || !method.get().getAnnotations().isEmpty()) {
      return false;
    }
    MethodDeclaration m = method.get();
    Optional<com.github.javaparser.ast.CompilationUnit> unit = m.findCompilationUnit();
    if (unit.isEmpty()) {
      return false;
    }
    String name = m.getNameAsString();
    int arity = m.getParameters().size();
    boolean varargs = m.getParameters().stream().anyMatch(p -> p.isVarArgs());
    // the rule subscribes to both node kinds, so the engine's one walk of the file has them
    return FileNodes.of(unit.get(), com.github.javaparser.ast.expr.MethodCallExpr.class).stream()
            .noneMatch(c -> c.getNameAsString().equals(name) && (c.getArguments().size() == arity || varargs))
        && FileNodes.of(unit.get(), com.github.javaparser.ast.expr.MethodReferenceExpr.class).stream()
            .noneMatch(r -> r.getIdentifier().equals(name));
  }

  /** The method whose body holds {@code site}, through lambdas but not through local or anonymous classes. */
  private static Optional<MethodDeclaration> enclosingMethod(Node site) {
    for (Node p = site.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
      if (p instanceof MethodDeclaration m) {
        return Optional.of(m);
      }
      if (p instanceof com.github.javaparser.ast.body.TypeDeclaration<?>
          || p instanceof com.github.javaparser.ast.expr.ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }
}
