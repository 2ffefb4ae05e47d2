package io.github.informerguard.analyzer.fold;

import io.github.informerguard.analyzer.resolve.Expressions;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.DoubleLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.TextBlockLiteralExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.type.PrimitiveType;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Computes the value of an expression when it is known at analysis time: literals,
 * arithmetic with Java's own int/long/double semantics, constants from any analyzed file or
 * from class files, effectively-final locals, {@code TimeUnit} and {@code Duration} factories
 * and conversions, {@code Long.valueOf}, {@code Math.min/max}, and ternaries. Configuration
 * lookups ({@code Long.getLong("k", 30000)}) fold to their default, flagged as such.
 */
public final class ConstantFolder {

  private static final int MAX_DEPTH = 48;
  private static final String TIME_UNIT = "java.util.concurrent.TimeUnit";
  private static final String CHRONO_UNIT = "java.time.temporal.ChronoUnit";
  private static final String DURATION = "java.time.Duration";

  private final TypeFacts types;

  public ConstantFolder(TypeFacts types) {
    this.types = types;
  }

  /** The single value of {@code e}, if it has one at analysis time. */
  public Optional<Folded> fold(Expression e) {
    return fold(e, 0, new HashSet<>());
  }

  /**
   * Every value {@code e} can take: one value, or for a ternary whose condition is not
   * constant, the values of both branches. Empty when any branch is not constant.
   */
  public Optional<List<Folded>> alternatives(Expression e) {
    Expression inner = Expressions.withoutParentheses(e);
    if (inner instanceof ConditionalExpr c && fold(c.getCondition()).isEmpty()) {
      if (ConfigLookups.whenUnset(c.getCondition(), types).isPresent()) {
        Optional<Folded> fallback = fold(inner);
        if (fallback.isPresent()) {
          return Optional.of(List.of(fallback.get())); // v == null ? 30_000L : Long.parseLong(v): the fallback runs unset
        }
      }
      Optional<List<Folded>> a = alternatives(c.getThenExpr());
      Optional<List<Folded>> b = alternatives(c.getElseExpr());
      if (a.isEmpty() || b.isEmpty()) {
        return Optional.empty();
      }
      List<Folded> all = new ArrayList<>(a.get());
      all.addAll(b.get());
      return Optional.of(all);
    }
    return fold(inner).map(List::of);
  }


  private Optional<Folded> fold(Expression e, int depth, Set<Node> visiting) {
    if (depth > MAX_DEPTH) {
      return Optional.empty();
    }
    int d = depth + 1;
    if (e instanceof IntegerLiteralExpr i) {
      return number(i::asNumber);
    }
    if (e instanceof LongLiteralExpr l) {
      return number(l::asNumber);
    }
    if (e instanceof DoubleLiteralExpr dl) {
      String t = dl.getValue().replace("_", "");
      try {
        return Optional.of(Folded.of(t.endsWith("f") || t.endsWith("F")
            ? (Object) Double.valueOf(Float.parseFloat(t)) : (Object) Double.parseDouble(t)));
      } catch (NumberFormatException ex) {
        return Optional.empty();
      }
    }
    if (e instanceof BooleanLiteralExpr b) {
      return Optional.of(Folded.of(b.getValue()));
    }
    if (e instanceof StringLiteralExpr s) {
      return Optional.of(Folded.of(s.asString()));
    }
    if (e instanceof TextBlockLiteralExpr t) {
      return Optional.of(Folded.of(t.asString()));
    }
    if (e instanceof EnclosedExpr en) {
      return fold(en.getInner(), d, visiting);
    }
    if (e instanceof CastExpr c) {
      return fold(c.getExpression(), d, visiting).flatMap(v -> cast(v, c));
    }
    if (e instanceof UnaryExpr u) {
      return fold(u.getExpression(), d, visiting).flatMap(v -> unary(u.getOperator(), v));
    }
    if (e instanceof BinaryExpr b) {
      Optional<Folded> left = fold(b.getLeft(), d, visiting);
      if (left.isEmpty()) {
        return Optional.empty();
      }
      Optional<Folded> right = fold(b.getRight(), d, visiting);
      // watcherInterval * 1000L: still the shipped configuration's value, so the finding names where it is set
      return right.flatMap(r -> Arithmetic.binary(b.getOperator(), left.get(), r)
          .map(v -> new Folded(v.value(), v.configDefault(),
              left.get().shipped().or(r::shipped).orElse(null))));
    }
    if (e instanceof ConditionalExpr c) {
      Optional<Folded> cond = fold(c.getCondition(), d, visiting);
      if (cond.isPresent() && cond.get().value() instanceof Boolean choice) {
        return fold(choice ? c.getThenExpr() : c.getElseExpr(), d, visiting);
      }
      // v == null ? 60_000L : Long.parseLong(v), v read from the environment: the fallback is what runs unset
      Optional<Boolean> whenUnset = ConfigLookups.whenUnset(c.getCondition(), types);
      if (whenUnset.isPresent()) {
        return fallback(whenUnset.get() ? c.getThenExpr() : c.getElseExpr(),
            whenUnset.get() ? c.getElseExpr() : c.getThenExpr(), d, visiting);
      }
      return Optional.empty();
    }
    if (e instanceof NameExpr || e instanceof FieldAccessExpr) {
      return name(e, d, visiting);
    }
    if (e instanceof MethodCallExpr call) {
      return call(call, d, visiting);
    }
    return Optional.empty();
  }

  private static Optional<Folded> number(java.util.function.Supplier<Number> n) {
    try {
      return Optional.of(Folded.of(n.get()));
    } catch (RuntimeException ex) {
      return Optional.empty();
    }
  }

  private static Optional<Folded> cast(Folded v, CastExpr c) {
    if (!(c.getType() instanceof PrimitiveType p) || !(v.value() instanceof Number n)) {
      // Boxing casts such as (Long) 30000L keep the value.
      return c.getType().isClassOrInterfaceType() ? Optional.of(v) : Optional.empty();
    }
    return switch (p.getType()) {
      case LONG -> Optional.of(v.with(n.longValue()));
      case INT -> Optional.of(v.with(n.intValue()));
      case SHORT -> Optional.of(v.with((int) n.shortValue()));
      case BYTE -> Optional.of(v.with((int) n.byteValue()));
      case DOUBLE -> Optional.of(v.with(n.doubleValue()));
      case FLOAT -> Optional.of(v.with((double) n.floatValue()));
      default -> Optional.empty();
    };
  }

  private static Optional<Folded> unary(UnaryExpr.Operator op, Folded v) {
    Object x = v.value();
    return switch (op) {
      case PLUS -> x instanceof Number ? Optional.of(v) : Optional.empty();
      case MINUS -> {
        if (x instanceof Integer i) {
          yield Optional.of(v.with(-i));
        } else if (x instanceof Long l) {
          yield Optional.of(v.with(-l));
        } else if (x instanceof Double dd) {
          yield Optional.of(v.with(-dd));
        }
        yield Optional.empty();
      }
      case LOGICAL_COMPLEMENT -> x instanceof Boolean b ? Optional.of(v.with(!b)) : Optional.empty();
      default -> Optional.empty();
    };
  }

  // ---- names: constants, finals, enum constants -------------------------------------------

  private Optional<Folded> name(Expression e, int depth, Set<Node> visiting) {
    Optional<Object> jdk = jdkConstant(e);
    if (jdk.isPresent()) {
      return jdk.map(Folded::of);
    }
    Optional<VariableRef> ref = types.variable(e);
    if (ref.isEmpty()) {
      return Optional.empty();
    }
    VariableRef v = ref.get();
    if (v.kind() == VariableRef.Kind.PARAMETER && v.declaration().isPresent()) {
      Folded passed = bound.get(v.declaration().get());
      if (passed != null) {
        return Optional.of(passed);
      }
    }
    if (v.compiledConstant().isPresent()) {
      return v.compiledConstant().map(Folded::of);
    }
    if (v.initializer().isEmpty() && v.declaration().isPresent()) {
      Optional<Folded> configured = ConfiguredValues.defaultOf(v.declaration().get(), types);
      if (configured.isPresent()) {
        return configured;
      }
      Optional<Expression> injected = ConfiguredValues.onlyConstructorAssignment(v);
      if (injected.isPresent() && visiting.add(v.declaration().get())) {
        try {
          return fold(injected.get(), depth, visiting);
        } finally {
          visiting.remove(v.declaration().get());
        }
      }
      // A constructor parameter: the value every construction in this file passes, when they agree.
      List<Expression> passed = ConfiguredValues.constructorArguments(v);
      if (!passed.isEmpty() && visiting.add(v.declaration().get())) {
        try {
          Optional<Folded> agreed = Optional.empty();
          for (Expression arg : passed) {
            Optional<Folded> f = fold(arg, depth, visiting);
            if (f.isEmpty() || agreed.isPresent() && !agreed.get().value().equals(f.get().value())) {
              return Optional.empty();
            }
            agreed = f;
          }
          return agreed;
        } finally {
          visiting.remove(v.declaration().get());
        }
      }
    }
    if (v.initializer().isEmpty() || v.declaration().isEmpty() || !visiting.add(v.declaration().get())) {
      return Optional.empty();
    }
    try {
      if (!isStable(v, e)) {
        return Optional.empty();
      }
      return fold(v.initializer().get(), depth, visiting);
    } finally {
      visiting.remove(v.declaration().get());
    }
  }

  /** Whether the variable keeps its initializer's value: final, or never written again. */
  private static boolean isStable(VariableRef v, Expression use) {
    Node decl = v.declaration().get();
    switch (v.kind()) {
      case LOCAL -> {
        return v.isFinal() || !Scopes.isReassignedIn(Scopes.enclosingBody(decl), v.name());
      }
      case FIELD -> {
        if (v.isFinal()) {
          return true;
        }
        // A private instance field that only its initializer sets: no other class can write it.
        if (!v.isStatic()) {
          return decl.findAncestor(com.github.javaparser.ast.body.FieldDeclaration.class)
              .filter(fd -> fd.isPrivate()).isPresent()
              && decl.findAncestor(com.github.javaparser.ast.body.TypeDeclaration.class)
                  .filter(t -> !Scopes.isReassignedIn(t, v.name())).isPresent();
        }
        Optional<CompilationUnit> own = decl.findCompilationUnit();
        Optional<CompilationUnit> using = use.findCompilationUnit();
        return own.isPresent() && !Scopes.isReassignedIn(own.get(), v.name())
            && (using.isEmpty() || !Scopes.isReassignedIn(using.get(), v.name()));
      }
      default -> {
        return false;
      }
    }
  }

  /** {@code TimeUnit.SECONDS}, {@code ChronoUnit.MINUTES}, {@code Duration.ZERO}, Long/Integer limits. */
  private Optional<Object> jdkConstant(Expression e) {
    String owner;
    String name;
    if (e instanceof FieldAccessExpr f) {
      Optional<String> q = types.typeName(f.getScope().toString(), f);
      if (q.isEmpty() || !(f.getScope() instanceof NameExpr || f.getScope() instanceof FieldAccessExpr)) {
        return Optional.empty();
      }
      if (f.getScope() instanceof NameExpr n && types.variable(n).isPresent()) {
        return Optional.empty();
      }
      owner = q.get();
      name = f.getNameAsString();
    } else if (e instanceof NameExpr n && types.variable(n).isEmpty()) {
      Optional<String> o = staticImportOwner(n);
      if (o.isEmpty()) {
        return Optional.empty();
      }
      owner = o.get();
      name = n.getNameAsString();
    } else {
      return Optional.empty();
    }
    try {
      return switch (owner) {
        case TIME_UNIT -> Optional.of(TimeUnit.valueOf(name));
        case CHRONO_UNIT -> Optional.of(ChronoUnit.valueOf(name));
        case DURATION -> name.equals("ZERO") ? Optional.of(Duration.ZERO) : Optional.empty();
        case "java.lang.Long" -> Optional.ofNullable(switch (name) {
          case "MAX_VALUE" -> Long.MAX_VALUE;
          case "MIN_VALUE" -> Long.MIN_VALUE;
          default -> null;
        });
        case "java.lang.Integer" -> Optional.ofNullable(switch (name) {
          case "MAX_VALUE" -> Integer.MAX_VALUE;
          case "MIN_VALUE" -> Integer.MIN_VALUE;
          default -> null;
        });
        default -> Optional.empty();
      };
    } catch (IllegalArgumentException ex) {
      return Optional.empty();
    }
  }

  private static Optional<String> staticImportOwner(NameExpr n) {
    Optional<CompilationUnit> cu = n.findCompilationUnit();
    if (cu.isEmpty()) {
      return Optional.empty();
    }
    for (ImportDeclaration imp : cu.get().getImports()) {
      if (!imp.isStatic()) {
        continue;
      }
      String full = imp.getNameAsString();
      if (!imp.isAsterisk() && imp.getName().getIdentifier().equals(n.getNameAsString())) {
        return imp.getName().getQualifier().map(Object::toString);
      }
      if (imp.isAsterisk() && (full.equals(TIME_UNIT) || full.equals(CHRONO_UNIT))) {
        return Optional.of(full);
      }
    }
    return Optional.empty();
  }

  // ---- calls -------------------------------------------------------------------------------

  private Optional<Folded> call(MethodCallExpr call, int depth, Set<Node> visiting) {
    String m = call.getNameAsString();
    List<Expression> args = call.getArguments();
    if (call.getScope().isEmpty() || call.getScope().get() instanceof com.github.javaparser.ast.expr.ThisExpr) {
      return helperFallback(call, depth, visiting);
    }
    Expression scope = call.getScope().get();
    Optional<String> staticOwner = staticOwner(scope);
    if (staticOwner.isPresent()) {
      return staticCall(staticOwner.get(), m, args, depth, visiting);
    }
    // Configuration lookups on any receiver: the default is a literal, but the value is not.
    if ((m.equals("getOrDefault") && args.size() == 2) || (m.equals("orElse") && args.size() == 1)
        || (m.equals("getProperty") && (args.size() == 2 || args.size() == 3))) {
      return fold(args.get(args.size() - 1), depth, visiting).map(Folded::asConfigDefault);
    }
    Optional<Folded> receiver = fold(scope, depth, visiting);
    if (receiver.isEmpty()) {
      // properties.getWatcherInterval() on a @ConfigurationProperties bean: the bound key's value
      return BoundProperties.getterValue(call, types, init -> fold(init, depth, visiting));
    }
    Optional<List<Folded>> folded = foldAll(args, depth, visiting);
    if (folded.isEmpty()) {
      return Optional.empty();
    }
    List<Folded> a = folded.get();
    boolean config = receiver.get().configDefault() || a.stream().anyMatch(Folded::configDefault);
    Optional<Object> value = JdkCalls.instance(receiver.get().value(), m, a.stream().map(Folded::value).toList());
    // shipped.toMillis(): still the shipped configuration's value, so the finding names where it is set
    String shipped = receiver.get().shipped().or(() -> a.stream().map(Folded::shipped).flatMap(Optional::stream).findFirst())
        .orElse(null);
    return value.map(v -> new Folded(v, config, shipped));
  }

  /**
   * The value of a ternary on whether a configuration lookup is unset: the fallback branch's constant, as a
   * configuration default, when the other branch (the looked-up value) is not a constant itself.
   */
  private Optional<Folded> fallback(Expression unsetBranch, Expression setBranch, int depth, Set<Node> visiting) {
    if (fold(setBranch, depth, visiting).isPresent()) {
      return Optional.empty(); // two constants: not a lookup's fallback (alternatives() judges both)
    }
    return fold(unsetBranch, depth, visiting).map(Folded::asConfigDefault);
  }

  /** Arguments bound to a lookup helper's parameters while its fallback is folded (by identity). */
  private final java.util.Map<Node, Folded> bound = new java.util.IdentityHashMap<>();

  /**
   * {@code env("RESYNC_MS", "60000")}: a method of the same class that reads the environment or a system
   * property and returns its fallback parameter when the value is unset ({@link ConfigLookups#fallbackReturn}).
   * Folds to the argument passed for the fallback, as a configuration default; nothing when the method returns
   * anything but its fallback on the unset path, or no argument folds.
   */
  private Optional<Folded> helperFallback(MethodCallExpr call, int depth, Set<Node> visiting) {
    Optional<com.github.javaparser.ast.body.MethodDeclaration> helper = ConfigLookups.sameClassMethod(call);
    if (helper.isEmpty() || !visiting.add(helper.get())) {
      return Optional.empty();
    }
    try {
      Optional<ConfigLookups.Returned> returned = ConfigLookups.fallbackReturn(helper.get(), types);
      if (returned.isEmpty()) {
        return Optional.empty();
      }
      List<com.github.javaparser.ast.body.Parameter> params = helper.get().getParameters();
      List<Node> added = new ArrayList<>();
      try {
        for (int i = 0; i < params.size(); i++) {
          Optional<Folded> arg = fold(call.getArgument(i), depth, visiting);
          if (arg.isPresent() && !bound.containsKey(params.get(i))) {
            bound.put(params.get(i), arg.get());
            added.add(params.get(i));
          }
        }
        Optional<Folded> value = fold(returned.get().value(), depth, visiting);
        if (returned.get().unsetPath()) {
          // if (v == null) return fallback; not a second lookup there (CACHE.getOrDefault(name, fallback))
          value = value.filter(v -> !v.configDefault()).map(Folded::asConfigDefault);
        } else if (!ConfigLookups.readsEnvironment(returned.get().value(), types)) {
          return Optional.empty(); // return overrides.getOrDefault(key, fallback): a map, not the environment
        }
        // only the lookup's default, never a constant the helper returns on every path
        return value.filter(Folded::configDefault);
      } finally {
        added.forEach(bound::remove);
      }
    } finally {
      visiting.remove(helper.get());
    }
  }

  /** When the scope names a JDK type (TimeUnit, Duration, Long, Integer, Math, System), that type. */
  private Optional<String> staticOwner(Expression scope) {
    if (!(scope instanceof NameExpr || scope instanceof FieldAccessExpr)) {
      return Optional.empty();
    }
    if (scope instanceof NameExpr n && types.variable(n).isPresent()) {
      return Optional.empty();
    }
    if (scope instanceof FieldAccessExpr && jdkConstant(scope).isPresent()) {
      return Optional.empty();
    }
    return types.typeName(scope.toString(), scope).filter(JdkCalls::isStaticOwner);
  }

  private Optional<Folded> staticCall(String owner, String m, List<Expression> args, int depth, Set<Node> visiting) {
    boolean configLookup = (owner.equals("java.lang.Long") && m.equals("getLong"))
        || (owner.equals("java.lang.Integer") && m.equals("getInteger"))
        || (owner.equals("java.lang.System") && m.equals("getProperty"));
    if (configLookup) {
      return args.size() == 2
          ? fold(args.get(1), depth, visiting).map(Folded::asConfigDefault)
          : Optional.empty();
    }
    Optional<List<Folded>> folded = foldAll(args, depth, visiting);
    if (folded.isEmpty()) {
      return Optional.empty();
    }
    List<Folded> a = folded.get();
    boolean config = a.stream().anyMatch(Folded::configDefault);
    String shipped = a.stream().map(Folded::shipped).flatMap(Optional::stream).findFirst().orElse(null);
    return JdkCalls.statik(owner, m, a.stream().map(Folded::value).toList()).map(v -> new Folded(v, config, shipped));
  }

  private Optional<List<Folded>> foldAll(List<Expression> args, int depth, Set<Node> visiting) {
    List<Folded> out = new ArrayList<>(args.size());
    for (Expression arg : args) {
      Optional<Folded> f = fold(arg, depth, visiting);
      if (f.isEmpty()) {
        return Optional.empty();
      }
      out.add(f.get());
    }
    return Optional.of(out);
  }

  /** The value in milliseconds of a folded number (already in ms) or Duration. */
  public static Optional<Long> millis(Folded f) {
    Object v = f.value();
    if (v instanceof Duration d) {
      try {
        return Optional.of(d.toMillis());
      } catch (ArithmeticException ex) {
        return Optional.of(d.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE);
      }
    }
    if (v instanceof Double dd) {
      return Optional.of(dd.longValue());
    }
    if (v instanceof Number n) {
      return Optional.of(n.longValue());
    }
    return Optional.empty();
  }
}
