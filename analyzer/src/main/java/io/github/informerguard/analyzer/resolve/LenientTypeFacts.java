package io.github.informerguard.analyzer.resolve;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import io.github.informerguard.analyzer.api.AnalysisMode;
import io.github.informerguard.analyzer.api.Match;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.LibraryModel;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Type facts without a classpath: declared types of variables resolved through imports,
 * fluent chains typed through {@link LibraryModel}, user types through their declarations in
 * the analyzed sources. Answers UNKNOWN whenever a guess would be needed.
 */
public final class LenientTypeFacts implements TypeFacts {

  private static final int MAX_DEPTH = 24;

  private final SourceTypes sources;
  private final TypeNames names;

  public LenientTypeFacts(SourceTypes sources) {
    this.sources = sources;
    this.names = new TypeNames(sources);
  }

  @Override
  public AnalysisMode mode() {
    return AnalysisMode.LENIENT;
  }

  @Override
  public Match isA(Expression expression, Set<String> qualifiedNames) {
    return typeOf(expression, 0).map(t -> subtype(t, qualifiedNames, 0)).orElse(Match.UNKNOWN);
  }

  @Override
  public Match isA(Type type, Set<String> qualifiedNames) {
    return declaredType(type).map(t -> subtype(t, qualifiedNames, 0)).orElse(Match.UNKNOWN);
  }

  @Override
  public Match annotationIs(AnnotationExpr annotation, String qualifiedName) {
    return names.resolve(annotation.getNameAsString(), annotation)
        .map(q -> Match.of(q.equals(qualifiedName)))
        .orElse(Match.UNKNOWN);
  }

  @Override
  public Optional<String> typeName(String written, Node context) {
    return names.resolve(written, context);
  }

  @Override
  public Optional<VariableRef> variable(Expression expression) {
    if (expression instanceof NameExpr n) {
      Optional<VariableRef> local = Scopes.lookup(n.getNameAsString(), n);
      return local.isPresent() ? local : staticImport(n);
    }
    if (expression instanceof FieldAccessExpr f) {
      Expression scope = f.getScope();
      if (scope instanceof ThisExpr) {
        return f.findAncestor(TypeDeclaration.class)
            .flatMap(t -> Scopes.field((TypeDeclaration<?>) t, f.getNameAsString()));
      }
      Optional<String> owner = typeNameOf(scope);
      return owner.flatMap(sources::find).flatMap(t -> Scopes.field(t, f.getNameAsString()));
    }
    return Optional.empty();
  }

  /** A qualifier that names a type ({@code Constants} in {@code Constants.RESYNC}). */
  private Optional<String> typeNameOf(Expression scope) {
    if (scope instanceof NameExpr n && Scopes.lookup(n.getNameAsString(), n).isEmpty()) {
      return names.resolve(n.getNameAsString(), n);
    }
    if (scope instanceof FieldAccessExpr f && variable(f).isEmpty()) {
      return names.resolve(f.toString(), f);
    }
    return Optional.empty();
  }

  private Optional<VariableRef> staticImport(NameExpr n) {
    Optional<CompilationUnit> cu = n.findCompilationUnit();
    if (cu.isEmpty()) {
      return Optional.empty();
    }
    for (ImportDeclaration imp : cu.get().getImports()) {
      if (!imp.isStatic()) {
        continue;
      }
      String owner;
      if (imp.isAsterisk()) {
        owner = imp.getNameAsString();
      } else if (imp.getName().getIdentifier().equals(n.getNameAsString())) {
        owner = imp.getName().getQualifier().map(Object::toString).orElse("");
      } else {
        continue;
      }
      Optional<VariableRef> f = sources.find(owner).flatMap(t -> Scopes.field(t, n.getNameAsString()));
      if (f.isPresent()) {
        return f;
      }
    }
    return Optional.empty();
  }

  /** The qualified static type of an expression, when declarations and the model tell it. */
  public Optional<String> typeOf(Expression e, int depth) {
    if (depth > MAX_DEPTH) {
      return Optional.empty();
    }
    if (e instanceof EnclosedExpr en) {
      return typeOf(en.getInner(), depth + 1);
    }
    if (e instanceof CastExpr c) {
      return declaredType(c.getType());
    }
    if (e instanceof ObjectCreationExpr o) {
      return names.resolve(o.getType().getNameWithScope(), o);
    }
    if (e instanceof NameExpr || e instanceof FieldAccessExpr) {
      Optional<VariableRef> v = variable(e);
      if (v.isEmpty()) {
        return Optional.empty();
      }
      return v.get().declaration().flatMap(d -> typeOfDeclaration(d, depth));
    }
    if (e instanceof MethodCallExpr call) {
      if (call.getScope().isEmpty()) {
        return ownMethodReturnType(call);
      }
      Expression scope = call.getScope().get();
      Optional<String> receiver = typeOf(scope, depth + 1);
      if (receiver.isEmpty()) {
        receiver = typeNameOf(scope); // a static call: ControllerBuilder.controllerWatchBuilder(...)
      }
      return receiver.flatMap(r -> LibraryModel.returnType(r, call.getNameAsString()));
    }
    return Optional.empty();
  }

  private Optional<String> typeOfDeclaration(Node declaration, int depth) {
    if (declaration instanceof VariableDeclarator d) {
      if (d.getType().isVarType()) {
        return d.getInitializer().flatMap(i -> typeOf(i, depth + 1));
      }
      return declaredType(d.getType());
    }
    if (declaration instanceof Parameter p && !p.getType().isUnknownType() && !p.getType().isVarType()) {
      return declaredType(p.getType());
    }
    return Optional.empty();
  }

  /** A call to a method of the enclosing class: its declared return type, if unambiguous. */
  private Optional<String> ownMethodReturnType(MethodCallExpr call) {
    Optional<ClassOrInterfaceDeclaration> owner = call.findAncestor(ClassOrInterfaceDeclaration.class);
    if (owner.isEmpty()) {
      return Optional.empty();
    }
    var candidates = owner.get().getMethodsByName(call.getNameAsString()).stream()
        .filter(m -> m.getParameters().size() == call.getArguments().size())
        .toList();
    if (candidates.size() != 1) {
      return Optional.empty();
    }
    MethodDeclaration m = candidates.get(0);
    return declaredType(m.getType());
  }

  private Optional<String> declaredType(Type type) {
    if (type instanceof ClassOrInterfaceType c) {
      return names.resolve(c.getNameWithScope(), c);
    }
    return Optional.empty();
  }

  /** Whether {@code type} is one of {@code targets} or reaches one through known supertypes. */
  private Match subtype(String type, Set<String> targets, int depth) {
    Set<String> seen = new HashSet<>();
    return subtype(type, targets, depth, seen);
  }

  private Match subtype(String type, Set<String> targets, int depth, Set<String> seen) {
    if (targets.contains(type)) {
      return Match.YES;
    }
    if (!seen.add(type) || depth > MAX_DEPTH) {
      return Match.UNKNOWN;
    }
    if (LibraryModel.knows(type)) {
      Set<String> supers = LibraryModel.selfAndSupertypes(type);
      return Match.of(supers.stream().anyMatch(targets::contains));
    }
    Optional<TypeDeclaration<?>> declared = sources.find(type);
    if (declared.isEmpty()) {
      return isJdkType(type) ? Match.NO : Match.UNKNOWN;
    }
    Match result = Match.NO;
    for (ClassOrInterfaceType parent : parents(declared.get())) {
      Optional<String> q = names.resolve(parent.getNameWithScope(), declared.get());
      if (q.isEmpty()) {
        result = Match.UNKNOWN;
        continue;
      }
      Match m = subtype(q.get(), targets, depth + 1, seen);
      if (m == Match.YES) {
        return Match.YES;
      }
      if (m == Match.UNKNOWN) {
        result = Match.UNKNOWN;
      }
    }
    return result;
  }

  private static boolean isJdkType(String type) {
    return (type.startsWith("java.") || type.startsWith("javax.")) && JdkTypes.exists(type);
  }

  private static Iterable<ClassOrInterfaceType> parents(TypeDeclaration<?> t) {
    if (t instanceof ClassOrInterfaceDeclaration c) {
      var all = new java.util.ArrayList<ClassOrInterfaceType>(c.getExtendedTypes());
      all.addAll(c.getImplementedTypes());
      return all;
    }
    if (t instanceof com.github.javaparser.ast.nodeTypes.NodeWithImplements<?> i) {
      return i.getImplementedTypes();
    }
    return java.util.List.of();
  }

  public TypeNames names() {
    return names;
  }
}
