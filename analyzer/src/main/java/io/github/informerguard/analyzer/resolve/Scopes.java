package io.github.informerguard.analyzer.resolve;

import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.TypePatternExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithStatements;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.type.Type;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import java.util.Optional;

/**
 * Source-only name lookup: finds the local, parameter or field that a simple name refers to by
 * walking outwards from its use, the way javac's scopes do for the common cases. Used by
 * lenient mode and by rules that need a variable's declaration.
 */
public final class Scopes {

  private Scopes() {}

  /**
   * The variable a name or field access refers to: a simple name from the enclosing source first,
   * then whatever the mode's type facts know (fields of other classes, precise resolution). The
   * one home of that question for the rules.
   */
  public static Optional<VariableRef> variable(Expression nameOrFieldAccess, TypeFacts types) {
    Optional<VariableRef> ref = nameOrFieldAccess instanceof NameExpr n ? lookup(n.getNameAsString(), n) : Optional.empty();
    return ref.isPresent() ? ref : types.variable(nameOrFieldAccess);
  }

  /** The declaration that {@code name}, used at {@code use}, refers to in the enclosing source. */
  public static Optional<VariableRef> lookup(String name, Node use) {
    Node child = use;
    Optional<Node> parent = use.getParentNode();
    while (parent.isPresent()) {
      Node p = parent.get();
      Optional<VariableRef> found = declaredIn(p, child, name);
      if (found.isPresent()) {
        return found;
      }
      child = p;
      parent = p.getParentNode();
    }
    return Optional.empty();
  }

  private static Optional<VariableRef> declaredIn(Node scope, Node child, String name) {
    Optional<TypePatternExpr> pattern = PatternBindings.inScopeOf(scope, child, name);
    if (pattern.isPresent()) {
      return pattern.map(Scopes::patternVariable);
    }
    if (scope instanceof NodeWithStatements<?> block) {
      for (Statement s : block.getStatements()) {
        if (s == child) {
          break;
        }
        Optional<TypePatternExpr> guard = PatternBindings.introducedAfter(s, name);
        if (guard.isPresent()) {
          return guard.map(Scopes::patternVariable);
        }
        if (s instanceof ExpressionStmt es && es.getExpression() instanceof VariableDeclarationExpr v) {
          Optional<VariableRef> r = local(v, name);
          if (r.isPresent()) {
            return r;
          }
        }
      }
    } else if (scope instanceof ForStmt f) {
      for (Expression init : f.getInitialization()) {
        if (init instanceof VariableDeclarationExpr v) {
          Optional<VariableRef> r = local(v, name);
          if (r.isPresent()) {
            return r;
          }
        }
      }
    } else if (scope instanceof ForEachStmt f) {
      Optional<VariableRef> r = local(f.getVariable(), name);
      if (r.isPresent()) {
        return r.map(Scopes::withoutInitializer);
      }
    } else if (scope instanceof TryStmt t) {
      for (Expression res : t.getResources()) {
        if (res instanceof VariableDeclarationExpr v && child != res) {
          Optional<VariableRef> r = local(v, name);
          if (r.isPresent()) {
            return r;
          }
        }
      }
    } else if (scope instanceof CatchClause c) {
      return parameter(c.getParameter(), name);
    } else if (scope instanceof LambdaExpr l) {
      for (Parameter p : l.getParameters()) {
        Optional<VariableRef> r = parameter(p, name);
        if (r.isPresent()) {
          return r;
        }
      }
    } else if (scope instanceof CallableDeclaration<?> c) {
      for (Parameter p : c.getParameters()) {
        Optional<VariableRef> r = parameter(p, name);
        if (r.isPresent()) {
          return r;
        }
      }
    } else if (scope instanceof TypeDeclaration<?> type) {
      return field(type, name);
    }
    return Optional.empty();
  }

  /**
   * The type written where {@code ref}'s variable is declared (field, local, parameter or pattern), or for
   * {@code var} the class that its {@code new} initializer creates. Empty when the declaration is
   * not in the sources or a {@code var} is initialized otherwise. Qualify it from the returned node
   * ({@code types.typeName(written, type)}): it stands where the name was written.
   */
  public static Optional<Type> declaredType(VariableRef ref) {
    Optional<Node> d = ref.declaration();
    if (d.isPresent() && d.get() instanceof VariableDeclarator v) {
      return v.getType().isVarType()
          ? v.getInitializer().map(Expressions::withoutParentheses).filter(ObjectCreationExpr.class::isInstance)
              .map(o -> ((ObjectCreationExpr) o).getType())
          : Optional.of(v.getType());
    }
    if (d.isPresent() && d.get() instanceof TypePatternExpr p) {
      return p.getType().isVarType() ? Optional.empty() : Optional.of(p.getType());
    }
    return d.filter(Parameter.class::isInstance).map(p -> ((Parameter) p).getType());
  }

  /** A field named {@code name} declared directly in {@code type}. */
  public static Optional<VariableRef> field(TypeDeclaration<?> type, String name) {
    boolean iface = type.isClassOrInterfaceDeclaration()
        && type.asClassOrInterfaceDeclaration().isInterface();
    for (FieldDeclaration fd : type.getFields()) {
      for (VariableDeclarator v : fd.getVariables()) {
        if (v.getNameAsString().equals(name)) {
          boolean isStatic = iface || fd.isStatic();
          boolean isFinal = iface || fd.isFinal();
          return Optional.of(
              new VariableRef(
                  name,
                  VariableRef.Kind.FIELD,
                  isStatic,
                  isFinal,
                  type.getFullyQualifiedName(),
                  Optional.of(v),
                  v.getInitializer(),
                  Optional.empty()));
        }
      }
    }
    if (type instanceof EnumDeclaration e
        && e.getEntries().stream().anyMatch(c -> c.getNameAsString().equals(name))) {
      return Optional.of(
          new VariableRef(name, VariableRef.Kind.FIELD, true, true, e.getFullyQualifiedName(),
              Optional.empty(), Optional.empty(), Optional.empty()));
    }
    if (type instanceof RecordDeclaration r) {
      for (Parameter p : r.getParameters()) {
        if (p.getNameAsString().equals(name)) {
          return Optional.of(
              new VariableRef(name, VariableRef.Kind.FIELD, false, true, r.getFullyQualifiedName(),
                  Optional.of(p), Optional.empty(), Optional.empty()));
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<VariableRef> local(VariableDeclarationExpr v, String name) {
    for (VariableDeclarator d : v.getVariables()) {
      if (d.getNameAsString().equals(name)) {
        return Optional.of(
            new VariableRef(
                name,
                VariableRef.Kind.LOCAL,
                false,
                v.hasModifier(Modifier.Keyword.FINAL),
                Optional.empty(),
                Optional.of(d),
                d.getInitializer(),
                Optional.empty()));
      }
    }
    return Optional.empty();
  }

  private static Optional<VariableRef> parameter(Parameter p, String name) {
    if (!p.getNameAsString().equals(name)) {
      return Optional.empty();
    }
    return Optional.of(
        new VariableRef(name, VariableRef.Kind.PARAMETER, false, p.isFinal(), Optional.empty(),
            Optional.of(p), Optional.empty(), Optional.empty()));
  }

  /**
   * A pattern variable: a local without an initializer (it holds the tested value only where the
   * test succeeded, so it is no alias that rules could follow back).
   */
  private static VariableRef patternVariable(TypePatternExpr p) {
    return new VariableRef(p.getNameAsString(), VariableRef.Kind.LOCAL, false, p.hasModifier(Modifier.Keyword.FINAL),
        Optional.empty(), Optional.of(p), Optional.empty(), Optional.empty());
  }

  private static VariableRef withoutInitializer(VariableRef r) {
    return new VariableRef(r.name(), r.kind(), r.isStatic(), r.isFinal(), r.declaringType(),
        r.declaration(), Optional.empty(), r.compiledConstant());
  }

  /**
   * Whether a variable is written anywhere in {@code region} other than by its initializer:
   * assignments, compound assignments and increments to its simple name or to
   * {@code this.name} / {@code Type.name}.
   */
  public static boolean isReassignedIn(Node region, String name) {
    for (AssignExpr a : region.findAll(AssignExpr.class)) {
      if (namesVariable(a.getTarget(), name)) {
        return true;
      }
    }
    for (UnaryExpr u : region.findAll(UnaryExpr.class)) {
      if ((u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT
              || u.getOperator() == UnaryExpr.Operator.PREFIX_DECREMENT
              || u.getOperator() == UnaryExpr.Operator.POSTFIX_INCREMENT
              || u.getOperator() == UnaryExpr.Operator.POSTFIX_DECREMENT)
          && namesVariable(u.getExpression(), name)) {
        return true;
      }
    }
    return false;
  }

  private static boolean namesVariable(Expression target, String name) {
    if (target instanceof NameExpr n) {
      return n.getNameAsString().equals(name);
    }
    return target instanceof FieldAccessExpr f && f.getNameAsString().equals(name);
  }

  /**
   * Whether a variable is written again after its declaration: a field anywhere in its class, a
   * local anywhere in the body that declares it.
   */
  public static boolean isReassigned(VariableRef ref, Node declaration) {
    Node region = ref.kind() == VariableRef.Kind.FIELD
        ? declaration.findAncestor(TypeDeclaration.class).map(Node.class::cast).orElse(declaration)
        : enclosingBody(declaration);
    return isReassignedIn(region, ref.name());
  }

  /** Whether {@code name} refers to exactly this declaration (not to another variable of the same name). */
  public static boolean refersTo(NameExpr name, Node declaration) {
    return lookup(name.getNameAsString(), name).flatMap(VariableRef::declaration).filter(d -> d == declaration).isPresent();
  }

  /** The body that bounds a local's lifetime: the enclosing callable, lambda or initializer. */
  public static Node enclosingBody(Node node) {
    Node current = node;
    while (current.getParentNode().isPresent()) {
      Node p = current.getParentNode().get();
      if (p instanceof CallableDeclaration<?> || p instanceof LambdaExpr
          || p instanceof TypeDeclaration<?>) {
        return p;
      }
      current = p;
    }
    return current;
  }
}
