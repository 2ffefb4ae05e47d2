package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.ForEachStmt;
import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.LifecycleApis;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Scopes;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Factories kept per target in a record that a private collection field holds
 * ({@code record Tracked(Target target, SharedInformerFactory factory, ...)}), started by iterating the
 * collection ({@code for (Tracked t : tracked.values()) t.factory().startAllRegisteredInformers();}). A
 * collection is not an owner by itself: when the file makes every such factory itself and never names a
 * factory stop, and has no shutdown path, nothing stops them.
 */
final class RecordHeldFactories {

  private final TypeFacts types;

  RecordHeldFactories(TypeFacts types) {
    this.types = types;
  }

  /** The collection field and the record component ({@code trackedTargets}, {@code informerFactory}) that hold the started factory. */
  record Held(String collection, String record, String component) {}

  Optional<Held> of(Expression receiver, CompilationUnit unit, Predicate<Expression> isCreation) {
    if (!(receiver instanceof MethodCallExpr accessor) || !accessor.getArguments().isEmpty()
        || !(accessor.getScope().map(Expressions::withoutParenthesesAndCasts).orElse(null) instanceof NameExpr element)) {
      return Optional.empty();
    }
    // The element is the variable of a for-each over a collection field of this class.
    Optional<VariableRef> ref = Scopes.lookup(element.getNameAsString(), element);
    if (ref.isEmpty() || !(ref.get().declaration().orElse(null) instanceof VariableDeclarator var)
        || !(var.getParentNode().orElse(null) instanceof VariableDeclarationExpr decl)
        || !(decl.getParentNode().orElse(null) instanceof ForEachStmt loop) || loop.getVariable() != decl) {
      return Optional.empty();
    }
    Optional<VariableDeclarator> collection = collectionField(loop.getIterable(), element);
    if (collection.isEmpty() || !var.getType().isClassOrInterfaceType()) {
      return Optional.empty();
    }
    // The element type is a record of this file, with the accessor as a component and no methods of its own.
    Optional<TypeDeclaration<?>> declared = SourceMethods.typeInFile(element, var.getType().asClassOrInterfaceType().getNameAsString());
    if (declared.isEmpty() || !(declared.get() instanceof RecordDeclaration holder) || !holder.getMethods().isEmpty()) {
      return Optional.empty();
    }
    int component = -1;
    for (int i = 0; i < holder.getParameters().size(); i++) {
      if (holder.getParameter(i).getNameAsString().equals(accessor.getNameAsString())) {
        component = i;
      }
    }
    if (component < 0 || !madeHereEveryTime(unit, holder, component, isCreation)
        || StartupHooks.fileStopsFactories(unit) || new StartupHooks(types).fileHasShutdownPath(unit)) {
      return Optional.empty();
    }
    return Optional.of(new Held(collection.get().getNameAsString(), holder.getNameAsString(), accessor.getNameAsString()));
  }

  /** {@code this.map.values()}, {@code map.values()} or {@code list}: a private collection field of the class. */
  private Optional<VariableDeclarator> collectionField(Expression iterable, Node use) {
    Expression x = Expressions.withoutParenthesesAndCasts(iterable);
    if (x instanceof MethodCallExpr values && values.getNameAsString().equals("values") && values.getArguments().isEmpty()
        && values.getScope().isPresent()) {
      x = Expressions.withoutParenthesesAndCasts(values.getScope().get());
    }
    Optional<VariableRef> ref = x instanceof NameExpr n ? Scopes.lookup(n.getNameAsString(), n)
        : x instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr
            ? use.findAncestor(TypeDeclaration.class).flatMap(t -> Scopes.field((TypeDeclaration<?>) t, f.getNameAsString()))
            : Optional.empty();
    Optional<VariableDeclarator> field = ref.filter(r -> r.kind() == VariableRef.Kind.FIELD)
        .flatMap(VariableRef::declaration).filter(VariableDeclarator.class::isInstance).map(VariableDeclarator.class::cast);
    return field.filter(d -> d.findAncestor(FieldDeclaration.class)
            .filter(fd -> fd.hasModifier(Modifier.Keyword.PRIVATE) && fd.getAnnotations().isEmpty()).isPresent())
        .filter(d -> types.isA(d.getType(), LifecycleApis.COLLECTION_TYPES).isYes());
  }

  /** Every {@code new Record(..)} of the file passes, as that component, a factory this file creates. */
  private static boolean madeHereEveryTime(CompilationUnit unit, RecordDeclaration holder, int component,
      Predicate<Expression> isCreation) {
    List<ObjectCreationExpr> made = FileNodes.of(unit, ObjectCreationExpr.class).stream()
        .filter(o -> o.getType().getNameAsString().equals(holder.getNameAsString())
            && o.getArguments().size() == holder.getParameters().size())
        .toList();
    return !made.isEmpty() && made.stream().allMatch(o -> {
      Expression arg = Expressions.withoutParenthesesAndCasts(o.getArgument(component));
      if (isCreation.test(arg)) {
        return true;
      }
      return arg instanceof NameExpr n && Scopes.lookup(n.getNameAsString(), n)
          .filter(r -> r.kind() == VariableRef.Kind.LOCAL)
          .flatMap(VariableRef::declaration).filter(VariableDeclarator.class::isInstance).map(VariableDeclarator.class::cast)
          .filter(d -> !Scopes.isReassignedIn(Scopes.enclosingBody(d), d.getNameAsString()))
          .flatMap(VariableDeclarator::getInitializer).filter(isCreation).isPresent();
    });
  }
}
