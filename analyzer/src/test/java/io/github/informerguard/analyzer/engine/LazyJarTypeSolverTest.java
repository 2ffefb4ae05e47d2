package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.resolution.TypeSolver;
import com.github.javaparser.resolution.model.SymbolReference;
import com.github.javaparser.symbolsolver.JavaSymbolSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.CombinedTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.JarTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.ReflectionTypeSolver;
import io.github.informerguard.analyzer.resolve.JarIndex;
import io.github.informerguard.analyzer.testing.TestClasspath;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Classpath jars opened only when a name is looked up in one of their packages, with the same answers. */
class LazyJarTypeSolverTest {

  private static List<Path> jars() {
    return TestClasspath.entries().stream().filter(p -> p.toString().endsWith(".jar")).toList();
  }

  private static String answer(TypeSolver solver, String name) {
    SymbolReference<?> r = solver.tryToSolveType(name);
    return name + " -> " + (r.isSolved() ? solver.solveType(name).getQualifiedName() : "unsolved");
  }

  @Test
  void answersEveryLookupAsTheOpenedJarsDo() throws IOException {
    CombinedTypeSolver eager = new CombinedTypeSolver(new ReflectionTypeSolver(true));
    CombinedTypeSolver lazy = new CombinedTypeSolver(new ReflectionTypeSolver(true));
    TreeSet<String> names = new TreeSet<>();
    for (Path jar : jars()) {
      JarTypeSolver opened = new JarTypeSolver(jar);
      eager.add(opened);
      lazy.add(new LazyJarTypeSolver(jar, JarIndex.inMemory().contents(jar).orElseThrow()));
      if (jar.getFileName().toString().matches("(kubernetes-client-api|client-java-api|operator-framework-core)-.*")) {
        names.addAll(opened.getKnownClasses());
      }
    }
    assertThat(names).hasSizeGreaterThan(2_000);
    // Names the solver tries while resolving that are not types: prefixes, nested guesses, the JDK.
    names.addAll(List.of("io.fabric8.kubernetes.client.Nope", "io.fabric8", "io.fabric8.kubernetes.client.Config.Nope",
        "java.lang.String", "java.util.Map.Entry", "Config", "module-info", "org.slf4j.Logger"));
    List<String> fromEager = new ArrayList<>();
    List<String> fromLazy = new ArrayList<>();
    for (String n : names) {
      fromEager.add(answer(eager, n));
      fromLazy.add(answer(lazy, n));
    }
    assertThat(fromLazy).isEqualTo(fromEager);
  }

  @Test
  void resolvingAFabric8CallOpensOnlyTheJarsOfItsTypes() {
    List<LazyJarTypeSolver> solvers = new ArrayList<>();
    CombinedTypeSolver combined = new CombinedTypeSolver(new ReflectionTypeSolver(true));
    for (Path jar : jars()) {
      LazyJarTypeSolver s = new LazyJarTypeSolver(jar, JarIndex.inMemory().contents(jar).orElseThrow());
      solvers.add(s);
      combined.add(s);
    }
    ParserConfiguration config = Parsers.lenientConfiguration().setSymbolResolver(new JavaSymbolSolver(combined));
    CompilationUnit unit = new JavaParser(config).parse("""
        import io.fabric8.kubernetes.client.KubernetesClient;
        class A {
          Object f(KubernetesClient client) { return client.pods(); }
        }
        """).getResult().orElseThrow();
    MethodCallExpr call = unit.findFirst(MethodCallExpr.class).orElseThrow();
    assertThat(call.calculateResolvedType().describe()).startsWith("io.fabric8.kubernetes.client.dsl.MixedOperation<io.fabric8.kubernetes.api.model.Pod, ");
    long opened = solvers.stream().filter(LazyJarTypeSolver::isOpened).count();
    assertThat(solvers).hasSizeGreaterThan(100);
    // The client API and the model jar of its types; not the other hundred.
    assertThat(opened).isBetween(1L, 15L);
  }

  @Test
  void aJarThatCannotBeOpenedAnswersNothing() throws IOException {
    Path jar = jars().get(0);
    var contents = JarIndex.inMemory().contents(jar).orElseThrow();
    String someType = contents.folders().iterator().next() + ".X";
    LazyJarTypeSolver gone = new LazyJarTypeSolver(Path.of("/nonexistent/gone.jar"), contents);
    gone.setParent(new CombinedTypeSolver());
    assertThat(gone.tryToSolveType(someType).isSolved()).isFalse();
    assertThat(gone.isOpened()).isFalse();
    assertThat(Optional.ofNullable(gone.getParent())).isPresent();
  }
}
