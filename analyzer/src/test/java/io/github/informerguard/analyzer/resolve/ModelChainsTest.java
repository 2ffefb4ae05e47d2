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
import org.junit.jupiter.api.Test;

/**
 * DSL chains generated from the API model (three and four steps from the clients' entry types)
 * are typed by lenient mode exactly as the symbol solver types them over the real jars
 * (fabric8 8.0.0, client-java 24, openshift-client-api 8.0.0): same class, same type arguments.
 * A chain the solver cannot type itself (it gives up on some overloads) proves nothing either
 * way; the test requires the solver to type nine in ten.
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

  @Test
  void lenientTypingAgreesWithTheSolverOnGeneratedChains(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
    LenientChainTyper typer = new LenientChainTyper(SourceTypes.NONE, new TypeNames(SourceTypes.NONE));
    ApiModel model = ApiModel.get();
    long testedLines = 0;
    for (String line : List.of("fabric8-8.0", "client-java-24")) {
      assertThat(model.lines()).contains(line);
      testedLines |= 1L << model.lines().indexOf(line);
    }
    StringBuilder src = new StringBuilder("package chains;\n\nclass Chains {\n");
    int n = 0;
    Random random = new Random(10);
    for (String root : ROOTS) {
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
      String root = ROOTS.stream().filter(r -> r.endsWith("." + simple)).findFirst().orElseThrow();
      src.append(method(n++, root, w.substring(w.indexOf(':') + 1)));
    }
    src.append("}\n");
    assertThat(n).as("generated chains").isGreaterThan(ROOTS.size() * PER_ROOT / 2);

    List<Path> classpath = new ArrayList<>(TestClasspath.entries());
    classpath.add(modelJar("fabric8-8.0", "openshift-client-api-"));
    Path file = Files.writeString(tmp.resolve("Chains.java"), src);
    CompilationUnit cu = new JavaParser(Parsers.preciseConfiguration(classpath, List.of())).parse(file).getResult().orElseThrow();

    ChainTyper precise = new ChainTyper();
    LenientTypeFacts lenient = new LenientTypeFacts(SourceTypes.NONE);
    List<String> disagreements = new ArrayList<>();
    TreeSet<String> rootsSeen = new TreeSet<>();
    int typed = 0;
    for (ExpressionStmt stmt : cu.findAll(ExpressionStmt.class)) {
      MethodCallExpr chain = (MethodCallExpr) stmt.getExpression();
      Optional<String> expected = precise.typeOf(chain).map(ModelChainsTest::render);
      Optional<String> actual = lenient.genericTypeOf(chain).map(ModelChainsTest::render);
      if (expected.isPresent() && !expected.equals(actual)) {
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
    assertThat(rootsSeen).hasSize(ROOTS.size());
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
