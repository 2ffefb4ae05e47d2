package io.github.informerguard.analyzer.rules.index;

import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.IndexerApis;
import io.github.informerguard.analyzer.catalog.IndexerApis.MapFactory;
import io.github.informerguard.analyzer.resolve.Scopes;
import io.github.informerguard.analyzer.resolve.TypeNameExpressions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Follows the index functions handed to a registration call: through map factories and maps
 * filled with {@code put}, through fields and locals, to a lambda, a method body, or an
 * anonymous {@code Function}. Follows only what is certain: a reassigned variable or an
 * unknown map builder yields nothing.
 */
final class IndexFunctions {

  private static final int MAX_DEPTH = 6;

  /** A function as passed: where to report, the index name expression if any, the value. */
  record Passed(Node anchor, Optional<Expression> key, Expression value) {}

  /**
   * A function body to inspect.
   *
   * @param root the lambda, method or class whose own locals are private to the function
   * @param body what runs when the function is applied
   * @param argument the parameter that receives the indexed object
   */
  record Body(Node root, Node body, Optional<Parameter> argument) {}

  private final TypeFacts types;

  IndexFunctions(TypeFacts types) {
    this.types = types;
  }

  /** The entries of a map expression passed as indexers, as of {@code registration}. */
  List<Passed> mapEntries(Expression map, Node registration) {
    List<Passed> out = new ArrayList<>();
    mapEntries(map, registration, out, 0);
    return out;
  }

  private void mapEntries(Expression e, Node registration, List<Passed> out, int depth) {
    if (depth > MAX_DEPTH) {
      return;
    }
    Expression map = Expressions.withoutParenthesesAndCasts(e);
    if (map instanceof MethodCallExpr call) {
      Optional<MapFactory> factory = factory(call);
      if (factory.isEmpty()) {
        return;
      }
      switch (factory.get()) {
        case MAP_OF, GUAVA_IMMUTABLE_MAP_OF -> {
          for (int i = 0; i + 1 < call.getArguments().size(); i += 2) {
            out.add(passed(call.getArgument(i), call.getArgument(i + 1)));
          }
        }
        case SINGLETON_MAP -> {
          if (call.getArguments().size() == 2) {
            out.add(passed(call.getArgument(0), call.getArgument(1)));
          }
        }
        case MAP_OF_ENTRIES -> call.getArguments().forEach(a -> entry(a).ifPresent(out::add));
        default -> { }
      }
      return;
    }
    if (map instanceof ObjectCreationExpr created && created.getAnonymousClassBody().isPresent()) {
      // Double-brace initialisation: new HashMap<>() {{ put("k", f); }}
      for (BodyDeclaration<?> member : created.getAnonymousClassBody().get()) {
        if (member instanceof InitializerDeclaration init) {
          for (MethodCallExpr put : init.findAll(MethodCallExpr.class)) {
            if (put.getScope().isEmpty() && isPut(put)) {
              out.add(passed(put.getArgument(0), put.getArgument(1)));
            }
          }
        }
      }
      return;
    }
    if (map instanceof NameExpr || map instanceof FieldAccessExpr) {
      Optional<VariableRef> ref = variable(map);
      if (ref.isEmpty() || ref.get().declaration().isEmpty()) {
        return;
      }
      Node declaration = ref.get().declaration().get();
      if (ref.get().initializer().isPresent() && !reassigned(ref.get(), declaration)) {
        mapEntries(ref.get().initializer().get(), registration, out, depth + 1);
      }
      Node region = ref.get().kind() == VariableRef.Kind.FIELD
          ? registration.findAncestor(CallableDeclaration.class).map(Node.class::cast).orElse(null)
          : Scopes.enclosingBody(declaration);
      if (region == null) {
        return;
      }
      for (MethodCallExpr put : region.findAll(MethodCallExpr.class)) {
        if (isPut(put) && put.getScope().isPresent() && before(put, registration)
            && sameVariable(put.getScope().get(), declaration)) {
          out.add(passed(put.getArgument(0), put.getArgument(1)));
        }
      }
    }
  }

  private Optional<Passed> entry(Expression e) {
    Expression x = Expressions.withoutParenthesesAndCasts(e);
    if (x instanceof MethodCallExpr call && call.getNameAsString().equals(IndexerApis.MAP_ENTRY_METHOD)
        && call.getArguments().size() == 2 && isMapEntryCall(call)) {
      return Optional.of(passed(call.getArgument(0), call.getArgument(1)));
    }
    if (x instanceof ObjectCreationExpr created && created.getArguments().size() == 2
        && types.typeName(created.getType().getNameWithScope(), created)
            .map(IndexerApis.ENTRY_CLASSES::contains).orElse(false)) {
      return Optional.of(passed(created.getArgument(0), created.getArgument(1)));
    }
    return Optional.empty();
  }

  private boolean isMapEntryCall(MethodCallExpr call) {
    if (call.getScope().isPresent()) {
      return isType(call.getScope().get(), IndexerApis.MAP_ENTRY_OWNER);
    }
    return call.findCompilationUnit().map(cu -> cu.getImports().stream().anyMatch(i -> i.isStatic()
        && (i.isAsterisk() ? i.getNameAsString().equals(IndexerApis.MAP_ENTRY_OWNER)
            : i.getNameAsString().equals(IndexerApis.MAP_ENTRY_OWNER + "." + IndexerApis.MAP_ENTRY_METHOD))))
        .orElse(false);
  }

  private Optional<MapFactory> factory(MethodCallExpr call) {
    if (call.getScope().isEmpty()) {
      return Optional.empty();
    }
    for (MapFactory f : MapFactory.values()) {
      if (f.method.equals(call.getNameAsString()) && isType(call.getScope().get(), f.owner)) {
        return Optional.of(f);
      }
    }
    return Optional.empty();
  }

  /** Whether a call's scope is the name of {@code qualified} (not a variable). */
  private boolean isType(Expression scope, String qualified) {
    return TypeNameExpressions.denotes(scope, qualified, types);
  }

  private static boolean isPut(MethodCallExpr call) {
    return IndexerApis.MAP_PUTS.contains(call.getNameAsString()) && call.getArguments().size() == 2;
  }

  private static boolean before(Node a, Node b) {
    return a.getBegin().isPresent() && b.getBegin().isPresent() && a.getBegin().get().isBefore(b.getBegin().get());
  }

  private boolean sameVariable(Expression scope, Node declaration) {
    if (scope instanceof NameExpr n) {
      return Scopes.lookup(n.getNameAsString(), n).flatMap(VariableRef::declaration).map(d -> d == declaration)
          .orElse(false);
    }
    if (scope instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) {
      return variable(f).flatMap(VariableRef::declaration).map(d -> d == declaration).orElse(false);
    }
    return false;
  }

  private static Passed passed(Expression key, Expression value) {
    return new Passed(value, Optional.of(key), value);
  }

  /** The body behind a function value, if it is in the analyzed source and certain. */
  Optional<Body> body(Expression value) {
    return body(value, 0);
  }

  private Optional<Body> body(Expression value, int depth) {
    if (depth > MAX_DEPTH) {
      return Optional.empty();
    }
    Expression e = Expressions.withoutParenthesesAndCasts(value);
    if (e instanceof LambdaExpr lambda) {
      Optional<Parameter> arg = lambda.getParameters().size() == 1
          ? Optional.of(lambda.getParameter(0)) : Optional.empty();
      return Optional.of(new Body(lambda, lambda.getBody(), arg));
    }
    if (e instanceof MethodReferenceExpr ref) {
      return SourceMethods.forReference(ref, types).flatMap(IndexFunctions::methodBody);
    }
    if (e instanceof ObjectCreationExpr created) {
      if (created.getAnonymousClassBody().isPresent()) {
        for (BodyDeclaration<?> member : created.getAnonymousClassBody().get()) {
          if (member instanceof MethodDeclaration m && isApply(m)) {
            return m.getBody().map(b -> new Body(created, b, Optional.of(m.getParameter(0))));
          }
        }
        return Optional.empty();
      }
      // new OwnFunction(): a Function class declared in this file
      return SourceMethods.typeInFile(created, created.getType().getNameAsString())
          .flatMap(t -> SourceMethods.unique(t, "apply", 1))
          .flatMap(m -> m.getBody().map(b -> new Body(m.findAncestor(TypeDeclaration.class).orElseThrow(), b,
              Optional.of(m.getParameter(0)))));
    }
    if (e instanceof NameExpr || e instanceof FieldAccessExpr) {
      Optional<VariableRef> ref = variable(e);
      if (ref.isEmpty() || ref.get().declaration().isEmpty() || ref.get().initializer().isEmpty()
          || reassigned(ref.get(), ref.get().declaration().get())) {
        return Optional.empty();
      }
      return body(ref.get().initializer().get(), depth + 1);
    }
    if (e instanceof MethodCallExpr call) {
      // A factory method of the analyzed source that returns the function: byLabel("app")
      return SourceMethods.forCall(call, types)
          .flatMap(m -> m.getBody())
          .filter(b -> b.getStatements().size() == 1)
          .map(b -> b.getStatement(0))
          .filter(Statement::isReturnStmt)
          .flatMap(s -> ((ReturnStmt) s).getExpression())
          .flatMap(r -> body(r, depth + 1));
    }
    return Optional.empty();
  }

  private static Optional<Body> methodBody(MethodDeclaration m) {
    if (m.getParameters().size() != 1 || m.getBody().isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new Body(m, m.getBody().get(), Optional.of(m.getParameter(0))));
  }

  private static boolean isApply(MethodDeclaration m) {
    return m.getNameAsString().equals("apply") && m.getParameters().size() == 1 && m.getBody().isPresent();
  }

  private Optional<VariableRef> variable(Expression e) {
    if (e instanceof NameExpr n) {
      Optional<VariableRef> local = Scopes.lookup(n.getNameAsString(), n);
      if (local.isPresent()) {
        return local;
      }
    }
    return types.variable(e);
  }

  /** A field reassigned anywhere in its class, or a local reassigned in its body. */
  private static boolean reassigned(VariableRef ref, Node declaration) {
    return !(declaration instanceof VariableDeclarator) || Scopes.isReassigned(ref, declaration);
  }

}
