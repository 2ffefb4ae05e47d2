package io.github.informerguard.analyzer.rules.index;

import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.IndexFunctionHazards;
import io.github.informerguard.analyzer.catalog.IndexFunctionHazards.MutableFamily;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Looks through an index function's body (and the helper methods of the analyzed source it
 * calls) for what makes it impure. Reports a hazard only when it is certain: an unresolved
 * name or type is never a finding.
 */
final class PurityScanner {

  private static final int MAX_HELPER_DEPTH = 3;

  /** What the function does wrong; ordered by how directly it corrupts the index. */
  enum Kind {
    SHARED_WRITE,
    ARGUMENT_MUTATION,
    NONDETERMINISM,
    /**
     * The result is derived from the identity (or whole-object hash) of the indexed object:
     * stable for one instance, different for every version of the same resource.
     */
    IDENTITY,
    CLIENT_CALL,
    IO
  }

  /**
   * One impure operation.
   *
   * @param node the offending expression (its text goes into the message)
   * @param helper the helper method it sits in, when not in the function itself
   * @param target the shared variable written, when there is one
   */
  record Hazard(Kind kind, Node node, Optional<String> helper, Optional<String> target) {}

  /** Where a name's value lives, relative to the function. */
  private enum Origin {
    ARGUMENT,
    LOCAL,
    SHARED,
    UNKNOWN
  }

  private final TypeFacts types;

  PurityScanner(TypeFacts types) {
    this.types = types;
  }

  /**
   * The first impure operation in source order, if any. Identity-derived results count only for
   * a key function: an index function derived from identity is consistent for the cache (removal
   * recomputes the old values from the stored old instance, and resync re-runs it on the same
   * instances), only useless for lookups by content, so it is not a finding.
   */
  Optional<Hazard> firstHazard(IndexFunctions.Body function, boolean keyFunction) {
    List<Hazard> found = new ArrayList<>();
    Set<Node> arguments = identitySet();
    function.argument().ifPresent(arguments::add);
    Set<MethodDeclaration> visited = identitySet();
    if (function.root() instanceof MethodDeclaration m) {
      visited.add(m);
    }
    scan(function.root(), function.body(), arguments, Optional.empty(), visited, 0, found);
    return found.stream().filter(h -> keyFunction || h.kind() != Kind.IDENTITY).min(Comparator.comparing((Hazard h) -> h.helper().isPresent())
        .thenComparing(h -> h.node().getBegin().map(p -> p.line * 100_000L + p.column).orElse(Long.MAX_VALUE)));
  }

  private void scan(Node root, Node body, Set<Node> arguments, Optional<String> helper,
      Set<MethodDeclaration> visited, int depth, List<Hazard> out) {
    body.walk(node -> {
      if (node instanceof AssignExpr a) {
        write(a.getTarget(), a, root, arguments, helper, out);
      } else if (node instanceof UnaryExpr u && isIncrement(u)) {
        write(u.getExpression(), u, root, arguments, helper, out);
      } else if (node instanceof MethodCallExpr call) {
        call(call, root, arguments, helper, visited, depth, out);
      } else if (node instanceof ObjectCreationExpr created) {
        creation(created, helper, out);
      }
    });
  }

  private void write(Expression target, Node at, Node root, Set<Node> arguments, Optional<String> helper,
      List<Hazard> out) {
    Expression t = target;
    while (t instanceof ArrayAccessExpr arr) {
      t = arr.getName();
    }
    Origin origin;
    if (t instanceof NameExpr n) {
      origin = origin(n, root, arguments);
      if (target instanceof NameExpr && origin == Origin.ARGUMENT) {
        return; // rebinding the parameter is local
      }
    } else if (t instanceof FieldAccessExpr f) {
      origin = fieldOrigin(f, root, arguments);
    } else {
      return;
    }
    if (origin == Origin.SHARED) {
      out.add(new Hazard(Kind.SHARED_WRITE, at, helper, Optional.of(rootName(t))));
    } else if (origin == Origin.ARGUMENT) {
      out.add(new Hazard(Kind.ARGUMENT_MUTATION, at, helper, Optional.empty()));
    }
  }

  private void call(MethodCallExpr call, Node root, Set<Node> arguments, Optional<String> helper,
      Set<MethodDeclaration> visited, int depth, List<Hazard> out) {
    String name = call.getNameAsString();
    Optional<Expression> scope = call.getScope();
    if (scope.isEmpty() || scope.get() instanceof ThisExpr || isTypeName(scope.get())) {
      Optional<MethodDeclaration> target = SourceMethods.forCall(call, types);
      if (target.isPresent()) {
        followHelper(call, target.get(), arguments, visited, depth, out);
      }
    }
    if (scope.isEmpty()) {
      return;
    }
    Expression s = Expressions.withoutParentheses(scope.get());
    if (isTypeName(s)) {
      Optional<String> owner = types.typeName(s.toString(), s);
      if (owner.isPresent()) {
        if (IndexFunctionHazards.NONDETERMINISTIC_STATICS.getOrDefault(owner.get(), Set.of()).contains(name)) {
          out.add(new Hazard(Kind.NONDETERMINISM, chain(call), helper, Optional.empty()));
        }
        if (IndexFunctionHazards.IDENTITY_HASH_STATICS.getOrDefault(owner.get(), Set.of()).contains(name)
            && call.getArguments().size() == 1) {
          Expression of = Expressions.withoutParentheses(call.getArgument(0));
          if (argumentGetterChain(of, root, arguments, 0)) {
            out.add(new Hazard(Kind.IDENTITY, chain(call), helper, Optional.empty()));
          } else if (of instanceof ObjectCreationExpr) {
            out.add(new Hazard(Kind.NONDETERMINISM, chain(call), helper, Optional.empty()));
          }
          // of a shared or captured object: a constant for the JVM run, not a finding
        }
        Set<String> io = IndexFunctionHazards.IO_STATICS.get(owner.get());
        if (io != null && (io.isEmpty() || io.contains(name))) {
          out.add(new Hazard(Kind.IO, chain(call), helper, Optional.empty()));
        }
      }
      return;
    }
    if (s instanceof NameExpr || s instanceof FieldAccessExpr) {
      Origin origin = s instanceof NameExpr n ? origin(n, root, arguments)
          : fieldOrigin((FieldAccessExpr) s, root, arguments);
      Optional<String> declared = declaredType(s);
      if (declared.isPresent() && origin == Origin.SHARED) {
        Optional<MutableFamily> family = MutableFamily.of(declared.get());
        if (family.isPresent() && family.get().mutators().contains(name)) {
          out.add(new Hazard(Kind.SHARED_WRITE, call, helper, Optional.of(rootName(s))));
        }
        if (IndexFunctionHazards.NONDETERMINISTIC_RECEIVERS.getOrDefault(declared.get(), Set.of()).contains(name)) {
          out.add(new Hazard(Kind.NONDETERMINISM, chain(call), helper, Optional.empty()));
        }
      }
      if (declared.isPresent()
          && IndexFunctionHazards.IO_RECEIVERS.getOrDefault(declared.get(), Set.of()).contains(name)) {
        out.add(new Hazard(Kind.IO, chain(call), helper, Optional.empty()));
      }
    }
    if (name.equals(IndexFunctionHazards.HASH_CODE_METHOD) && call.getArguments().isEmpty()
        && s instanceof NameExpr n && origin(n, root, arguments) == Origin.ARGUMENT) {
      out.add(new Hazard(Kind.IDENTITY, chain(call), helper, Optional.empty()));
    }
    if (argumentGetterChain(s, root, arguments, 0) && mutatesArgument(call, s)) {
      out.add(new Hazard(Kind.ARGUMENT_MUTATION, call, helper, Optional.empty()));
    }
    if (!(s instanceof MethodCallExpr inner && isClientCall(inner))
        && types.isA(s, IndexFunctionHazards.KUBERNETES_CLIENTS).isYes()) {
      out.add(new Hazard(Kind.CLIENT_CALL, chain(call), helper, Optional.empty()));
    }
  }

  private boolean isClientCall(MethodCallExpr call) {
    return call.getScope().map(sc -> types.isA(sc, IndexFunctionHazards.KUBERNETES_CLIENTS).isYes()).orElse(false);
  }

  /** Setters on the indexed object (or what its getters return), and mutators of its live collections. */
  private boolean mutatesArgument(MethodCallExpr call, Expression scope) {
    String name = call.getNameAsString();
    if (IndexFunctionHazards.MODEL_MUTATOR.matcher(name).matches()) {
      return true;
    }
    if (!IndexFunctionHazards.COLLECTION_MUTATORS_ON_ARGUMENT.contains(name)
        || !(scope instanceof MethodCallExpr getter)) {
      return false;
    }
    return IndexFunctionHazards.METADATA_COLLECTION_GETTERS.contains(getter.getNameAsString())
        || types.isA(scope, Set.of("java.util.Collection", "java.util.Map")).isYes();
  }

  /** {@code p}, {@code p.getMetadata()}, {@code p.getMetadata().getLabels()}: zero-argument getters on the argument. */
  private boolean argumentGetterChain(Expression e, Node root, Set<Node> arguments, int depth) {
    Expression x = Expressions.withoutParentheses(e);
    if (x instanceof NameExpr n) {
      return origin(n, root, arguments) == Origin.ARGUMENT;
    }
    if (x instanceof MethodCallExpr m && m.getArguments().isEmpty() && m.getScope().isPresent() && depth < 8) {
      String g = m.getNameAsString();
      boolean getter = (g.startsWith("get") && g.length() > 3) || (g.startsWith("is") && g.length() > 2);
      return getter && argumentGetterChain(m.getScope().get(), root, arguments, depth + 1);
    }
    return false;
  }

  private void creation(ObjectCreationExpr created, Optional<String> helper, List<Hazard> out) {
    Optional<String> type = types.typeName(created.getType().getNameWithScope(), created);
    if (type.isEmpty()) {
      return;
    }
    if (created.getArguments().isEmpty()
        && IndexFunctionHazards.NONDETERMINISTIC_NO_ARG_CONSTRUCTORS.contains(type.get())) {
      out.add(new Hazard(Kind.NONDETERMINISM, chain(created), helper, Optional.empty()));
    }
    if (IndexFunctionHazards.IO_CONSTRUCTORS.contains(type.get())) {
      out.add(new Hazard(Kind.IO, created, helper, Optional.empty()));
    }
  }

  private void followHelper(MethodCallExpr call, MethodDeclaration target, Set<Node> arguments,
      Set<MethodDeclaration> visited, int depth, List<Hazard> out) {
    if (depth >= MAX_HELPER_DEPTH || target.getBody().isEmpty() || !visited.add(target)) {
      return;
    }
    // The helper's parameters that receive the indexed object are the argument there too.
    Set<Node> helperArguments = identitySet();
    for (int i = 0; i < call.getArguments().size() && i < target.getParameters().size(); i++) {
      if (Expressions.withoutParentheses(call.getArgument(i)) instanceof NameExpr n
          && Scopes.lookup(n.getNameAsString(), n).flatMap(VariableRef::declaration).map(arguments::contains)
              .orElse(false)) {
        helperArguments.add(target.getParameter(i));
      }
    }
    List<Hazard> inner = new ArrayList<>();
    scan(target, target.getBody().get(), helperArguments, Optional.of(target.getNameAsString()), visited,
        depth + 1, inner);
    // A hazard inside a helper is reported as the helper's, naming its statement.
    for (Hazard h : inner) {
      out.add(h.helper().isPresent() ? h : new Hazard(h.kind(), h.node(), Optional.of(target.getNameAsString()),
          h.target()));
    }
  }

  private Origin origin(NameExpr n, Node root, Set<Node> arguments) {
    String name = n.getNameAsString();
    if (declaredInAnonymousBody(n, root, name)) {
      return Origin.SHARED; // a field of the function object: state kept between calls
    }
    Optional<VariableRef> ref = Scopes.lookup(name, n);
    if (ref.isEmpty()) {
      ref = types.variable(n);
      return ref.isPresent() && ref.get().kind() == VariableRef.Kind.FIELD ? Origin.SHARED : Origin.UNKNOWN;
    }
    Optional<Node> declaration = ref.get().declaration();
    if (declaration.isPresent() && arguments.contains(declaration.get())) {
      return Origin.ARGUMENT;
    }
    if (ref.get().kind() == VariableRef.Kind.FIELD) {
      return Origin.SHARED;
    }
    if (declaration.isEmpty()) {
      return Origin.UNKNOWN;
    }
    return isInside(declaration.get(), root) ? Origin.LOCAL : Origin.SHARED;
  }

  private Origin fieldOrigin(FieldAccessExpr f, Node root, Set<Node> arguments) {
    Expression scope = Expressions.withoutParentheses(f.getScope());
    if (scope instanceof ThisExpr) {
      return Origin.SHARED;
    }
    if (isTypeName(scope)) {
      return types.variable(f).filter(r -> r.kind() == VariableRef.Kind.FIELD).isPresent()
          ? Origin.SHARED : Origin.UNKNOWN;
    }
    if (scope instanceof NameExpr n) {
      return origin(n, root, arguments);
    }
    if (scope instanceof FieldAccessExpr inner) {
      return fieldOrigin(inner, root, arguments);
    }
    return Origin.UNKNOWN;
  }

  private static boolean declaredInAnonymousBody(Node use, Node root, String name) {
    Node n = use;
    while (n != null) {
      if (n instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
        for (var member : o.getAnonymousClassBody().get()) {
          if (member instanceof FieldDeclaration fd
              && fd.getVariables().stream().anyMatch(v -> v.getNameAsString().equals(name))) {
            return true;
          }
        }
      }
      if (n == root) {
        return false;
      }
      n = n.getParentNode().orElse(null);
    }
    return false;
  }

  private Optional<String> declaredType(Expression e) {
    return Scopes.variable(e, types).flatMap(Scopes::declaredType).filter(ClassOrInterfaceType.class::isInstance)
        .flatMap(t -> types.typeName(((ClassOrInterfaceType) t).getNameWithScope(), t));
  }

  private boolean isTypeName(Expression e) {
    if (e instanceof NameExpr n) {
      String s = n.getNameAsString();
      return Character.isUpperCase(s.charAt(0)) && Scopes.lookup(s, n).isEmpty() && types.variable(n).isEmpty()
          && types.typeName(s, n).isPresent();
    }
    if (e instanceof FieldAccessExpr f) {
      return types.variable(f).isEmpty() && types.typeName(f.toString(), f).isPresent()
          && Character.isUpperCase(f.getNameAsString().charAt(0));
    }
    return false;
  }

  private static boolean isInside(Node node, Node root) {
    Node n = node;
    while (n != null) {
      if (n == root) {
        return true;
      }
      n = n.getParentNode().orElse(null);
    }
    return false;
  }

  private static boolean isIncrement(UnaryExpr u) {
    return switch (u.getOperator()) {
      case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT -> true;
      default -> false;
    };
  }

  private static String rootName(Expression e) {
    Expression x = e;
    while (true) {
      if (x instanceof FieldAccessExpr f) {
        if (f.getScope() instanceof ThisExpr || Character.isUpperCase(f.getScope().toString().charAt(0))) {
          return f.getNameAsString();
        }
        x = f.getScope();
      } else if (x instanceof ArrayAccessExpr a) {
        x = a.getName();
      } else {
        return x.toString();
      }
    }
  }

  /** The whole call chain an offending call belongs to ({@code Instant.now().getEpochSecond()}). */
  private static Node chain(Expression e) {
    Expression x = e;
    while (x.getParentNode().orElse(null) instanceof MethodCallExpr parent
        && parent.getScope().isPresent() && parent.getScope().get() == x) {
      x = parent;
    }
    return x;
  }


  private static <T> Set<T> identitySet() {
    return java.util.Collections.newSetFromMap(new IdentityHashMap<>());
  }

}
