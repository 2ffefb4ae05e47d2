package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.catalog.InterruptApis;
import io.github.informerguard.analyzer.resolve.LenientTypeFacts;
import io.github.informerguard.analyzer.resolve.PreciseTypeFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Whether a file is "a class that uses fabric8, client-java or JOSDK types" (InterruptSwallowed's
 * default scope, shared/DESIGN.md): it names such a type itself, or its code calls a method on, or
 * passes along, a value whose static type is one ({@code holder.getInformer().hasSynced()}, where the
 * project's accessor is typed in another file). A class that only calls project methods whose
 * results are not client-typed (a scheduler helper that calls the project's client wrapper) is not
 * in scope: the contract's scope is the class's own use of the client types, or a callback.
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
   * Whether the file's code handles a client-typed value without naming its type: a call's
   * receiver, or an argument of a call or {@code new}, whose static type (lenient mode: the chain
   * typer over the project's declarations and the API model; precise mode: the solver's chain
   * typer) is a client type. Asked only for a file that names none and has a catch that would be
   * reported, so the typing cost falls on few files.
   */
  static boolean handlesClientValues(RuleContext ctx) {
    TypeFacts types = ctx.types().underlying();
    for (Expression e : handedValues(ctx)) {
      Optional<String> type = staticType(types, e);
      if (type.isEmpty() && e instanceof MethodCallExpr call && call.getScope().isEmpty()) {
        type = staticallyImportedReturnType(ctx, call);
      }
      if (type.filter(ClientScope::isClientName).isPresent()) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code getInformerFactory().startAllRegisteredInformers()} with {@code import static
   * ...OpenShiftUtils.getInformerFactory}: the return type the project's statically imported method
   * declares in its source, which the lenient typer does not follow. Read from the source index,
   * so both modes agree.
   */
  private static Optional<String> staticallyImportedReturnType(RuleContext ctx, MethodCallExpr call) {
    String name = call.getNameAsString();
    int arity = call.getArguments().size();
    for (ImportDeclaration i : ctx.unit().getImports()) {
      if (!i.isStatic()) {
        continue;
      }
      Optional<String> owner = i.isAsterisk() ? Optional.of(i.getNameAsString())
          : i.getName().getIdentifier().equals(name) ? i.getName().getQualifier().map(Object::toString) : Optional.empty();
      Optional<TypeDeclaration<?>> declared = owner.flatMap(o -> ctx.types().sourceType(o));
      if (declared.isEmpty()) {
        continue;
      }
      for (MethodDeclaration m : declared.get().getMethodsByName(name)) {
        if (m.isStatic() && m.getParameters().size() == arity && m.getType().isClassOrInterfaceType()) {
          Optional<String> type = ctx.types().typeName(m.getType().asClassOrInterfaceType().getNameWithScope(), m);
          if (type.isPresent()) {
            return type;
          }
        }
      }
    }
    return Optional.empty();
  }

  /** Receivers of calls and arguments of calls and constructors: where code uses or passes a value. */
  private static List<Expression> handedValues(RuleContext ctx) {
    List<Expression> values = new ArrayList<>();
    for (MethodCallExpr call : ctx.nodes(MethodCallExpr.class)) {
      call.getScope().ifPresent(values::add);
      values.addAll(call.getArguments());
    }
    for (ObjectCreationExpr created : ctx.nodes(ObjectCreationExpr.class)) {
      values.addAll(created.getArguments());
    }
    // Literals and this are never a client value; skipping them spares the typer most arguments.
    values.removeIf(e -> e instanceof LiteralExpr || e instanceof ThisExpr);
    return values;
  }

  private static Optional<String> staticType(TypeFacts types, Expression e) {
    if (types instanceof LenientTypeFacts lenient) {
      return lenient.typeOf(e, 0);
    }
    if (types instanceof PreciseTypeFacts precise) {
      return precise.typeOf(e);
    }
    return Optional.empty();
  }

  private static boolean isClientName(String name) {
    return InterruptApis.CLIENT_PACKAGES.stream().anyMatch(name::startsWith);
  }
}
