package io.github.informerguard.analyzer;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No two packages of the analyzer depend on each other, directly or through others: each main
 * source file is parsed, and every analyzer type it names outside comments (imports, static
 * imports, qualified names in code) is an edge from its package to that type's package.
 */
class PackageCyclesTest {

  private static final String ROOT = "io.github.informerguard.analyzer";
  /** A qualified analyzer type: the package segments (lower case) up to the first upper-case segment. */
  private static final Pattern REFERENCE = Pattern.compile("\\bio\\.github\\.informerguard\\.analyzer((?:\\.[a-z][a-z0-9_]*)*)\\.[A-Z]");

  @Test
  void analyzerPackagesFormNoCycle() throws IOException {
    Map<String, Set<String>> graph = packageGraph(Path.of("src/main/java"));
    assertThat(graph).containsKeys(ROOT + ".engine", ROOT + ".report", ROOT + ".rules.cancel", ROOT + ".catalog");
    assertThat(cycles(graph)).isEmpty();
  }

  @Test
  void aCycleThroughAThirdPackageIsFound() {
    Map<String, Set<String>> graph = Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a", "d"), "d", Set.of());
    assertThat(cycles(graph)).containsExactly(new TreeSet<>(Set.of("a", "b", "c")));
  }

  private static Map<String, Set<String>> packageGraph(Path sources) throws IOException {
    // Comments are not attributed, so the printed code holds no Javadoc or comment references.
    JavaParser parser = new JavaParser(new ParserConfiguration().setAttributeComments(false)
        .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));
    Map<String, Set<String>> graph = new TreeMap<>();
    List<Path> files;
    try (Stream<Path> s = Files.walk(sources)) {
      files = s.filter(p -> p.toString().endsWith(".java")).toList();
    }
    for (Path f : files) {
      CompilationUnit unit = parser.parse(f).getResult().orElseThrow(() -> new AssertionError("does not parse: " + f));
      String pkg = unit.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
      Set<String> out = graph.computeIfAbsent(pkg, k -> new TreeSet<>());
      Matcher m = REFERENCE.matcher(unit.toString());
      while (m.find()) {
        String target = ROOT + m.group(1);
        if (!target.equals(pkg)) {
          out.add(target);
        }
      }
    }
    return graph;
  }

  /** The strongly connected components with more than one package (Tarjan). */
  static List<Set<String>> cycles(Map<String, Set<String>> graph) {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    Set<String> onStack = new TreeSet<>();
    List<Set<String>> out = new ArrayList<>();
    int[] counter = {0};
    for (String v : new TreeSet<>(graph.keySet())) {
      if (!index.containsKey(v)) {
        strongConnect(v, graph, index, low, stack, onStack, out, counter);
      }
    }
    return out;
  }

  private static void strongConnect(String v, Map<String, Set<String>> graph, Map<String, Integer> index,
      Map<String, Integer> low, Deque<String> stack, Set<String> onStack, List<Set<String>> out, int[] counter) {
    index.put(v, counter[0]);
    low.put(v, counter[0]++);
    stack.push(v);
    onStack.add(v);
    for (String w : graph.getOrDefault(v, Set.of())) {
      if (!index.containsKey(w)) {
        strongConnect(w, graph, index, low, stack, onStack, out, counter);
        low.put(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.contains(w)) {
        low.put(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v).equals(index.get(v))) {
      Set<String> component = new TreeSet<>();
      String w;
      do {
        w = stack.pop();
        onStack.remove(w);
        component.add(w);
      } while (!w.equals(v));
      if (component.size() > 1) {
        out.add(component);
      }
    }
  }
}
