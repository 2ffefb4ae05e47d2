package io.github.informerguard.analyzer.resolve;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithAnnotations;
import java.util.Optional;
import java.util.Set;

/**
 * Accessors that Lombok generates ({@code @Getter}, {@code @Data}, {@code @Value}): neither the
 * source solver nor a reading of the declarations sees them, yet operator code calls them
 * ({@code service.getClient().pods()}). Both modes ask here when a type declares no such method.
 */
public final class Lombok {

  private static final Set<String> CLASS_LEVEL = Set.of("Getter", "Data", "Value");

  private Lombok() {}

  /** The field whose generated getter {@code methodName()} is, if {@code type} has one. */
  public static Optional<VariableDeclarator> getterField(TypeDeclaration<?> type, String methodName, int arity) {
    if (arity != 0 || !(methodName.startsWith("get") || methodName.startsWith("is")) || methodName.length() < 3) {
      return Optional.empty();
    }
    boolean classLevel = CLASS_LEVEL.stream().anyMatch(a -> annotated(type, a));
    for (FieldDeclaration f : type.getFields()) {
      if (f.isStatic() || !(classLevel || annotated(f, "Getter"))) {
        continue;
      }
      for (VariableDeclarator v : f.getVariables()) {
        String cap = Character.toUpperCase(v.getNameAsString().charAt(0)) + v.getNameAsString().substring(1);
        boolean bool = v.getType().isPrimitiveType() && v.getType().asString().equals("boolean");
        if (methodName.equals((bool ? "is" : "get") + cap)) {
          return Optional.of(v);
        }
      }
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
      if (written.equals(simple) && importsLombok(a, simple)) {
        return true;
      }
    }
    return false;
  }

  private static boolean importsLombok(AnnotationExpr a, String simple) {
    Optional<CompilationUnit> cu = a.findCompilationUnit();
    return cu.isPresent() && cu.get().getImports().stream().anyMatch(i -> !i.isStatic()
        && (i.isAsterisk() ? i.getNameAsString().equals("lombok") : i.getNameAsString().equals("lombok." + simple)));
  }
}
