package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The callers, in other source files, of a project factory method that returns a handle: calls of that name
 * and arity on a variable the calling file declares with the factory's class, or with a type the class
 * implements or extends whose method it overrides ({@code for (WatchApi api : apis) api.watch();} against
 * {@code class PodWatches implements WatchApi}). Every implementation's value goes where such a call puts it.
 * Source-only and name-based (the calling file's imports give the qualified names), so both modes agree.
 */
final class CallersElsewhere {

  /** How many supertypes up the factory's class is searched for the type a caller names. */
  private static final int MAX_SUPERTYPES = 4;

  private final TypeFacts types;

  CallersElsewhere(TypeFacts types) {
    this.types = types;
  }

  /**
   * The calls of {@code factory} in source files other than {@code own} that {@code drops} accepts; empty when
   * the factory is private or static, is not a member of a named class, or the front end cannot list the files
   * that call it.
   */
  List<MethodCallExpr> dropping(MethodDeclaration factory, CompilationUnit own, Predicate<MethodCallExpr> drops) {
    if (factory.isPrivate() || factory.isStatic()
        || !(factory.getParentNode().orElse(null) instanceof ClassOrInterfaceDeclaration owner) || owner.isInterface()) {
      return List.of();
    }
    if (overloadedAtArity(owner, factory)) {
      return List.of(); // the name and the argument count do not tell which of them a call in another file is
    }
    Set<String> receivers = receiverTypes(owner, factory);
    Optional<List<String>> files = types.sourceFilesCalling(factory.getNameAsString());
    if (receivers.isEmpty() || files.isEmpty()) {
      return List.of();
    }
    List<MethodCallExpr> out = new ArrayList<>();
    int arity = factory.getParameters().size();
    for (String file : files.get()) {
      Optional<CompilationUnit> unit = types.sourceType(file).flatMap(Node::findCompilationUnit);
      if (unit.isEmpty() || unit.get() == own || testCode(unit.get())) {
        continue;
      }
      for (MethodCallExpr call : FileNodes.of(unit.get(), MethodCallExpr.class)) {
        if (call.getNameAsString().equals(factory.getNameAsString()) && call.getArguments().size() == arity
            && call.getScope().flatMap(this::declaredType).filter(receivers::contains).isPresent() && drops.test(call)) {
          out.add(call);
        }
      }
    }
    return out;
  }

  /** Whether the class declares another method of the factory's name with as many parameters. */
  private static boolean overloadedAtArity(ClassOrInterfaceDeclaration owner, MethodDeclaration factory) {
    int arity = factory.getParameters().size();
    return owner.getMethodsByName(factory.getNameAsString()).stream()
        .anyMatch(m -> m != factory && m.getParameters().size() == arity);
  }

  /**
   * The class itself, and when the factory overrides ({@code @Override}) the supertypes it extends or implements
   * (through the sources), outside the JDK; without {@code @Override}, only supertypes in the sources that declare
   * the method themselves.
   */
  private Set<String> receiverTypes(ClassOrInterfaceDeclaration owner, MethodDeclaration factory) {
    Set<String> out = new HashSet<>();
    Optional<String> own = owner.getFullyQualifiedName();
    if (own.isEmpty()) {
      return out;
    }
    out.add(own.get());
    boolean overrides = factory.getAnnotationByName("Override").isPresent();
    addSupertypes(owner, factory, overrides, out, 0);
    return out;
  }

  private void addSupertypes(ClassOrInterfaceDeclaration type, MethodDeclaration factory, boolean overrides,
      Set<String> out, int depth) {
    if (depth >= MAX_SUPERTYPES) {
      return;
    }
    List<ClassOrInterfaceType> parents = new ArrayList<>(type.getExtendedTypes()); // not a NodeList: that would re-parent the AST
    parents.addAll(type.getImplementedTypes());
    for (ClassOrInterfaceType parent : parents) {
      Optional<String> q = types.typeName(parent.getNameWithScope(), type);
      if (q.isEmpty() || q.get().startsWith("java.") || q.get().startsWith("javax.")) {
        continue;
      }
      Optional<TypeDeclaration<?>> declared = types.sourceType(q.get());
      boolean declares = declared.filter(d -> d.getMethodsByName(factory.getNameAsString()).stream()
          .anyMatch(m -> m.getParameters().size() == factory.getParameters().size())).isPresent();
      if (overrides || declares) {
        out.add(q.get());
      }
      if (declared.orElse(null) instanceof ClassOrInterfaceDeclaration c) {
        addSupertypes(c, factory, overrides, out, depth + 1);
      }
    }
  }

  /**
   * A unit test that calls the factory and drops the handle proves nothing about production code (DESIGN's
   * "Test code"): a file that imports JUnit, TestNG or AssertJ, or one under a test source root
   * ({@code src/test/java/}, {@code src/it/java/}, {@code src/testFixtures/java/}), such as a harness that imports
   * none. Only a Java source folder counts, so that files under {@code src/test/resources/} are not all test code.
   */
  private static boolean testCode(CompilationUnit unit) {
    return unit.getImports().stream().map(i -> i.getNameAsString() + ".")
        .anyMatch(n -> TEST_PACKAGES.stream().anyMatch(n::startsWith))
        || unit.getStorage().map(st -> underTestRoot(st.getPath().toAbsolutePath().normalize().toString())).orElse(false);
  }

  private static boolean underTestRoot(String path) {
    String[] segments = path.replace('\\', '/').split("/");
    for (int i = 0; i + 3 < segments.length; i++) {
      if (segments[i].equals("src") && TEST_ROOTS.contains(segments[i + 1]) && segments[i + 2].equals("java")) {
        return true;
      }
    }
    return false;
  }

  private static final List<String> TEST_ROOTS = List.of("test", "it", "testFixtures");

  private static final List<String> TEST_PACKAGES = List.of("org.junit.", "junit.framework.", "org.testng.", "org.assertj.");

  /** The qualified name of the type the calling file declares a receiver variable with ({@code var} has none). */
  private Optional<String> declaredType(Expression scope) {
    Expression e = Expressions.withoutParenthesesAndCasts(scope);
    Optional<VariableRef> ref = e instanceof NameExpr n ? Scopes.lookup(n.getNameAsString(), n)
        : e instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr
            ? f.findAncestor(TypeDeclaration.class).flatMap(t -> Scopes.field((TypeDeclaration<?>) t, f.getNameAsString()))
            : Optional.empty();
    Node declaration = ref.flatMap(VariableRef::declaration).orElse(null);
    Type type = declaration instanceof VariableDeclarator v ? v.getType()
        : declaration instanceof Parameter p ? p.getType() : null;
    if (!(type instanceof ClassOrInterfaceType c)) {
      return Optional.empty();
    }
    return types.typeName(c.getNameWithScope(), c);
  }
}
