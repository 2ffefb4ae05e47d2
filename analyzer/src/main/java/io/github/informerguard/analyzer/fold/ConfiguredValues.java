package io.github.informerguard.analyzer.fold;

import com.github.javaparser.ast.CompilationUnit;
import io.github.informerguard.analyzer.api.FileNodes;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MemberValuePair;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.SingleMemberAnnotationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithAnnotations;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Values a framework injects: a Spring {@code @Value("${key:30000}")} or MicroProfile
 * {@code @ConfigProperty(defaultValue = "30000")} field or parameter folds to the module's shipped
 * value for the key when it has one, else to its default, flagged as a configuration default; a
 * final field that only a constructor sets takes that assignment's value. A {@code Duration} field
 * or parameter reads the text as its framework converts it (see {@link ConfigDurations}).
 */
final class ConfiguredValues {

  private static final String SPRING_VALUE = "org.springframework.beans.factory.annotation.Value";
  private static final String MP_CONFIG_PROPERTY = "org.eclipse.microprofile.config.inject.ConfigProperty";
  /** {@code ${key}} or {@code ${key:default}}, the whole string; nested placeholders are not folded. */
  private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^:}$]+)(?::([^}$]*))?}");
  private static final Pattern NUMBER = Pattern.compile("-?[0-9_]+[lL]?");

  private ConfiguredValues() {}

  static Optional<Folded> defaultOf(Node declaration, TypeFacts types) {
    NodeWithAnnotations<?> annotated = declaration instanceof Parameter p ? p
        : declaration instanceof VariableDeclarator d
            ? d.getParentNode().filter(FieldDeclaration.class::isInstance).map(FieldDeclaration.class::cast).orElse(null)
            : null;
    if (annotated == null) {
      return Optional.empty();
    }
    boolean duration = ConfigDurations.isDuration(declaration, types);
    for (AnnotationExpr a : annotated.getAnnotations()) {
      if (types.annotationIs(a, SPRING_VALUE).isYes() && a instanceof SingleMemberAnnotationExpr s
          && s.getMemberValue() instanceof StringLiteralExpr text) {
        Matcher m = PLACEHOLDER.matcher(text.getValue());
        if (m.matches()) {
          ConfigDurations.Style style = ConfigDurations.Style.SPRING_BOOT;
          ShippedConfig.Lookup file = shipped(declaration, m.group(1).trim(), types);
          if (file.setSomewhere()) {
            return file.single().flatMap(v -> shippedValue(declaration, v, duration, style)); // the default does not apply
          }
          return m.group(2) == null ? Optional.empty() : value(m.group(2).trim(), duration, style, true, null);
        }
      }
      if (types.annotationIs(a, MP_CONFIG_PROPERTY).isYes() && a instanceof NormalAnnotationExpr n) {
        ConfigDurations.Style style = ConfigDurations.Style.QUARKUS;
        ShippedConfig.Lookup file = stringMember(n, "name").map(k -> shipped(declaration, k, types))
            .orElse(ShippedConfig.Lookup.UNSET);
        if (file.setSomewhere()) {
          return file.single().flatMap(v -> shippedValue(declaration, v, duration, style)); // the default does not apply
        }
        Optional<String> fallback = stringMember(n, "defaultValue");
        if (fallback.isPresent()) {
          return value(fallback.get().trim(), duration, style, true, null);
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<String> stringMember(NormalAnnotationExpr a, String name) {
    return a.getPairs().stream()
        .filter(p -> p.getNameAsString().equals(name) && p.getValue() instanceof StringLiteralExpr)
        .map(p -> ((StringLiteralExpr) p.getValue()).getValue())
        .findFirst();
  }

  /**
   * What the module's shipped configuration sets for {@code key} (see {@link ShippedConfig}): with
   * exactly one definition, that is what a deployment that sets nothing else runs with.
   */
  private static ShippedConfig.Lookup shipped(Node declaration, String key, TypeFacts types) {
    Optional<Path> resources = javaFile(declaration).flatMap(ShippedConfig::resourcesFor);
    if (resources.isEmpty()) {
      return ShippedConfig.Lookup.UNSET;
    }
    ShippedConfig.candidates(resources.get()).forEach(types::readsFile);
    return ShippedConfig.lookup(resources.get(), key);
  }

  /**
   * What the shipped files set for a bound property's {@code key} (canonical kebab case) or its
   * camel-case spelling {@code <prefix>.<field>}, both of which Spring Boot binds: empty when
   * neither is set; an empty value when several places set it or the text does not convert.
   */
  static Optional<Optional<Folded>> shippedBinding(Node field, String key, String fieldName, boolean duration,
      TypeFacts types) {
    ShippedConfig.Lookup kebab = shipped(field, key, types);
    String camel = key.substring(0, key.lastIndexOf('.') + 1) + fieldName;
    ShippedConfig.Lookup other = camel.equals(key) ? ShippedConfig.Lookup.UNSET : shipped(field, camel, types);
    if (kebab.setSomewhere() && other.setSomewhere()) {
      return Optional.of(Optional.empty());
    }
    ShippedConfig.Lookup set = kebab.setSomewhere() ? kebab : other;
    if (!set.setSomewhere()) {
      return Optional.empty();
    }
    return Optional.of(set.single()
        .flatMap(v -> shippedValue(field, v, duration, ConfigDurations.Style.SPRING_BOOT)));
  }

  private static Optional<Folded> shippedValue(Node declaration, ShippedConfig.Value v, boolean duration,
      ConfigDurations.Style style) {
    Optional<Path> module = javaFile(declaration).flatMap(ShippedConfig::resourcesFor)
        .map(r -> r.getParent().getParent().getParent());
    if (module.isEmpty()) {
      return Optional.empty();
    }
    return value(v.text(), duration, style, false,
        v.key() + " in " + module.get().relativize(v.file()).toString().replace('\\', '/'));
  }

  /** A configuration text as the injected type reads it: a number, or for a Duration its framework's syntax. */
  private static Optional<Folded> value(String text, boolean duration, ConfigDurations.Style style,
      boolean configDefault, String shippedIn) {
    if (duration) {
      return ConfigDurations.parse(text, style).map(d -> new Folded(d, configDefault, shippedIn));
    }
    return NUMBER.matcher(text).matches() ? number(text, configDefault, shippedIn) : Optional.empty();
  }

  private static Optional<Path> javaFile(Node declaration) {
    return declaration.findCompilationUnit().flatMap(CompilationUnit::getStorage).map(CompilationUnit.Storage::getPath);
  }

  private static Optional<Folded> number(String digits, boolean configDefault, String shippedIn) {
    try {
      String plain = digits.replace("_", "");
      if (plain.endsWith("l") || plain.endsWith("L")) {
        plain = plain.substring(0, plain.length() - 1);
      }
      return Optional.of(new Folded(Long.parseLong(plain), configDefault, shippedIn));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /**
   * The arguments that {@code new Owner(...)} and {@code this(...)} calls in the parameter's file pass
   * for a constructor parameter; empty when the class has several constructors or is constructed
   * elsewhere in ways this file cannot show (a public class may be, so only non-public ones count).
   */
  static List<Expression> constructorArguments(VariableRef v) {
    if (v.kind() != VariableRef.Kind.PARAMETER || !(v.declaration().get() instanceof Parameter p)
        || !(p.getParentNode().orElse(null) instanceof ConstructorDeclaration ctor)) {
      return List.of();
    }
    Optional<TypeDeclaration> owner = ctor.findAncestor(TypeDeclaration.class);
    if (owner.isEmpty() || owner.get().isPublic() || owner.get().findAll(ConstructorDeclaration.class).size() != 1
        || ctor.getParameters().stream().anyMatch(Parameter::isVarArgs)) {
      return List.of();
    }
    int index = ctor.getParameters().indexOf(p);
    String type = owner.get().getNameAsString();
    Optional<com.github.javaparser.ast.CompilationUnit> unit = ctor.findCompilationUnit();
    if (unit.isEmpty()) {
      return List.of();
    }
    List<Expression> out = new java.util.ArrayList<>();
    for (com.github.javaparser.ast.expr.ObjectCreationExpr created
        : FileNodes.of(unit.get(), com.github.javaparser.ast.expr.ObjectCreationExpr.class)) {
      if (created.getType().getNameAsString().equals(type) && created.getAnonymousClassBody().isEmpty()) {
        if (created.getArguments().size() != ctor.getParameters().size()) {
          return List.of();
        }
        out.add(created.getArgument(index));
      }
    }
    return out;
  }

  /** {@code private final long resync; Foo(long resync) { this.resync = resync; }}: the one assignment, in a constructor. */
  static Optional<Expression> onlyConstructorAssignment(VariableRef v) {
    if (v.kind() != VariableRef.Kind.FIELD || !v.isFinal() || !(v.declaration().get() instanceof VariableDeclarator d)) {
      return Optional.empty();
    }
    Optional<TypeDeclaration> owner = d.findAncestor(TypeDeclaration.class);
    if (owner.isEmpty()) {
      return Optional.empty();
    }
    String name = d.getNameAsString();
    List<AssignExpr> writes = ((TypeDeclaration<?>) owner.get()).findAll(AssignExpr.class).stream()
        .filter(a -> a.getTarget() instanceof NameExpr n && n.getNameAsString().equals(name)
            || a.getTarget() instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr && f.getNameAsString().equals(name))
        .toList();
    if (writes.size() != 1 || writes.get(0).getOperator() != AssignExpr.Operator.ASSIGN
        || writes.get(0).findAncestor(ConstructorDeclaration.class).isEmpty()
        || owner.get().findAll(ConstructorDeclaration.class).size() != 1) {
      return Optional.empty();
    }
    return Optional.of(writes.get(0).getValue());
  }
}
