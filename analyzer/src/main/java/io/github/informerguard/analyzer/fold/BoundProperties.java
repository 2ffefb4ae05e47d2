package io.github.informerguard.analyzer.fold;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.SingleMemberAnnotationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.type.Type;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * A getter of a Spring Boot {@code @ConfigurationProperties} class ({@code properties.getWatcherInterval()}):
 * the property it returns is bound from the key {@code <prefix>.<kebab-case field name>} (a nested
 * class's fields under the outer class's field that holds it), so it folds to the module's shipped
 * value for that key when exactly one place sets it (see {@link ShippedConfig}), and otherwise to the
 * field's initializer, flagged as a configuration default. JavaBean binding only (a getter that
 * returns a private field, set by its setter); nothing is folded when code other than the binder
 * calls the setter, when the field has no initializer and no shipped value, or when the value's
 * unit is moved by {@code @DurationUnit}.
 */
final class BoundProperties {

  private static final String CONFIGURATION_PROPERTIES =
      "org.springframework.boot.context.properties.ConfigurationProperties";
  private static final String DURATION = "java.time.Duration";
  private static final List<String> NUMBERS =
      List.of("int", "long", "short", "java.lang.Integer", "java.lang.Long", "java.lang.Short");

  private BoundProperties() {}

  /**
   * The value of {@code call} when it is a no-argument getter on a bound properties object;
   * {@code fold} computes an initializer.
   */
  static Optional<Folded> getterValue(MethodCallExpr call, TypeFacts types, Function<Expression, Optional<Folded>> fold) {
    String name = call.getNameAsString();
    if (!call.getArguments().isEmpty() || call.getScope().isEmpty() || !(name.startsWith("get") && name.length() > 3)) {
      return Optional.empty();
    }
    Optional<TypeDeclaration<?>> owner = declaredType(call.getScope().get(), types);
    if (owner.isEmpty()) {
      return Optional.empty();
    }
    Optional<String> prefix = prefix(owner.get(), types);
    if (prefix.isEmpty()) {
      return Optional.empty();
    }
    Optional<VariableDeclarator> field = returnedField(owner.get(), name);
    if (field.isEmpty() || !writtenOnlyByBinding(owner.get(), field.get(), types)) {
      return Optional.empty();
    }
    VariableDeclarator f = field.get();
    boolean duration = typeIs(f.getType(), f, types, List.of(DURATION));
    if (!duration && !typeIs(f.getType(), f, types, NUMBERS)) {
      return Optional.empty();
    }
    if (f.getParentNode().filter(FieldDeclaration.class::isInstance).map(FieldDeclaration.class::cast)
        .filter(fd -> fd.getAnnotations().stream().anyMatch(a -> a.getName().getIdentifier().equals("DurationUnit")))
        .isPresent()) {
      return Optional.empty(); // a bare number's unit is the annotation's: not read here
    }
    String key = prefix.get() + "." + kebab(f.getNameAsString());
    Optional<Optional<Folded>> shipped = ConfiguredValues.shippedBinding(f, key, f.getNameAsString(), duration, types);
    if (shipped.isPresent()) {
      return shipped.get(); // set in a shipped file (one value, or none when several places set it)
    }
    return f.getInitializer().flatMap(fold).map(Folded::asConfigDefault);
  }

  /** The source declaration of the type the receiver is declared with (a field, parameter or local). */
  private static Optional<TypeDeclaration<?>> declaredType(Expression scope, TypeFacts types) {
    if (!(scope instanceof NameExpr || scope instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr)) {
      return Optional.empty();
    }
    Optional<VariableRef> ref = types.variable(scope);
    Optional<Node> declaration = ref.flatMap(VariableRef::declaration);
    Type type = declaration.map(d -> d instanceof Parameter p ? p.getType()
        : d instanceof VariableDeclarator v ? v.getType() : null).orElse(null);
    if (type == null || !type.isClassOrInterfaceType()) {
      return Optional.empty();
    }
    return types.typeName(type.asClassOrInterfaceType().getNameWithScope(), declaration.get())
        .flatMap(types::sourceType);
  }

  /**
   * The key prefix the class is bound under: its own {@code @ConfigurationProperties} value, or for a
   * static nested class held by exactly one field of such a class, the outer prefix and that field's name.
   */
  private static Optional<String> prefix(TypeDeclaration<?> type, TypeFacts types) {
    Optional<String> own = annotatedPrefix(type, types);
    if (own.isPresent() || !(type instanceof ClassOrInterfaceDeclaration c) || !c.isStatic()) {
      return own;
    }
    Optional<TypeDeclaration<?>> outer = type.getParentNode().filter(TypeDeclaration.class::isInstance)
        .map(n -> (TypeDeclaration<?>) n);
    Optional<String> outerPrefix = outer.flatMap(o -> annotatedPrefix(o, types));
    if (outerPrefix.isEmpty()) {
      return Optional.empty();
    }
    List<VariableDeclarator> holders = outer.get().getFields().stream().filter(fd -> !fd.isStatic())
        .flatMap(fd -> fd.getVariables().stream())
        .filter(v -> v.getType().isClassOrInterfaceType()
            && v.getType().asClassOrInterfaceType().getName().getIdentifier().equals(type.getNameAsString()))
        .toList();
    return holders.size() == 1 ? Optional.of(outerPrefix.get() + "." + kebab(holders.get(0).getNameAsString()))
        : Optional.empty();
  }

  private static Optional<String> annotatedPrefix(TypeDeclaration<?> type, TypeFacts types) {
    for (AnnotationExpr a : type.getAnnotations()) {
      if (!isConfigurationProperties(a)) {
        continue;
      }
      Expression value = a instanceof SingleMemberAnnotationExpr s ? s.getMemberValue()
          : a instanceof NormalAnnotationExpr n ? n.getPairs().stream()
              .filter(p -> p.getNameAsString().equals("prefix") || p.getNameAsString().equals("value"))
              .map(p -> p.getValue()).findFirst().orElse(null)
          : null;
      return value instanceof StringLiteralExpr text && !text.getValue().isBlank()
          ? Optional.of(text.getValue().trim()) : Optional.empty();
    }
    return Optional.empty();
  }

  /**
   * {@code @ConfigurationProperties}, written qualified or imported (single or on demand) in the
   * declaring file. Read from the imports, not the solver: the declaration is in another file than
   * the one analysed, and both modes must agree.
   */
  private static boolean isConfigurationProperties(AnnotationExpr a) {
    String written = a.getNameAsString();
    if (written.equals(CONFIGURATION_PROPERTIES)) {
      return true;
    }
    if (!written.equals("ConfigurationProperties")) {
      return false;
    }
    String pkg = CONFIGURATION_PROPERTIES.substring(0, CONFIGURATION_PROPERTIES.lastIndexOf('.'));
    return a.findCompilationUnit().map(cu -> cu.getImports().stream().anyMatch(i -> !i.isStatic()
        && (i.isAsterisk() ? i.getNameAsString().equals(pkg) : i.getNameAsString().equals(CONFIGURATION_PROPERTIES))))
        .orElse(false);
  }

  /** {@code getX() { return x; }} (or {@code this.x}) over a private instance field {@code x} of the class. */
  private static Optional<VariableDeclarator> returnedField(TypeDeclaration<?> type, String getter) {
    List<MethodDeclaration> methods = type.getMethodsByName(getter).stream()
        .filter(m -> m.getParameters().isEmpty() && m.getBody().isPresent()).toList();
    if (methods.size() != 1) {
      return Optional.empty();
    }
    List<Statement> body = methods.get(0).getBody().get().getStatements();
    if (body.size() != 1 || !(body.get(0) instanceof ReturnStmt r) || r.getExpression().isEmpty()) {
      return Optional.empty();
    }
    Expression e = r.getExpression().get();
    String field = e instanceof NameExpr n ? n.getNameAsString()
        : e instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr ? f.getNameAsString() : null;
    if (field == null) {
      return Optional.empty();
    }
    return type.getFieldByName(field).filter(fd -> fd.isPrivate() && !fd.isStatic() && !fd.isFinal())
        .flatMap(fd -> fd.getVariables().stream().filter(v -> v.getNameAsString().equals(field)).findFirst());
  }

  /**
   * Whether only the binder sets the field: inside its class only its setter writes it, and no source
   * calls that setter (a {@code setWatcherInterval(600)} in code is not the shipped value).
   */
  private static boolean writtenOnlyByBinding(TypeDeclaration<?> type, VariableDeclarator field, TypeFacts types) {
    String name = field.getNameAsString();
    String setter = "set" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
    boolean otherWrites = type.findAll(com.github.javaparser.ast.expr.AssignExpr.class).stream()
        .filter(a -> a.getTarget() instanceof NameExpr n && n.getNameAsString().equals(name)
            || a.getTarget() instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr
                && f.getNameAsString().equals(name))
        .anyMatch(a -> a.findAncestor(MethodDeclaration.class).filter(m -> m.getNameAsString().equals(setter)
            && m.getParameters().size() == 1).isEmpty());
    return !otherWrites && !types.calledInSources(type.getNameAsString(), setter, 1).orElse(false);
  }

  private static boolean typeIs(Type type, Node context, TypeFacts types, List<String> names) {
    if (type.isPrimitiveType()) {
      return names.contains(type.asString());
    }
    return type.isClassOrInterfaceType() && types.typeName(type.asClassOrInterfaceType().getNameWithScope(), context)
        .filter(names::contains).isPresent();
  }

  /** Spring Boot's canonical property name: {@code watcherInterval} becomes {@code watcher-interval}. */
  static String kebab(String name) {
    StringBuilder out = new StringBuilder();
    for (char ch : name.toCharArray()) {
      if (Character.isUpperCase(ch) && out.length() > 0) {
        out.append('-');
      }
      out.append(Character.toLowerCase(ch));
    }
    return out.toString().toLowerCase(Locale.ROOT);
  }
}
