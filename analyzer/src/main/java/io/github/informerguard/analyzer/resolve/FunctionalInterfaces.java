package io.github.informerguard.analyzer.resolve;

import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import java.lang.reflect.Method;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Functional interfaces as the compiler sees them: the one abstract method of a JDK interface is
 * read from the running JDK's class (never listed by hand), that of a project interface from its
 * declaration; and the type a lambda is written for, where the source states it.
 */
public final class FunctionalInterfaces {

  private FunctionalInterfaces() {}

  /**
   * The name of the one abstract method of the interface {@code qualified}: a {@code java.*} type
   * from the JDK, another from its declaration in the sources ({@code sources}); empty when it is
   * not a functional interface or cannot be read (an inherited abstract method is not looked for).
   */
  public static Optional<String> abstractMethodName(String qualified,
      Function<String, Optional<TypeDeclaration<?>>> sources) {
    if (qualified.startsWith("java.")) {
      return jdkAbstractMethod(qualified).map(Method::getName);
    }
    return sourceAbstractMethod(qualified, sources).map(MethodDeclaration::getNameAsString);
  }

  private static Optional<MethodDeclaration> sourceAbstractMethod(String qualified,
      Function<String, Optional<TypeDeclaration<?>>> sources) {
    return sources.apply(qualified)
        .filter(ClassOrInterfaceDeclaration.class::isInstance)
        .map(ClassOrInterfaceDeclaration.class::cast)
        .filter(ClassOrInterfaceDeclaration::isInterface)
        .flatMap(i -> {
          List<MethodDeclaration> abstracts = i.getMethods().stream()
              .filter(m -> m.getBody().isEmpty() && !m.isStatic() && !m.hasModifier(Modifier.Keyword.DEFAULT))
              .toList();
          return abstracts.size() == 1 ? Optional.of(abstracts.get(0)) : Optional.empty();
        });
  }

  /**
   * Whether the one abstract method of the interface {@code qualified} returns a value (a
   * {@code Supplier}, not a {@code Runnable}); empty when that cannot be read.
   */
  public static Optional<Boolean> returnsValue(String qualified, Function<String, Optional<TypeDeclaration<?>>> sources) {
    if (qualified.startsWith("java.")) {
      return jdkAbstractMethod(qualified).map(m -> m.getReturnType() != void.class);
    }
    return sourceAbstractMethod(qualified, sources).map(m -> !m.getType().isVoidType());
  }

  /**
   * The type the lambda is written for, where the source states it: the declared return type of the
   * method that returns it, the declared type of the local or field it initializes, or a cast.
   */
  public static Optional<ClassOrInterfaceType> targetOf(LambdaExpr lambda) {
    Node child = lambda;
    Node parent = child.getParentNode().orElse(null);
    while (parent instanceof EnclosedExpr) {
      child = parent;
      parent = parent.getParentNode().orElse(null);
    }
    Type target = null;
    if (parent instanceof CastExpr c) {
      target = c.getType();
    } else if (parent instanceof VariableDeclarator d && !d.getType().isVarType()) {
      target = d.getType();
    } else if (parent instanceof ReturnStmt r) {
      Optional<CallableDeclaration> callable = r.findAncestor(CallableDeclaration.class);
      Optional<LambdaExpr> inLambda = r.findAncestor(LambdaExpr.class);
      if (callable.isPresent() && callable.get() instanceof MethodDeclaration m
          && inLambda.filter(m::isAncestorOf).isEmpty()) {
        target = m.getType();
      }
    }
    return target instanceof ClassOrInterfaceType t ? Optional.of(t) : Optional.empty();
  }

  /**
   * For a lambda written for the JDK interface {@code qualified}, the type of its parameter
   * {@code index} as the source writes it: the type argument of {@code target} that the abstract
   * method's parameter is declared with ({@code BiFunction<KubernetesClient, String, Watch>}: the
   * first parameter is {@code KubernetesClient}); a wildcard gives its bound.
   */
  public static Optional<Type> jdkLambdaParameter(String qualified, ClassOrInterfaceType target, int index) {
    Optional<Method> sam = jdkAbstractMethod(qualified);
    if (sam.isEmpty() || index < 0 || index >= sam.get().getParameterCount()) {
      return Optional.empty();
    }
    java.lang.reflect.Type declared = sam.get().getGenericParameterTypes()[index];
    if (!(declared instanceof TypeVariable<?> variable)) {
      return Optional.empty();
    }
    TypeVariable<?>[] params = sam.get().getDeclaringClass().getTypeParameters();
    Optional<com.github.javaparser.ast.NodeList<Type>> args = target.getTypeArguments();
    for (int i = 0; i < params.length; i++) {
      if (params[i].getName().equals(variable.getName()) && args.isPresent() && args.get().size() == params.length) {
        Type arg = args.get().get(i);
        if (arg.isWildcardType()) {
          return arg.asWildcardType().getSuperType().or(() -> arg.asWildcardType().getExtendedType()).map(Type.class::cast);
        }
        return Optional.of(arg);
      }
    }
    return Optional.empty();
  }

  private static Optional<Method> jdkAbstractMethod(String qualified) {
    try {
      Class<?> c = Class.forName(qualified, false, ClassLoader.getPlatformClassLoader());
      if (!c.isInterface()) {
        return Optional.empty();
      }
      List<Method> abstracts = new ArrayList<>();
      for (Method m : c.getMethods()) {
        if (java.lang.reflect.Modifier.isAbstract(m.getModifiers()) && !isObjectMethod(m)) {
          abstracts.add(m);
        }
      }
      return abstracts.size() == 1 ? Optional.of(abstracts.get(0)) : Optional.empty();
    } catch (ClassNotFoundException | LinkageError e) {
      return Optional.empty();
    }
  }

  /** {@code equals} and the like, which an interface may redeclare and stay functional. */
  private static boolean isObjectMethod(Method m) {
    try {
      Object.class.getMethod(m.getName(), m.getParameterTypes());
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }
}
