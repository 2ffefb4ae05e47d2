package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.catalog.InterruptApis;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a file is "code that has to do with the clients" (InterruptSwallowed's default scope):
 * it names a fabric8, client-java or JOSDK type itself, or it uses a type of the project's own
 * whose file does (a scheduler helper that calls the project's client wrapper, a timer task that
 * starts the project's informer classes). One hop only: a type that merely uses such a user is
 * not pulled in, or every class of a project that talks to Kubernetes somewhere would be.
 */
final class ClientScope {

  private ClientScope() {}

  /**
   * Whether the file names a client type: an import (single, on demand or static) or a qualified
   * type name in the code. Syntactic on purpose, so both modes agree.
   */
  static boolean namesClientTypes(CompilationUnit unit) {
    for (ImportDeclaration i : unit.getImports()) {
      if (isClientName(i.getNameAsString() + ".")) {
        return true;
      }
    }
    return FileNodes.of(unit, ClassOrInterfaceType.class).stream().anyMatch(t -> isClientName(t.getNameWithScope()));
  }

  /**
   * The qualified name of a project type, declared in another analyzed file that names client
   * types, which this file uses: as a declared type (field, parameter, variable, supertype,
   * {@code new}), as the receiver of a static call or field ({@code KubernetesController.runProcess(..)}),
   * or through a static import. Empty when there is none, or the front end sees this file only.
   */
  static Optional<String> clientWrapper(RuleContext ctx) {
    CompilationUnit unit = ctx.unit();
    Set<String> own = new HashSet<>();
    FileNodes.of(unit, TypeDeclaration.class).forEach(t -> t.getFullyQualifiedName().ifPresent(q -> own.add((String) q)));
    Map<String, Node> written = new LinkedHashMap<>();
    for (ClassOrInterfaceType t : ctx.nodes(ClassOrInterfaceType.class)) {
      written.putIfAbsent(t.getNameWithScope(), t);
    }
    for (MethodCallExpr call : ctx.nodes(MethodCallExpr.class)) {
      call.getScope().flatMap(ClientScope::typeLikeName).ifPresent(n -> written.putIfAbsent(n.getNameAsString(), n));
    }
    for (FieldAccessExpr access : ctx.nodes(FieldAccessExpr.class)) {
      typeLikeName(access.getScope()).ifPresent(n -> written.putIfAbsent(n.getNameAsString(), n));
    }
    Set<String> candidates = new java.util.LinkedHashSet<>();
    for (ImportDeclaration i : unit.getImports()) {
      if (i.isStatic()) {
        // import static a.b.Type.member: the type is the qualifier; import static a.b.Type.*: the name itself.
        candidates.add(i.isAsterisk() ? i.getNameAsString()
            : i.getName().getQualifier().map(Object::toString).orElse(""));
      }
    }
    written.forEach((name, at) -> ctx.types().typeName(name, at).ifPresent(candidates::add));
    for (String qualified : candidates) {
      if (qualified.isEmpty() || own.contains(qualified) || isClientName(qualified + ".")) {
        continue;
      }
      Optional<CompilationUnit> declaredIn = ctx.types().sourceType(qualified).flatMap(Node::findCompilationUnit);
      if (declaredIn.isPresent() && declaredIn.get() != unit && namesClientTypes(declaredIn.get())) {
        return Optional.of(qualified);
      }
    }
    return Optional.empty();
  }

  /** A receiver written as a bare capitalised name that no variable in scope declares: a type name. */
  private static Optional<NameExpr> typeLikeName(Expression scope) {
    return scope instanceof NameExpr n && Character.isUpperCase(n.getNameAsString().charAt(0))
        && Scopes.lookup(n.getNameAsString(), n).isEmpty() ? Optional.of(n) : Optional.empty();
  }

  private static boolean isClientName(String name) {
    return InterruptApis.CLIENT_PACKAGES.stream().anyMatch(name::startsWith);
  }
}
