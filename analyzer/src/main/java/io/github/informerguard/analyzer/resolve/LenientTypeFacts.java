package io.github.informerguard.analyzer.resolve;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.TypePatternExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import io.github.informerguard.analyzer.api.AnalysisMode;
import io.github.informerguard.analyzer.api.Match;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.model.ApiModel;
import io.github.informerguard.analyzer.model.ModelField;
import io.github.informerguard.analyzer.resolve.LenientChainTyper.MType;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Type facts without a classpath: declared types of variables resolved through imports,
 * fluent chains typed step by step through the generated {@link ApiModel} (type arguments
 * substituted as precise mode does), user types and their members, inherited ones and Lombok
 * accessors included, through their declarations in the analyzed sources. Answers UNKNOWN
 * whenever a guess would be needed.
 */
public final class LenientTypeFacts implements SourceBackedFacts {

  private static final int MAX_DEPTH = 24;

  private final SourceTypes sources;
  private final TypeNames names;
  private final LenientChainTyper chains;

  public LenientTypeFacts(SourceTypes sources) {
    this.sources = sources;
    this.names = new TypeNames(sources);
    this.chains = new LenientChainTyper(sources, names);
  }

  @Override
  public SourceTypes sources() {
    return sources;
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
      if (owner.isEmpty()) {
        return Optional.empty();
      }
      Optional<VariableRef> inSource = sources.find(owner.get()).flatMap(t -> Scopes.field(t, f.getNameAsString()));
      return inSource.isPresent() ? inSource : libraryConstant(owner.get(), f.getNameAsString());
    }
    return Optional.empty();
  }

  /** A static field of a client library type, with the constant javac would inline. */
  private static Optional<VariableRef> libraryConstant(String owner, String name) {
    Optional<ModelField> field = ApiModel.get().type(owner).flatMap(t -> t.field(name)).filter(ModelField::isStatic);
    return field.map(f -> new VariableRef(name, VariableRef.Kind.FIELD, true, f.constant().isPresent(),
        Optional.of(owner), Optional.empty(), Optional.empty(), f.constant()));
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
    return genericTypeOf(e, depth).map(MType::name);
  }

  Optional<MType> genericTypeOf(Expression e) {
    return genericTypeOf(e, 0);
  }

  private Optional<MType> genericTypeOf(Expression e, int depth) {
    if (depth > MAX_DEPTH) {
      return Optional.empty();
    }
    if (e instanceof EnclosedExpr en) {
      return genericTypeOf(en.getInner(), depth + 1);
    }
    if (e instanceof CastExpr c) {
      return chains.typeAt(c.getType());
    }
    if (e instanceof ObjectCreationExpr o) {
      return o.getAnonymousClassBody().isPresent() || o.getType().isUsingDiamondOperator()
          ? names.resolve(o.getType().getNameWithScope(), o).map(MType::raw)
          : chains.typeAt(o.getType());
    }
    if (e instanceof ThisExpr t && t.getTypeName().isEmpty()) {
      return enclosingType(e);
    }
    if (e instanceof NameExpr || e instanceof FieldAccessExpr) {
      Optional<VariableRef> v = variable(e);
      if (v.isPresent()) {
        Optional<MType> declared = v.get().declaration().flatMap(d -> typeOfDeclaration(d, depth));
        return declared.isPresent() || !(e instanceof FieldAccessExpr f) ? declared : enumConstant(f);
      }
      if (e instanceof FieldAccessExpr f && typeNameOf(f.getScope()).isEmpty()) {
        return genericTypeOf(f.getScope(), depth + 1).flatMap(r -> chains.fieldType(r, f.getNameAsString()));
      }

      if (e instanceof NameExpr n) {
        return enclosingType(n).flatMap(r -> chains.fieldType(r, n.getNameAsString())); // an inherited field
      }
      return Optional.empty();
    }
    if (e instanceof MethodCallExpr call) {
      int arity = call.getArguments().size();
      if (call.getScope().isEmpty()) {
        return ownMethodReturnType(call, arity);
      }
      Expression scope = call.getScope().get();
      Optional<MType> receiver = genericTypeOf(scope, depth + 1);
      if (receiver.isEmpty()) {
        // A static call: ControllerBuilder.controllerWatchBuilder(...)
        receiver = typeNameOf(scope).map(MType::raw);
      }
      return receiver.flatMap(r -> chains.returnType(r, call.getNameAsString(), arity));
    }
    return Optional.empty();
  }

  /**
   * {@code Shared.INSTANCE} where {@code Shared} is an enum of the analyzed sources that declares that
   * constant: the enum itself (an enum singleton that hands out the client).
   */
  private Optional<MType> enumConstant(FieldAccessExpr f) {
    return typeNameOf(f.getScope()).filter(q -> sources.find(q)
            .filter(t -> t instanceof com.github.javaparser.ast.body.EnumDeclaration en
                && en.getEntries().stream().anyMatch(c -> c.getNameAsString().equals(f.getNameAsString())))
            .isPresent())
        .map(MType::raw);
  }

  private Optional<MType> typeOfDeclaration(Node declaration, int depth) {
    if (declaration instanceof VariableDeclarator d) {
      if (d.getType().isVarType()) {
        return d.getInitializer().flatMap(i -> genericTypeOf(i, depth + 1));
      }
      return chains.typeAt(d.getType());
    }
    if (declaration instanceof Parameter p && !p.getType().isUnknownType() && !p.getType().isVarType()) {
      return chains.typeAt(p.getType());
    }
    if (declaration instanceof TypePatternExpr p && !p.getType().isVarType()) {
      return chains.typeAt(p.getType()); // a pattern variable has its pattern's declared type
    }
    if (declaration instanceof Parameter p && p.getParentNode().orElse(null) instanceof LambdaExpr l) {
      return lambdaParameterType(l, l.getParameters().indexOf(p));
    }
    return Optional.empty();
  }

  /**
   * An implicitly typed lambda parameter, as the compiler infers it where the source states the
   * lambda's type ({@code BiFunction<KubernetesClient, String, Watch> open() { return (c, ns) -> ...; }}):
   * the JDK interface's type argument for that parameter. Other targets stay unknown.
   */
  private Optional<MType> lambdaParameterType(LambdaExpr lambda, int index) {
    return FunctionalInterfaces.targetOf(lambda).flatMap(target -> names.resolve(target.getNameWithScope(), lambda)
        .filter(q -> q.startsWith("java."))
        .flatMap(q -> FunctionalInterfaces.jdkLambdaParameter(q, target, index)))
        .flatMap(chains::typeAt);
  }

  /** The innermost enclosing class, its own type variables unbound (erased to their bounds). */
  private Optional<MType> enclosingType(Node n) {
    for (Optional<Node> p = n.getParentNode(); p.isPresent(); p = p.get().getParentNode()) {
      if (p.get() instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
        return Optional.empty(); // this and inherited names belong to the anonymous class
      }
      if (p.get() instanceof TypeDeclaration<?>) {
        break;
      }
    }
    return n.findAncestor(TypeDeclaration.class)
        .flatMap(t -> ((TypeDeclaration<?>) t).getFullyQualifiedName())
        .map(MType::raw);
  }

  /** A call to a method of an enclosing class (declared, inherited or Lombok-generated). */
  private Optional<MType> ownMethodReturnType(MethodCallExpr call, int arity) {
    for (Optional<Node> n = call.getParentNode(); n.isPresent(); n = n.get().getParentNode()) {
      if (n.get() instanceof TypeDeclaration<?> t && t.getFullyQualifiedName().isPresent()) {
        MType self = MType.raw(t.getFullyQualifiedName().get());
        boolean declares = chains.selfAndAncestors(self).stream()
            .anyMatch(a -> chains.declared(a.type().name()).map(d -> !d.methods(call.getNameAsString()).isEmpty()).orElse(false));
        if (declares) {
          return chains.returnType(self, call.getNameAsString(), arity);
        }
      }
    }
    return Optional.empty();
  }

  private Optional<String> declaredType(Type type) {
    return chains.typeAt(type).map(MType::name);
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
    if (ApiModel.get().knows(type)) {
      // Model types reach only model and JDK types, both fully known: NO is an answer.
      return Match.of(chains.ancestorNames(type).stream().anyMatch(targets::contains));
    }
    Optional<TypeDeclaration<?>> declared = sources.find(type);
    if (declared.isEmpty()) {
      return isJdkType(type) ? Match.of(JdkTypes.isSubtype(type, targets)) : Match.UNKNOWN;
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

  /**
   * The analyzed-source type that a call's scope or a reference's qualifier denotes: a type
   * name ({@code Library::index}, {@code Library.index(x)}) or an expression of that type.
   */
  public Optional<TypeDeclaration<?>> sourceTypeOf(Expression scope) {
    Optional<String> name;
    if (scope instanceof com.github.javaparser.ast.expr.TypeExpr t && t.getType().isClassOrInterfaceType()) {
      name = names.resolve(t.getType().asClassOrInterfaceType().getNameWithScope(), t);
    } else {
      name = typeNameOf(scope).or(() -> typeOf(scope, 0));
    }
    return name.flatMap(sources::find);
  }

  public TypeNames names() {
    return names;
  }
}
