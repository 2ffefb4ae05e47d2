package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.resolution.types.ResolvedType;
import com.github.javaparser.symbolsolver.JavaSymbolSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.CombinedTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.JavaParserTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.ReflectionTypeSolver;
import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.policy.PolicyLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The engine walks each file once: on every rule fixture, no rule or helper asks for a kind of node
 * that its rule did not subscribe to (which would cost another walk of the whole file), and no main
 * source walks a whole compilation unit itself instead of asking {@link FileNodes} (such a walk is
 * invisible to the counters, so it is found in the sources with the symbol solver).
 */
class OneWalkTest {

  /** The Node methods that walk the subtree below their receiver. */
  private static final Set<String> WALKS = Set.of("findAll", "findFirst", "walk", "stream", "getChildNodesByType");
  private static final Path MAIN = Path.of("src/main/java");

  @Test
  void builtInRulesNeverWalkAFileAgain() throws Exception {
    Path fixtures = Path.of("src/test/resources/fixtures").toAbsolutePath();
    Policy policy = new PolicyLoader(RuleRegistry.builtIn().descriptors()).parse("testSources: report", "t.yaml");
    long before = FileNodes.unsubscribedWalks();
    AnalysisResult r = new Analyzer().analyze(new AnalysisRequest(List.of(fixtures), Optional.empty(), policy,
        Optional.empty(), fixtures, 1));
    assertThat(r.findings()).hasSizeGreaterThan(100);
    assertThat(r.stats().filesParsed()).isGreaterThan(50);
    assertThat(FileNodes.unsubscribedWalks() - before).isZero();
  }

  @Test
  void onlyFileNodesWalksAWholeCompilationUnit() throws IOException {
    JavaParser parser = parser();
    List<String> walks = new ArrayList<>();
    int resolved = 0;
    List<Path> files;
    try (Stream<Path> s = Files.walk(MAIN)) {
      files = s.filter(p -> p.toString().endsWith(".java") && !p.endsWith("api/FileNodes.java")).sorted().toList();
    }
    for (Path f : files) {
      CompilationUnit unit = parser.parse(f).getResult().orElseThrow(() -> new AssertionError("does not parse: " + f));
      for (MethodCallExpr call : unit.findAll(MethodCallExpr.class)) {
        Optional<Boolean> whole = walksWholeUnit(call);
        if (whole.isPresent()) {
          resolved++;
          if (whole.get()) {
            walks.add(MAIN.relativize(f) + ":" + call.getBegin().map(p -> p.line).orElse(0) + " " + call);
          }
        }
      }
    }
    // The sources walk subtrees (a method body, a class) in many places: those are resolved and allowed.
    assertThat(resolved).isGreaterThan(50);
    assertThat(walks).isEmpty();
  }

  @Test
  void aWalkOfTheWholeUnitIsFound() {
    CompilationUnit unit = parser().parse("""
        import com.github.javaparser.ast.CompilationUnit;
        import com.github.javaparser.ast.body.MethodDeclaration;
        import com.github.javaparser.ast.expr.MethodCallExpr;
        class C {
          int calls(CompilationUnit unit, java.util.Optional<CompilationUnit> other, MethodDeclaration m) {
            return unit.findAll(MethodCallExpr.class).size() + other.get().findAll(MethodCallExpr.class).size()
                + m.findAll(MethodCallExpr.class).size() + java.util.List.of(1).stream().toList().size();
          }
        }
        """).getResult().orElseThrow();
    List<Boolean> answers = unit.findAll(MethodCallExpr.class).stream()
        .filter(c -> WALKS.contains(c.getNameAsString())).map(OneWalkTest::walksWholeUnit)
        .map(Optional::orElseThrow).toList();
    assertThat(answers).containsExactly(true, true, false, false);
  }

  /** Whether the call walks a whole CompilationUnit; empty when it is no walk or its receiver cannot be typed. */
  private static Optional<Boolean> walksWholeUnit(MethodCallExpr call) {
    if (!WALKS.contains(call.getNameAsString()) || call.getScope().isEmpty()) {
      return Optional.empty();
    }
    try {
      ResolvedType receiver = call.getScope().get().calculateResolvedType();
      return Optional.of(receiver.isReferenceType()
          && receiver.asReferenceType().getQualifiedName().equals(CompilationUnit.class.getName()));
    } catch (RuntimeException | StackOverflowError e) {
      return Optional.empty();
    }
  }

  private static JavaParser parser() {
    CombinedTypeSolver solver = new CombinedTypeSolver(new ReflectionTypeSolver(false), new JavaParserTypeSolver(MAIN));
    return new JavaParser(new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17)
        .setSymbolResolver(new JavaSymbolSolver(solver)));
  }
}
