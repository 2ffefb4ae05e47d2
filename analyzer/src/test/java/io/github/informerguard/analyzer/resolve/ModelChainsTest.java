package io.github.informerguard.analyzer.resolve;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import io.github.informerguard.analyzer.engine.Parsers;
import io.github.informerguard.analyzer.model.ApiModel;
import io.github.informerguard.analyzer.model.ModelMethod;
import io.github.informerguard.analyzer.model.ModelType;
import io.github.informerguard.analyzer.resolve.LenientChainTyper.MType;
import io.github.informerguard.analyzer.testing.OldLines;
import io.github.informerguard.analyzer.testing.TestClasspath;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DSL chains generated from the API model (three and four steps from the clients' entry types)
 * are typed by lenient mode exactly as the symbol solver types them over the real jars: same
 * class, same type arguments. Once for the current lines (fabric8 8.0.0, client-java 24,
 * openshift-client-api 8.0.0, the test classpath) and once for fabric8 6.13 (the old-line fixture
 * project's classpath, as Maven resolves it), with only methods that line has; there a chain may
 * instead type as in the newest line (lenient typing cannot know the line), but only one in ten
 * and only exactly as the solver types it over the current jars. A chain the solver
 * cannot type itself (it gives up on some overloads) proves nothing either way; the test requires
 * the solver to type nine in ten.
 */
class ModelChainsTest {

  private static final List<String> ROOTS = List.of(
      "io.fabric8.kubernetes.client.KubernetesClient",
      "io.fabric8.openshift.client.OpenShiftClient",
      "io.kubernetes.client.openapi.apis.CoreV1Api",
      "io.kubernetes.client.informer.SharedInformerFactory");

  /** Chains real operator code writes, beside the generated ones. */
  private static final List<String> WRITTEN = List.of(
      "KubernetesClient:r.apps().deployments().inNamespace(ns).withName(ns)",
      "KubernetesClient:r.extensions().ingresses().inAnyNamespace()",
      "KubernetesClient:r.network().v1().ingresses().withLabel(ns)",
      "KubernetesClient:r.batch().v1().jobs().inNamespace(ns)",
      "KubernetesClient:r.events().v1().events().inAnyNamespace()",
      "KubernetesClient:r.genericKubernetesResources(ns, ns).inNamespace(ns)",
      "KubernetesClient:r.resources(null).inNamespace(ns).withName(ns)",
      "KubernetesClient:r.pods().inNamespace(ns).withLabel(ns).inform(null, 0L)",
      "KubernetesClient:r.informers().sharedIndexInformerFor(null, 0L).getIndexer()",
      "OpenShiftClient:r.pods().inNamespace(ns).withName(ns).watch(null)",
      "OpenShiftClient:r.apps().statefulSets().inNamespace(ns).runnableInformer(0L)",
      "SharedInformerFactory:r.sharedIndexInformerFor(null, null, 0L).getIndexer()");

  private static final int PER_ROOT = 60;

  @ParameterizedTest
  @ValueSource(strings = {"current", "fabric8-6.13"})
  void lenientTypingAgreesWithTheSolverOnGeneratedChains(String target, @TempDir Path tmp) throws Exception {
    boolean current = target.equals("current");
    List<String> lines = current ? List.of("fabric8-8.0", "client-java-24") : List.of(target);
    List<String> roots = current ? ROOTS : ROOTS.stream().filter(r -> r.startsWith("io.fabric8.")).toList();
    LenientChainTyper typer = new LenientChainTyper(SourceTypes.NONE, new TypeNames(SourceTypes.NONE));
    ApiModel model = ApiModel.get();
    long testedLines = 0;
    for (String line : lines) {
      assertThat(model.lines()).contains(line);
      testedLines |= 1L << model.lines().indexOf(line);
    }
    StringBuilder src = new StringBuilder("package chains;\n\nclass Chains {\n");
    int n = 0;
    Random random = new Random(10);
    for (String root : roots) {
      for (int i = 0; i < PER_ROOT; i++) {
        int steps = 3 + (i % 2);
        Optional<String> chain = generate(typer, MType.raw(root), steps, testedLines, random);
        if (chain.isPresent()) {
          src.append(method(n++, root, chain.get()));
        }
      }
    }
    for (String w : WRITTEN) {
      String simple = w.substring(0, w.indexOf(':'));
      Optional<String> root = roots.stream().filter(r -> r.endsWith("." + simple)).findFirst();
      if (root.isEmpty()) {
        continue;
      }
      src.append(method(n++, root.get(), w.substring(w.indexOf(':') + 1)));
    }
    src.append("}\n");
    assertThat(n).as("generated chains").isGreaterThan(roots.size() * PER_ROOT / 2);

    List<Path> currentClasspath = new ArrayList<>(TestClasspath.entries());
    currentClasspath.add(modelJar("fabric8-8.0", "openshift-client-api-"));
    List<Path> classpath = current ? currentClasspath : OldLines.classpath(OldLines.project(target), tmp);
    Path file = Files.writeString(tmp.resolve("Chains.java"), src);
    CompilationUnit cu = parse(file, classpath);
    // Lenient typing does not know which line the code compiles against: where a method's result
    // changed between lines, the newest line that has it decides (LenientChainTyper). On an old
    // line such a chain must then type as the solver types it over the current jars.
    List<MethodCallExpr> newest = current ? List.of() : parse(file, currentClasspath).findAll(ExpressionStmt.class)
        .stream().map(e -> (MethodCallExpr) e.getExpression()).toList();

    ChainTyper precise = new ChainTyper();
    LenientTypeFacts lenient = new LenientTypeFacts(SourceTypes.NONE);
    List<String> disagreements = new ArrayList<>();
    TreeSet<String> rootsSeen = new TreeSet<>();
    int typed = 0;
    int newestDecided = 0;
    List<ExpressionStmt> stmts = cu.findAll(ExpressionStmt.class);
    for (int i = 0; i < stmts.size(); i++) {
      ExpressionStmt stmt = stmts.get(i);
      MethodCallExpr chain = (MethodCallExpr) stmt.getExpression();
      Optional<String> expected = precise.typeOf(chain).map(ModelChainsTest::render);
      Optional<String> actual = lenient.genericTypeOf(chain).map(ModelChainsTest::render);
      if (expected.isPresent() && !expected.equals(actual) && !current
          && precise.typeOf(newest.get(i)).map(ModelChainsTest::render).equals(actual)) {
        newestDecided++;
      } else if (expected.isPresent() && !expected.equals(actual)) {
        disagreements.add(chain + ": solver " + expected.orElse("-") + ", lenient " + actual.orElse("-"));
      }
      if (expected.isPresent()) {
        typed++;
        rootsSeen.add(stmt.findAncestor(com.github.javaparser.ast.body.MethodDeclaration.class).orElseThrow()
            .getParameter(0).getTypeAsString());
      }
    }
    assertThat(disagreements).as("chains typed differently (of %d)", n).isEmpty();
    assertThat(typed).as("chains the solver types").isGreaterThan(n * 9 / 10);
    assertThat(newestDecided).as("chains typed as in the newest line, not as in %s", target).isLessThan(typed / 10);
    assertThat(rootsSeen).hasSize(roots.size());
  }

  private static CompilationUnit parse(Path file, List<Path> classpath) throws Exception {
    return new JavaParser(Parsers.preciseConfiguration(classpath, List.of())).parse(file).getResult().orElseThrow();
  }

  /** A chain of {@code steps} calls on {@code root}, each existing in the tested lines, or empty. */
  private static Optional<String> generate(LenientChainTyper typer, MType root, int steps, long lines, Random random) {
    StringBuilder chain = new StringBuilder("r");
    MType current = root;
    for (int s = 0; s < steps; s++) {
      boolean last = s == steps - 1;
      List<String[]> options = new ArrayList<>();
      for (LenientChainTyper.Owner owner : typer.selfAndAncestors(current)) {
        Optional<ModelType> type = ApiModel.get().type(owner.type().name());
        if (type.isEmpty()) {
          continue;
        }
        for (String name : new TreeSet<>(type.get().methodNames())) {
          for (ModelMethod m : type.get().methods(name)) {
            if (m.isStatic() || (m.lines() & lines) == 0 || m.toString().contains("openshift/api/")) {
              continue;
            }
            Optional<MType> result = typer.returnType(current, name, m.arity());
            if (result.isPresent() && (last || ApiModel.get().knows(result.get().name()))
                && !render(result.get()).contains("io.fabric8.openshift.api.")) {
              options.add(new String[] {name, String.valueOf(m.arity()), result.get().name()});
            }
          }
        }
      }
      if (options.isEmpty()) {
        return Optional.empty();
      }
      String[] pick = options.get(random.nextInt(options.size()));
      int arity = Integer.parseInt(pick[1]);
      chain.append('.').append(pick[0]).append('(')
          .append(Stream.generate(() -> "null").limit(arity).collect(Collectors.joining(", "))).append(')');
      current = typer.returnType(current, pick[0], arity).orElseThrow();
    }
    return Optional.of(chain.toString());
  }

  private static String method(int n, String root, String chain) {
    return "  void c" + n + "(" + root + " r, String ns) {\n    " + chain + ";\n  }\n";
  }

  private static Path modelJar(String line, String prefix) throws Exception {
    Path dir = Path.of("target", "model-jars", line);
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().startsWith(prefix)).findFirst().orElseThrow();
    }
  }

  private static String render(ChainTyper.GType t) {
    return t.qualifiedName() + (t.arguments().isEmpty() ? "" : t.arguments().stream()
        .map(a -> a.map(ModelChainsTest::render).orElse("?")).collect(Collectors.joining(",", "<", ">")));
  }

  private static String render(MType t) {
    return t.name() + (t.args().isEmpty() ? "" : t.args().stream()
        .map(a -> a.map(ModelChainsTest::render).orElse("?")).collect(Collectors.joining(",", "<", ">")));
  }
}
