package io.github.informerguard.analyzer.rules.cancel;

import io.github.informerguard.analyzer.api.FileNodes;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_INFORMER_FACTORY;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.LifecycleApis;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.Optional;
import java.util.Set;

/**
 * The fabric8 new-factory trap: {@code client.informers()} makes a new factory on every call, so
 * {@code client.informers().startAllRegisteredInformers()} starts nothing. That is only a bug when
 * informers were registered on another factory that nothing starts; this finds such a registration
 * in the same file.
 */
final class FreshFactories {

  private FreshFactories() {}

  /** The first registration in the file whose informers no start reaches, described for the message. */
  static Optional<String> unstartedRegistration(RuleContext ctx, MethodCallExpr freshStart) {
    CompilationUnit unit = freshStart.findCompilationUnit().orElse(null);
    if (unit == null) {
      return Optional.empty();
    }
    for (MethodCallExpr reg : FileNodes.of(unit, MethodCallExpr.class)) {
      if (!LifecycleApis.F8_REGISTRATIONS.contains(reg.getNameAsString()) || reg.getScope().isEmpty()
          || !ctx.types().isA(reg.getScope().get(), Set.of(F8_INFORMER_FACTORY)).isYes()) {
        continue;
      }
      Expression factory = Expressions.withoutParenthesesAndCasts(reg.getScope().get());
      boolean orphaned = InformerNeverStopped.isFreshFabric8Factory(ctx, factory)
          ? informerNeverStarted(unit, reg)
          : factoryNeverStarted(unit, factory);
      if (orphaned) {
        return Optional.of("line " + reg.getName().getBegin().map(p -> p.line).orElse(0) + ", "
            + shortText(factory) + "." + reg.getNameAsString() + "(...)");
      }
    }
    return Optional.empty();
  }

  /**
   * A registration on a fresh factory: the informer can still be started by itself
   * ({@code .run()}, {@code .start()}). Only a result that is dropped, or kept in a variable that
   * nothing starts, is never started.
   */
  private static boolean informerNeverStarted(CompilationUnit unit, MethodCallExpr registration) {
    Expression result = registration;
    while (true) {
      Node parent = result.getParentNode().orElse(null);
      final Expression current = result;
      if (parent instanceof MethodCallExpr m && m.getScope().filter(s -> s == current).isPresent()) {
        String name = m.getNameAsString();
        if (LifecycleApis.INFORMER_SELF_STARTS.contains(name)) {
          return false;
        }
        if (!LifecycleApis.F8_INFORMER_FLUENT.contains(name)) {
          return false; // handed to something we do not follow
        }
        result = m;
        continue;
      }
      if (parent instanceof ExpressionStmt) {
        return true;
      }
      if (parent instanceof VariableDeclarator d) {
        return !startedAnywhere(unit, d.getNameAsString(), LifecycleApis.INFORMER_SELF_STARTS);
      }
      if (parent instanceof AssignExpr a && a.getValue() == result) {
        return Expressions.variableName(a.getTarget())
            .filter(n -> !startedAnywhere(unit, n, LifecycleApis.INFORMER_SELF_STARTS)).isPresent();
      }
      return false;
    }
  }

  /** A factory held in a local or field that this file never starts; a parameter may be started by its owner. */
  private static boolean factoryNeverStarted(CompilationUnit unit, Expression factory) {
    Optional<String> name = Expressions.variableName(factory);
    if (name.isEmpty()) {
      return false;
    }
    if (factory instanceof NameExpr n) {
      Optional<VariableRef> ref = Scopes.lookup(n.getNameAsString(), n);
      if (ref.isEmpty() || ref.get().kind() == VariableRef.Kind.PARAMETER) {
        return false;
      }
    }
    return !startedAnywhere(unit, name.get(), Set.of(LifecycleApis.F8_FACTORY_START));
  }


  /** Name-based on purpose: it only ever withholds the finding. */
  private static boolean startedAnywhere(CompilationUnit unit, String holder, Set<String> starts) {
    return FileNodes.of(unit, MethodCallExpr.class).stream()
        .anyMatch(m -> starts.contains(m.getNameAsString()) && m.getScope()
            .flatMap(Expressions::variableName).filter(holder::equals).isPresent())
        || FileNodes.of(unit, NameExpr.class).stream().anyMatch(n -> n.getNameAsString().equals(holder) && handedOn(n));
  }

  /** A use that gives the handle to other code (an argument, a return, a store), which may start it. */
  private static boolean handedOn(NameExpr use) {
    Node parent = use.getParentNode().orElse(null);
    return !(parent instanceof MethodCallExpr m && m.getScope().filter(s -> s == use).isPresent())
        && !(parent instanceof AssignExpr a && a.getTarget() == use)
        && !(parent instanceof FieldAccessExpr);
  }

  private static String shortText(Expression e) {
    String flat = e.toString().replaceAll("\\s+", " ");
    return flat.length() <= 60 ? flat : flat.substring(0, 57) + "...";
  }
}
