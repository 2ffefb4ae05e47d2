package io.github.informerguard.analyzer.resolve;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MarkerAnnotationExpr;
import com.github.javaparser.ast.expr.MemberValuePair;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.SingleMemberAnnotationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithAnnotations;
import java.util.Optional;
import java.util.Set;

/**
 * Accessors that Lombok generates ({@code @Getter}, {@code @Data}, {@code @Value}): neither the
 * source solver nor a reading of the declarations sees them, yet operator code calls them
 * ({@code service.getClient().pods()}). Both modes ask here when a type declares no such method.
 * Also which annotations are Lombok's logger ones, which add a field and nothing a container calls.
 */
public final class Lombok {

  private static final Set<String> CLASS_LEVEL = Set.of("Getter", "Data", "Value");

  private static final String ACCESSORS = "Accessors";

  /** Lombok's annotations that only add a logger field: no container or accessor comes with them. */
  private static final Set<String> LOGGERS = Set.of("Slf4j", "Log", "Log4j", "Log4j2", "CommonsLog",
      "XSlf4j", "JBossLog", "Flogger", "CustomLog");

  private Lombok() {}

  /**
   * The field whose generated getter {@code methodName()} is, if {@code type} has one. Besides the
   * {@code getX()} / {@code isX()} names, {@code @Accessors(fluent = true)} (on the class or the field)
   * names the getter after the field ({@code kubernetes()}); and {@code @Getter} on a static field
   * generates a static getter ({@code NextCluster.instance()}), which a class-level {@code @Getter}
   * does not.
   */
  public static Optional<VariableDeclarator> getterField(TypeDeclaration<?> type, String methodName, int arity) {
    if (arity != 0 || methodName.isEmpty()) {
      return Optional.empty();
    }
    boolean classLevel = CLASS_LEVEL.stream().anyMatch(a -> annotated(type, a));
    Optional<Boolean> classFluent = fluent(type);
    for (FieldDeclaration f : type.getFields()) {
      boolean own = annotated(f, "Getter");
      if (f.isStatic() ? !own : !(classLevel || own)) {
        continue;
      }
      boolean fluent = fluent(f).or(() -> classFluent).orElse(false);
      for (VariableDeclarator v : f.getVariables()) {
        if (fluent) {
          if (methodName.equals(v.getNameAsString())) {
            return Optional.of(v);
          }
          continue;
        }
        String cap = Character.toUpperCase(v.getNameAsString().charAt(0)) + v.getNameAsString().substring(1);
        boolean bool = v.getType().isPrimitiveType() && v.getType().asString().equals("boolean");
        if (methodName.equals((bool ? "is" : "get") + cap)) {
          return Optional.of(v);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Whether the node's {@code @Accessors} (lombok.experimental) asks for fluent names; empty when it
   * has no such annotation (a field's own annotation overrides its class's).
   */
  private static Optional<Boolean> fluent(NodeWithAnnotations<?> node) {
    for (AnnotationExpr a : node.getAnnotations()) {
      String written = a.getNameAsString();
      boolean accessors = written.equals("lombok.experimental." + ACCESSORS)
          || written.equals(ACCESSORS) && importsLombok(a, "experimental", ACCESSORS);
      if (!accessors) {
        continue;
      }
      return Optional.of(a instanceof NormalAnnotationExpr n && n.getPairs().stream()
          .anyMatch(p -> p.getNameAsString().equals("fluent") && p.getValue() instanceof BooleanLiteralExpr b
              && b.getValue()));
    }
    return Optional.empty();
  }

  /** Annotated with Lombok's {@code simple}: imported by name, on demand, or written qualified. */
  private static boolean annotated(NodeWithAnnotations<?> node, String simple) {
    for (AnnotationExpr a : node.getAnnotations()) {
      String written = a.getNameAsString();
      if (written.equals("lombok." + simple)) {
        return true;
      }
      if (written.equals(simple) && importsLombok(a, "", simple)) {
        return true;
      }
    }
    return false;
  }

  private static boolean importsLombok(AnnotationExpr a, String subpackage, String simple) {
    String pkg = subpackage.isEmpty() ? "lombok" : "lombok." + subpackage;
    Optional<CompilationUnit> cu = a.findCompilationUnit();
    return cu.isPresent() && cu.get().getImports().stream().anyMatch(i -> !i.isStatic()
        && (i.isAsterisk() ? i.getNameAsString().equals(pkg) : i.getNameAsString().equals(pkg + "." + simple)));
  }

  /**
   * The method that Lombok's {@code @Cleanup} on a local's declaration calls on it when its scope ends,
   * on every path (Lombok wraps the rest of the block in {@code try/finally}): {@code close} by default,
   * or the name the annotation gives ({@code @Cleanup("dispose")}); empty when the declaration carries no
   * {@code @Cleanup} of Lombok's (imported from {@code lombok}, or written {@code lombok.Cleanup}) or names
   * the method in a way the source does not spell out.
   */
  public static Optional<String> cleanupMethod(VariableDeclarator local) {
    if (!(local.getParentNode().orElse(null) instanceof VariableDeclarationExpr declaration)) {
      return Optional.empty();
    }
    for (AnnotationExpr a : declaration.getAnnotations()) {
      String written = a.getNameAsString();
      if (!written.equals("lombok." + CLEANUP) && !(written.equals(CLEANUP) && importsLombok(a, "", CLEANUP))) {
        continue;
      }
      if (a instanceof MarkerAnnotationExpr) {
        return Optional.of("close");
      }
      Optional<Expression> value = a instanceof SingleMemberAnnotationExpr single
          ? Optional.of(single.getMemberValue())
          : ((NormalAnnotationExpr) a).getPairs().stream().filter(p -> p.getNameAsString().equals("value"))
              .map(MemberValuePair::getValue).findFirst()
              .or(() -> Optional.of(new StringLiteralExpr("close")));
      return value.filter(StringLiteralExpr.class::isInstance)
          .map(v -> ((StringLiteralExpr) v).getValue());
    }
    return Optional.empty();
  }

  private static final String CLEANUP = "Cleanup";

  /**
   * Whether {@code a} is one of Lombok's logger annotations ({@code @Slf4j}, {@code @Log4j2}, ...),
   * written qualified ({@code lombok....}) or imported from a {@code lombok.extern} package.
   */
  public static boolean isLoggerAnnotation(AnnotationExpr a) {
    String written = a.getNameAsString();
    String simple = written.substring(written.lastIndexOf('.') + 1);
    if (!LOGGERS.contains(simple)) {
      return false;
    }
    if (written.startsWith("lombok.")) {
      return true;
    }
    return a.findCompilationUnit().filter(cu -> cu.getImports().stream().anyMatch(i -> !i.isStatic()
        && i.getNameAsString().startsWith("lombok.extern.")
        && (i.isAsterisk() || i.getName().getIdentifier().equals(simple)))).isPresent();
  }
}
