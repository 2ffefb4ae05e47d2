package io.github.informerguard.analyzer.fold;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NullLiteralExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Environment and system-property lookups whose unset path is a fallback the code names: a ternary on
 * whether the looked-up value is null ({@code v == null ? 60_000L : Long.parseLong(v)}), and a method of
 * the same class that returns its fallback parameter when the variable is unset
 * ({@code env("RESYNC_MS", "60000")}). What runs when nobody sets the variable is the fallback: the
 * configuration default of {@link Folded}.
 */
final class ConfigLookups {

  private ConfigLookups() {}

  /** String helpers that are true for null (and empty or blank) text: Commons Lang, Guava, Spring. */
  private static final Set<String> NULL_OR_EMPTY_TESTS = Set.of("isEmpty", "isBlank", "isNullOrEmpty");
  private static final Set<String> NOT_NULL_OR_EMPTY_TESTS = Set.of("isNotEmpty", "isNotBlank", "hasText", "hasLength");

  /**
   * The value {@code condition} takes when the lookup it tests is unset (null): true for {@code v == null},
   * {@code v == null || v.isEmpty()}, {@code StringUtils.isBlank(v)}; false for {@code v != null},
   * {@code v != null && !v.isEmpty()}. Empty when the condition tests no lookup, or its value when unset
   * cannot be told.
   */
  static Optional<Boolean> whenUnset(Expression condition, TypeFacts types) {
    Expression c = unwrap(condition);
    if (c instanceof UnaryExpr u && u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT) {
      return whenUnset(u.getExpression(), types).map(b -> !b);
    }
    if (c instanceof BinaryExpr b) {
      switch (b.getOperator()) {
        case EQUALS, NOT_EQUALS -> {
          Expression other = b.getLeft() instanceof NullLiteralExpr ? b.getRight()
              : b.getRight() instanceof NullLiteralExpr ? b.getLeft() : null;
          if (other == null || !isLookup(other, types, 0)) {
            return Optional.empty();
          }
          return Optional.of(b.getOperator() == BinaryExpr.Operator.EQUALS);
        }
        case OR -> {
          // unset makes the whole || true as soon as one term is true; a term that throws or is unknown is not read
          return whenUnset(b.getLeft(), types).filter(Boolean::booleanValue);
        }
        case AND -> {
          return whenUnset(b.getLeft(), types).filter(v -> !v);
        }
        default -> {
          return Optional.empty();
        }
      }
    }
    if (c instanceof MethodCallExpr call && call.getArguments().size() == 1 && call.getScope().isPresent()
        && isLookup(call.getArgument(0), types, 0)) {
      // StringUtils.isBlank(v) is true for null; StringUtils.isNotBlank(v), StringUtils.hasText(v) false
      if (NULL_OR_EMPTY_TESTS.contains(call.getNameAsString())) {
        return Optional.of(true);
      }
      if (NOT_NULL_OR_EMPTY_TESTS.contains(call.getNameAsString())) {
        return Optional.of(false);
      }
    }
    return Optional.empty();
  }

  /**
   * An environment or system-property read that is null when unset: {@code System.getenv(k)},
   * {@code System.getenv().get(k)}, {@code System.getProperty(k)} or {@code properties.getProperty(k)} (one
   * argument), or a local that one of them initializes and nothing reassigns.
   */
  static boolean isLookup(Expression e, TypeFacts types, int depth) {
    Expression x = unwrap(e);
    if (x instanceof MethodCallExpr call) {
      String m = call.getNameAsString();
      if (call.getArguments().size() != 1) {
        return false;
      }
      if (m.equals("getProperty")) {
        return call.getScope().isPresent();
      }
      if (m.equals("getenv")) {
        return call.getScope().filter(s -> isSystem(s, types)).isPresent();
      }
      if (m.equals("get") && call.getScope().orElse(null) instanceof MethodCallExpr env
          && env.getNameAsString().equals("getenv") && env.getArguments().isEmpty()) {
        return env.getScope().filter(s -> isSystem(s, types)).isPresent();
      }
      return false;
    }
    if (x instanceof NameExpr n && depth < 2) {
      Optional<VariableRef> ref = Scopes.lookup(n.getNameAsString(), n);
      if (ref.isEmpty() || ref.get().kind() != VariableRef.Kind.LOCAL || ref.get().initializer().isEmpty()
          || ref.get().declaration().isEmpty()) {
        return false;
      }
      Node decl = ref.get().declaration().get();
      return !Scopes.isReassignedIn(Scopes.enclosingBody(decl), n.getNameAsString())
          && isLookup(ref.get().initializer().get(), types, depth + 1);
    }
    return false;
  }

  private static boolean isSystem(Expression scope, TypeFacts types) {
    return scope instanceof NameExpr || scope instanceof com.github.javaparser.ast.expr.FieldAccessExpr
        ? types.typeName(scope.toString(), scope).filter("java.lang.System"::equals).isPresent()
        : false;
  }

  /**
   * The method an unqualified (or {@code this.}) call names in the class it is written in or an enclosing
   * one: the nearest class that declares a method of that name, which must have exactly one of that name
   * and argument count, with a body and no varargs. Private or static, so that no subclass replaces it.
   */
  static Optional<MethodDeclaration> sameClassMethod(MethodCallExpr call) {
    String name = call.getNameAsString();
    int arity = call.getArguments().size();
    Optional<Node> n = call.getParentNode();
    while (n.isPresent()) {
      if (n.get() instanceof TypeDeclaration<?> type) {
        List<MethodDeclaration> named = type.getMethodsByName(name);
        if (!named.isEmpty()) {
          List<MethodDeclaration> fitting = named.stream().filter(m -> m.getParameters().size() == arity).toList();
          if (fitting.size() != 1) {
            return Optional.empty();
          }
          MethodDeclaration m = fitting.get(0);
          boolean fixed = m.isPrivate() || m.isStatic();
          return fixed && m.getBody().isPresent() && m.getParameters().stream().noneMatch(Parameter::isVarArgs)
              ? Optional.of(m) : Optional.empty();
        }
        if (call.getScope().orElse(null) instanceof ThisExpr || inheritsMembers(type)) {
          return Optional.empty(); // an inherited method of that name would be the one called: not in view
        }
      }
      if (n.get() instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
        return Optional.empty(); // an anonymous class may inherit the name: do not guess
      }
      n = n.get().getParentNode();
    }
    return Optional.empty();
  }

  /**
   * Whether the type has a supertype that may declare methods: a superclass, or an interface (a default
   * method of the helper's name is inherited before an enclosing class's method is in scope).
   */
  private static boolean inheritsMembers(TypeDeclaration<?> type) {
    if (type instanceof com.github.javaparser.ast.body.ClassOrInterfaceDeclaration c) {
      return !c.getExtendedTypes().isEmpty() || !c.getImplementedTypes().isEmpty();
    }
    if (type instanceof com.github.javaparser.ast.body.EnumDeclaration en) {
      return !en.getImplementedTypes().isEmpty();
    }
    if (type instanceof com.github.javaparser.ast.body.RecordDeclaration r) {
      return !r.getImplementedTypes().isEmpty();
    }
    return false;
  }

  /** JDK reads of the environment or a system property, by method and owner: what a lookup helper must do. */
  private static final Set<String> SYSTEM_READS = Set.of("getenv", "getProperty");
  private static final Set<String> BOXED_READS = Set.of("getLong", "getInteger", "getBoolean");

  /**
   * Whether the expression reads the environment or a system property: it calls {@code System.getenv},
   * {@code System.getProperty}, {@code Long.getLong} (or {@code Integer.getInteger}), or names a local that a
   * lookup initializes ({@link #isLookup}). A helper whose one return reads a map or a cache
   * ({@code overrides.getOrDefault(key, fallback)}) reads none of them.
   */
  static boolean readsEnvironment(Expression e, TypeFacts types) {
    if (isLookup(e, types, 0)) {
      return true;
    }
    for (MethodCallExpr call : e.findAll(MethodCallExpr.class)) {
      Expression scope = call.getScope().orElse(null);
      if (scope == null || !(scope instanceof NameExpr || scope instanceof com.github.javaparser.ast.expr.FieldAccessExpr)) {
        continue;
      }
      String m = call.getNameAsString();
      if (SYSTEM_READS.contains(m) && isSystem(scope, types)) {
        return true;
      }
      if (BOXED_READS.contains(m) && types.typeName(scope.toString(), scope)
          .filter(t -> t.equals("java.lang.Long") || t.equals("java.lang.Integer") || t.equals("java.lang.Boolean"))
          .isPresent()) {
        return true;
      }
    }
    return e.findAll(NameExpr.class).stream().anyMatch(n -> isLookup(n, types, 0));
  }

  /**
   * What a lookup helper returns on its unset path.
   *
   * @param value the returned expression
   * @param unsetPath true when it is the return under {@code if (<unset test>)}: its value is the fallback
   */
  record Returned(Expression value, boolean unsetPath) {}

  /**
   * The expression a helper returns when its lookup is unset: its one {@code return E;} (the folder decides
   * whether E is a lookup with a default), or {@code X} of {@code if (<unset test>) return X; return Y;} (also
   * with {@code else}, or the test negated). Empty when a parameter is reassigned, or the returns take another
   * shape.
   */
  static Optional<Returned> fallbackReturn(MethodDeclaration m, TypeFacts types) {
    BlockStmt body = m.getBody().orElse(null);
    if (body == null || body.getStatements().isEmpty()) {
      return Optional.empty();
    }
    for (Parameter p : m.getParameters()) {
      if (Scopes.isReassignedIn(body, p.getNameAsString())) {
        return Optional.empty();
      }
    }
    List<ReturnStmt> returns = body.findAll(ReturnStmt.class, r -> ownReturn(r, body));
    Statement last = body.getStatements().getLast().get();
    if (returns.size() == 1 && returns.get(0) == last) {
      return returns.get(0).getExpression().map(e -> new Returned(e, false));
    }
    if (returns.size() != 2) {
      return Optional.empty();
    }
    for (Statement s : body.getStatements()) {
      if (!(s instanceof IfStmt ifs)) {
        continue;
      }
      Optional<ReturnStmt> then = onlyReturn(ifs.getThenStmt());
      Optional<ReturnStmt> other = ifs.getElseStmt().isPresent() ? onlyReturn(ifs.getElseStmt().get())
          : last instanceof ReturnStmt r && body.getStatements().indexOf(s) == body.getStatements().size() - 2
              ? Optional.of(r) : Optional.empty();
      if (then.isEmpty() || other.isEmpty() || !returns.contains(then.get()) || !returns.contains(other.get())) {
        return Optional.empty();
      }
      Optional<Boolean> unset = whenUnset(ifs.getCondition(), types);
      if (unset.isEmpty()) {
        return Optional.empty();
      }
      ReturnStmt fallback = unset.get() ? then.get() : other.get();
      return fallback.getExpression().map(e -> new Returned(e, true));
    }
    return Optional.empty();
  }

  private static Optional<ReturnStmt> onlyReturn(Statement s) {
    if (s instanceof ReturnStmt r) {
      return Optional.of(r);
    }
    if (s instanceof BlockStmt b && b.getStatements().size() == 1 && b.getStatement(0) instanceof ReturnStmt r) {
      return Optional.of(r);
    }
    return Optional.empty();
  }

  /** A return of the method itself, not of a lambda or a local or anonymous class inside it. */
  private static boolean ownReturn(ReturnStmt r, BlockStmt body) {
    Optional<Node> n = r.getParentNode();
    while (n.isPresent() && n.get() != body) {
      if (n.get() instanceof LambdaExpr || n.get() instanceof TypeDeclaration<?>
          || n.get() instanceof ObjectCreationExpr) {
        return false;
      }
      n = n.get().getParentNode();
    }
    return true;
  }

  private static Expression unwrap(Expression e) {
    Expression x = e;
    while (x instanceof EnclosedExpr en) {
      x = en.getInner();
    }
    return x;
  }
}
