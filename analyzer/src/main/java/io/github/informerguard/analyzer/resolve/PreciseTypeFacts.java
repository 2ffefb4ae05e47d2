package io.github.informerguard.analyzer.resolve;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.type.Type;
import com.github.javaparser.resolution.declarations.ResolvedFieldDeclaration;
import com.github.javaparser.resolution.declarations.ResolvedValueDeclaration;
import com.github.javaparser.resolution.types.ResolvedReferenceType;
import com.github.javaparser.resolution.types.ResolvedType;
import io.github.informerguard.analyzer.api.AnalysisMode;
import io.github.informerguard.analyzer.api.Match;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import java.util.Optional;
import java.util.Set;

/**
 * Type facts from the symbol solver. Anything the solver cannot resolve is UNKNOWN, so that
 * precise mode never reports on a guess.
 */
public final class PreciseTypeFacts implements SourceBackedFacts {

  private final CompiledConstants constants;
  private final SourceTypes sources;
  private final TypeNames names;
  private final ChainTyper chains = new ChainTyper();

  public PreciseTypeFacts(CompiledConstants constants, SourceTypes sources) {
    this.constants = constants;
    this.sources = sources;
    this.names = new TypeNames(sources);
  }

  @Override
  public Optional<String> typeName(String written, Node context) {
    return names.resolve(written, context);
  }

  @Override
  public SourceTypes sources() {
    return sources;
  }

  @Override
  public AnalysisMode mode() {
    return AnalysisMode.PRECISE;
  }

  /** The qualified static type of an expression as the chain typer finds it (empty when unknown). */
  public Optional<String> typeOf(Expression expression) {
    return chains.typeOf(expression).map(ChainTyper.GType::qualifiedName);
  }

  @Override
  public Match isA(Expression expression, Set<String> qualifiedNames) {
    Optional<ChainTyper.GType> type = chains.typeOf(expression);
    if (type.isEmpty()) {
      return Match.UNKNOWN;
    }
    var declaration = type.get().declaration();
    if (qualifiedNames.contains(declaration.getQualifiedName())) {
      return Match.YES;
    }
    return Resolution.attempt(
            () -> declaration.getAllAncestors().stream()
                .anyMatch(a -> qualifiedNames.contains(a.getQualifiedName())))
        .map(Match::of)
        .orElse(Match.UNKNOWN);
  }

  @Override
  public Match isA(Type type, Set<String> qualifiedNames) {
    return Resolution.attempt(type::resolve).map(t -> isA(t, qualifiedNames)).orElse(Match.UNKNOWN);
  }

  private static Match isA(ResolvedType type, Set<String> qualifiedNames) {
    if (!type.isReferenceType()) {
      return Match.NO;
    }
    ResolvedReferenceType ref = type.asReferenceType();
    if (qualifiedNames.contains(ref.getQualifiedName())) {
      return Match.YES;
    }
    return Resolution.attempt(
            () -> ref.getAllAncestors().stream()
                .anyMatch(a -> qualifiedNames.contains(a.getQualifiedName())))
        .map(Match::of)
        .orElse(Match.UNKNOWN);
  }

  @Override
  public Match annotationIs(AnnotationExpr annotation, String qualifiedName) {
    return Resolution.attempt(() -> annotation.resolve().getQualifiedName())
        .map(q -> Match.of(q.equals(qualifiedName)))
        .orElse(Match.UNKNOWN);
  }

  @Override
  public Optional<VariableRef> variable(Expression expression) {
    Optional<ResolvedValueDeclaration> decl;
    if (expression instanceof NameExpr n) {
      decl = Resolution.attempt(n::resolve);
    } else if (expression instanceof FieldAccessExpr f) {
      decl = Resolution.attempt(f::resolve);
    } else {
      return Optional.empty();
    }
    return decl.flatMap(d -> describe(d, expression));
  }

  private Optional<VariableRef> describe(ResolvedValueDeclaration d, Expression use) {
    String name = d.getName();
    Optional<Node> ast = Resolution.attempt(() -> d.toAst().orElse(null));
    if (d.isField() || d.isEnumConstant()) {
      if (d.isEnumConstant()) {
        String owner = Resolution.attempt(() -> d.asEnumConstant().getType().describe()).orElse("");
        return Optional.of(new VariableRef(name, VariableRef.Kind.FIELD, true, true,
            Optional.of(owner), Optional.empty(), Optional.empty(), Optional.empty()));
      }
      ResolvedFieldDeclaration f = d.asField();
      String owner = Resolution.attempt(() -> f.declaringType().getQualifiedName()).orElse("");
      boolean isStatic = Resolution.attempt(f::isStatic).orElse(false);
      Optional<VariableDeclarator> declarator = declarator(ast, name);
      if (declarator.isPresent()) {
        boolean isFinal = isFinalField(declarator.get());
        boolean iface = declarator.get().findAncestor(com.github.javaparser.ast.body.ClassOrInterfaceDeclaration.class)
            .map(c -> c.isInterface()).orElse(false);
        return Optional.of(new VariableRef(name, VariableRef.Kind.FIELD, isStatic || iface, isFinal || iface,
            Optional.of(owner), Optional.of(declarator.get()), declarator.get().getInitializer(),
            Optional.empty()));
      }
      Optional<Object> constant = owner.isEmpty() ? Optional.empty() : constants.constant(owner, name);
      return Optional.of(new VariableRef(name, VariableRef.Kind.FIELD, isStatic, constant.isPresent(),
          Optional.of(owner), Optional.empty(), Optional.empty(), constant));
    }
    if (d.isParameter()) {
      return Optional.of(new VariableRef(name, VariableRef.Kind.PARAMETER, false, false,
          Optional.empty(), ast, Optional.empty(), Optional.empty()));
    }
    Optional<VariableDeclarator> declarator = declarator(ast, name);
    if (declarator.isPresent()) {
      VariableDeclarator v = declarator.get();
      boolean isFinal = v.getParentNode()
          .filter(VariableDeclarationExpr.class::isInstance)
          .map(p -> ((VariableDeclarationExpr) p).isFinal())
          .orElse(false);
      return Optional.of(new VariableRef(name, VariableRef.Kind.LOCAL, false, isFinal,
          Optional.empty(), Optional.of(v), v.getInitializer(), Optional.empty()));
    }
    // Pattern variables, lambda parameters and the like: fall back to the source scopes.
    return Scopes.lookup(name, use);
  }

  private static Optional<VariableDeclarator> declarator(Optional<Node> ast, String name) {
    if (ast.isEmpty()) {
      return Optional.empty();
    }
    Node n = ast.get();
    if (n instanceof VariableDeclarator v) {
      return Optional.of(v);
    }
    if (n instanceof FieldDeclaration fd) {
      return fd.getVariables().stream().filter(v -> v.getNameAsString().equals(name)).findFirst();
    }
    if (n instanceof VariableDeclarationExpr vd) {
      return vd.getVariables().stream().filter(v -> v.getNameAsString().equals(name)).findFirst();
    }
    return Optional.empty();
  }

  private static boolean isFinalField(VariableDeclarator v) {
    return v.getParentNode()
        .filter(FieldDeclaration.class::isInstance)
        .map(p -> ((FieldDeclaration) p).isFinal())
        .orElse(false);
  }
}
