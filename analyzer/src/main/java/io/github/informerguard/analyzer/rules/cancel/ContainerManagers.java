package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.NameExpr;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.catalog.ApiTypes;
import java.util.Set;

/**
 * A client-java {@code ControllerManager} that the container hands the class holding a started factory: a field
 * of that type that a constructor assigns from its parameter, or that {@code @Autowired}, {@code @Inject} or
 * {@code @Resource} fills, or a final one that Lombok's {@code @RequiredArgsConstructor} or
 * {@code @AllArgsConstructor} takes as a parameter. The container then owns the manager: a Spring {@code @Bean} method's inferred destroy
 * method is its public {@code shutdown()}, which shuts its controllers down and calls
 * {@code stopAllRegisteredInformers()} on the manager's factory (client-java-extended 18.0.1 bytecode). The
 * usual layout (a {@code @Bean} manager built on the application's one factory bean, and a runner that starts
 * the factory and runs the manager) therefore stops the factory at context close. Not this: a manager the class
 * builds itself ({@code new ControllerManager(..)} in a field initializer), nor a container that is not
 * Spring-like (no injection annotation, no constructor parameter).
 */
final class ContainerManagers {

  private static final Set<String> INJECTIONS = Set.of("Autowired", "Inject", "Resource");
  private static final Set<String> LOMBOK_CONSTRUCTORS = Set.of("RequiredArgsConstructor", "AllArgsConstructor");

  private ContainerManagers() {}

  static boolean heldBy(TypeFacts types, Node start) {
    return start.findAncestor(ClassOrInterfaceDeclaration.class).filter(c -> c.getFields().stream()
        .anyMatch(f -> f.getVariables().stream().anyMatch(v -> isManager(types, v) && injected(c, f, v)))).isPresent();
  }

  private static boolean isManager(TypeFacts types, VariableDeclarator v) {
    return v.getType().isClassOrInterfaceType()
        && types.typeName(v.getType().asClassOrInterfaceType().getNameWithScope(), v)
            .filter(ApiTypes.K8S_CONTROLLER_MANAGER::equals).isPresent();
  }

  private static boolean injected(ClassOrInterfaceDeclaration c, FieldDeclaration f, VariableDeclarator v) {
    if (v.getInitializer().isPresent()) {
      return false;
    }
    if (f.getAnnotations().stream().anyMatch(a -> INJECTIONS.contains(a.getName().getIdentifier()))) {
      return true;
    }
    // Lombok's generated constructor takes every final field without an initializer as a parameter.
    if (f.isFinal() && c.getAnnotations().stream().anyMatch(a -> LOMBOK_CONSTRUCTORS.contains(a.getName().getIdentifier()))) {
      return true;
    }
    for (ConstructorDeclaration ctor : c.getConstructors()) {
      for (AssignExpr a : ctor.findAll(AssignExpr.class)) {
        boolean toField = a.getTarget().isFieldAccessExpr()
            && a.getTarget().asFieldAccessExpr().getNameAsString().equals(v.getNameAsString())
            || a.getTarget() instanceof NameExpr n && n.getNameAsString().equals(v.getNameAsString());
        if (toField && a.getValue() instanceof NameExpr value
            && ctor.getParameters().stream().anyMatch(p -> p.getNameAsString().equals(value.getNameAsString()))) {
          return true;
        }
      }
    }
    return false;
  }
}
