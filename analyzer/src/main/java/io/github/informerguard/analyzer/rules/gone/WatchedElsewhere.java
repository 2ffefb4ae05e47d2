package io.github.informerguard.analyzer.rules.gone;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ClassExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.WatchApis;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Scopes;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import com.github.javaparser.ast.nodeTypes.NodeWithTypeParameters;
import com.github.javaparser.ast.type.TypeParameter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Whether the analyzed sources hand a named Watcher class to a {@code watch(...)} call in another file:
 * an instance ({@code new PodWatcher(..)}, a subclass's), {@code this} in a subclass, a dependency-injection
 * lookup by class literal ({@code injector.getInstance(PodWatcher.class)}), the value of a method of that file
 * that returns one, or a variable, parameter or method declared with the class or with a type it extends or
 * implements (an injected {@code ISimulationWatcher}, a {@code <T extends Watcher<Pod>>} parameter: the value
 * may be an instance of it). A class that implements Watcher only as a
 * project callback type (an informer event handler that also implements it) is passed to no watch call.
 * Source-only and name-based (the other file's imports give the qualified names), so both modes agree.
 */
final class WatchedElsewhere {

  /** How deep a watch argument is followed (a variable's initializer, a factory's return). */
  private static final int MAX_DEPTH = 3;

  private final TypeFacts types;

  WatchedElsewhere(TypeFacts types) {
    this.types = types;
  }

  /**
   * The watch calls of source files other than the watcher's own that take it (an instance of it or of a
   * subclass, or a value declared as one); empty when the front end cannot list the files that call
   * {@code watch}.
   */
  Optional<List<MethodCallExpr>> watchCalls(ClassOrInterfaceDeclaration watcher) {
    Optional<String> qualified = watcher.getFullyQualifiedName();
    Optional<List<String>> files = types.sourceFilesCalling(WatchApis.F8_WATCH_METHOD);
    if (qualified.isEmpty() || files.isEmpty()) {
      return Optional.empty();
    }
    List<MethodCallExpr> out = new ArrayList<>();
    Optional<CompilationUnit> own = watcher.findCompilationUnit();
    for (String file : files.get()) {
      Optional<CompilationUnit> unit = types.sourceType(file).flatMap(Node::findCompilationUnit);
      if (unit.isEmpty() || own.filter(o -> o == unit.get()).isPresent()) {
        continue;
      }
      for (MethodCallExpr call : FileNodes.of(unit.get(), MethodCallExpr.class)) {
        if (!WatchApis.F8_WATCH.matchesShape(call.getNameAsString(), call.getArguments().size())) {
          continue;
        }
        Set<String> exact = new HashSet<>();
        Set<String> declared = new HashSet<>();
        instancesOf(call.getArgument(call.getArguments().size() - 1), exact, declared, 0);
        // An instance of the class or of a subclass; a value declared with a supertype may be either too.
        if (exact.stream().anyMatch(t -> types.isOrExtendsInSources(t, qualified.get()))
            || declared.stream().anyMatch(t -> types.isOrExtendsInSources(t, qualified.get())
                || types.isOrExtendsInSources(qualified.get(), t) && (types.sourceType(t).isPresent() || names(unit.get(), qualified.get())))) {
          out.add(call);
        }
      }
    }
    return Optional.of(out);
  }

  /**
   * Whether the file names the class or a subclass of it: a value declared only with a library supertype
   * ({@code Watcher<Pod>}) may be any watcher, and counts for the ones the watching file knows of.
   */
  private boolean names(CompilationUnit unit, String watcher) {
    Set<String> seen = new HashSet<>();
    for (TypeDeclaration<?> declared : unit.getTypes()) { // its classes' code: imports name no use
      for (ClassOrInterfaceType t : declared.findAll(ClassOrInterfaceType.class)) {
        if (seen.add(t.getNameWithScope())
            && types.typeName(t.getNameWithScope(), t).filter(q -> types.isOrExtendsInSources(q, watcher)).isPresent()) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Adds the qualified names of the classes {@code argument} is made as ({@code exact}: it is one of them or
   * an anonymous subclass) and of the types it is declared with ({@code declared}: a subclass or an
   * implementation of one may be the value), as far as the file tells.
   */
  private void instancesOf(Expression argument, Set<String> exact, Set<String> declared, int depth) {
    if (depth > MAX_DEPTH) {
      return;
    }
    Expression e = Expressions.withoutParenthesesAndCasts(argument);
    if (e instanceof ObjectCreationExpr created) {
      exact.addAll(named(created.getType(), created)); // an anonymous subclass runs its supertype's code too
    } else if (e instanceof ConditionalExpr c) {
      instancesOf(c.getThenExpr(), exact, declared, depth + 1);
      instancesOf(c.getElseExpr(), exact, declared, depth + 1);
    } else if (e instanceof ThisExpr t && t.getTypeName().isEmpty()) {
      enclosingType(t).ifPresent(declared::add); // a subclass's instance runs this class's code
    } else if (e instanceof NameExpr || e instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) {
      String name = e instanceof NameExpr n ? n.getNameAsString() : ((FieldAccessExpr) e).getNameAsString();
      Optional<Node> declaration = Scopes.lookup(name, e).flatMap(VariableRef::declaration);
      if (declaration.orElse(null) instanceof VariableDeclarator v) {
        declared.addAll(named(v.getType(), v));
        v.getInitializer().ifPresent(i -> instancesOf(i, exact, declared, depth + 1));
      } else if (declaration.orElse(null) instanceof Parameter p) {
        declared.addAll(named(p.getType(), p));
      }
    } else if (e instanceof MethodCallExpr call) {
      // A container asked for the class by its literal hands back an instance of it.
      for (Expression a : call.getArguments()) {
        if (a instanceof ClassExpr literal) {
          exact.addAll(named(literal.getType(), literal));
        }
      }
      Optional<MethodDeclaration> method = SourceMethods.isOwnCode(call.getScope(), call)
          ? SourceMethods.forCallInFile(call) : Optional.empty();
      method.ifPresent(m -> {
        declared.addAll(named(m.getType(), m));
        for (ReturnStmt r : m.findAll(ReturnStmt.class)) {
          r.getExpression().ifPresent(x -> instancesOf(x, exact, declared, depth + 1));
        }
      });
    }
  }

  /** The qualified name of a written type; for a type variable ({@code <T extends Watcher<Pod>>}), its bounds'. */
  private List<String> named(Type type, Node context) {
    if (!(type instanceof ClassOrInterfaceType c)) {
      return List.of();
    }
    for (Node p = context; p != null; p = p.getParentNode().orElse(null)) {
      if (p instanceof NodeWithTypeParameters<?> generic) {
        for (TypeParameter variable : generic.getTypeParameters()) {
          if (c.getScope().isEmpty() && variable.getNameAsString().equals(c.getNameAsString())) {
            return variable.getTypeBound().stream().flatMap(b -> named(b, variable).stream()).toList();
          }
        }
      }
    }
    return types.typeName(c.getNameWithScope(), context).stream().toList();
  }

  private static Optional<String> enclosingType(Node n) {
    for (Node p = n.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
      if (p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
        return Optional.empty(); // an anonymous class's own code: a named class is not it
      }
      if (p instanceof TypeDeclaration<?> t) {
        return t.getFullyQualifiedName();
      }
    }
    return Optional.empty();
  }
}
