package io.github.informerguard.analyzer.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.model.ApiModel;
import io.github.informerguard.analyzer.model.ModelMethod;
import io.github.informerguard.analyzer.model.ModelType;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every call matcher of the catalog against the API model generated from the client jars: each
 * owner, name and overload exists in the lines the matcher names, so a misspelt name, a wrong
 * argument count or an API that no supported line has fails the build.
 */
class CatalogMatchersTest {

  private final ApiModel model = ApiModel.get();

  @Test
  void everyCatalogClassIsSearchedForMatchers() throws IOException, URISyntaxException {
    Path folder = Path.of(CallMatcher.class.getProtectionDomain().getCodeSource().getLocation().toURI())
        .resolve(CallMatcher.class.getPackageName().replace('.', '/'));
    Set<String> declared = new TreeSet<>();
    try (Stream<Path> files = Files.list(folder)) {
      files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".class") && !n.contains("$"))
          .map(n -> n.substring(0, n.length() - ".class".length())).forEach(declared::add);
    }
    declared.removeAll(Set.of("CallMatcher", "CatalogMatchers"));
    assertThat(CatalogMatchers.CLASSES.stream().map(Class::getSimpleName)).containsExactlyInAnyOrderElementsOf(declared);
  }

  @Test
  void findsTheMatchersOfEverySiteList() {
    Map<String, CallMatcher> all = CatalogMatchers.all();
    assertThat(all).containsKeys("ResyncApis.METHODS[0]", "ResyncApis.CONSTRUCTORS[1]", "IndexerApis.METHODS[6]",
        "IndexerApis.CONSTRUCTORS[0]", "LifecycleApis.STARTS[5]", "LifecycleApis.WATCHES[3]", "WatchApis.F8_WATCH");
    assertThat(all.get("LifecycleApis.WATCHES[0]")).isSameAs(WatchApis.F8_WATCH);
    assertThat(all).hasSizeGreaterThanOrEqualTo(30);
  }

  @Test
  void everyMatcherMatchesMethodsOfTheModelInTheLinesItNames() {
    List<String> problems = new ArrayList<>();
    CatalogMatchers.all().forEach((name, m) -> problems.addAll(problems(name, m)));
    assertThat(problems).isEmpty();
  }

  @Test
  void oldLineMatchersNameOnlyTheLinesThatHaveTheirApi() {
    // fabric8 4.13 / 5.x customResource(ctx).watch(...): the raw operations class is gone from 6.0 on.
    assertThat(lineNames(WatchApis.F8_RAW_CUSTOM_RESOURCE_WATCH)).containsExactly("fabric8-4.13", "fabric8-5.12");
    assertThat(WatchApis.F8_RAW_CUSTOM_RESOURCE_WATCH.lines()).containsExactly("fabric8-5.12");
    // SharedInformerFactory.sharedIndexInformerForCustomResource(...) is 4.13 and 5.x only.
    CallMatcher customResourceInformer = CatalogMatchers.all().get("ResyncApis.METHODS[4]");
    assertThat(customResourceInformer.names()).containsExactly("sharedIndexInformerForCustomResource");
    assertThat(lineNames(customResourceInformer)).containsExactly("fabric8-4.13", "fabric8-5.12");
    // new DefaultSharedIndexInformer(Class, ListerWatcher, long, OperationContext, ConcurrentLinkedQueue) is 4.13's
    // constructor; 5.12 on take (Class, ListerWatcher, long, Executor).
    CallMatcher oldConstructor = CatalogMatchers.all().get("ResyncApis.CONSTRUCTORS[1]");
    assertThat(oldConstructor.arities()).containsExactly(5);
    assertThat(lineNames(oldConstructor)).containsExactly("fabric8-4.13");
    assertThat(lineNames(CatalogMatchers.all().get("ResyncApis.CONSTRUCTORS[0]")))
        .containsExactly("fabric8-5.12", "fabric8-6.13", "fabric8-7.5", "fabric8-8.0");
    // run() starts a fabric8 informer in every line (4.13, 5.x: SharedInformer.run(), void; 6.x on: returns the informer).
    CallMatcher run = CatalogMatchers.all().get("LifecycleApis.STARTS[1]");
    assertThat(run.names()).containsExactly("run");
    assertThat(lineNames(run)).containsExactly("fabric8-4.13", "fabric8-5.12", "fabric8-6.13", "fabric8-7.5",
        "fabric8-8.0");
  }

  @Test
  void interruptAndFailMatchersAreCheckedByReflection() {
    assertThat(CatalogMatchers.all()).containsEntry("InterruptApis.THREAD_INTERRUPT", InterruptApis.THREAD_INTERRUPT)
        .containsKeys("InterruptApis.FAILS[4]");
    // The JDK has no Thread.interrupt(boolean); JUnit 5 (on this classpath) has no fail with 3 arguments.
    CallMatcher noSuchJdkMethod = CallMatcher.instanceMethod().onDescendantOf(CancellationTypes.THREAD)
        .named("interrupt").withParameters("boolean").inLines(InterruptApis.JDK).build();
    CallMatcher noSuchArity = CallMatcher.staticMethod().onClass("org.junit.jupiter.api.Assertions").named("fail")
        .withArities(3).inLines(InterruptApis.TEST_FRAMEWORK).build();
    CallMatcher noVarargs = CallMatcher.staticMethod().onClass("org.junit.jupiter.api.Assertions").named("fail")
        .withVarargsAfter(1).inLines(InterruptApis.TEST_FRAMEWORK).build();
    CallMatcher unlisted = CallMatcher.staticMethod().onClass("org.example.Assert").named("fail")
        .withArities(0).inLines(InterruptApis.TEST_FRAMEWORK).build();
    assertThat(problems("jdk", noSuchJdkMethod)).isNotEmpty();
    assertThat(problems("arity", noSuchArity)).isNotEmpty();
    assertThat(problems("varargs", noVarargs)).isNotEmpty();
    assertThat(problems("unlisted", unlisted)).isNotEmpty();
    // AssertJ's fail(String, Object...) takes any count from one on, as InterruptSwallowed matched it before.
    assertThat(InterruptApis.isFail("org.assertj.core.api.Assertions", "fail", 5)).isTrue();
    assertThat(InterruptApis.isFail("org.junit.Assert", "fail", 5)).isFalse();
  }

  @Test
  void theJdkInterruptionExceptionsAreJdkExceptions() throws ClassNotFoundException {
    for (String name : InterruptApis.JDK_INTERRUPTION_EXCEPTIONS) {
      assertThat(Exception.class.isAssignableFrom(Class.forName(name, false, ClassLoader.getPlatformClassLoader())))
          .as(name).isTrue();
    }
  }

  @Test
  void aMisspeltOrAbsentApiIsAProblem() {
    CallMatcher typo = CallMatcher.instanceMethod().onDescendantOf(ApiTypes.F8_INFORMABLE).named("infrom")
        .withArities(0).inLines("fabric8-").build();
    CallMatcher wrongArity = CallMatcher.instanceMethod().onDescendantOf(ApiTypes.F8_SHARED_INDEX_INFORMER)
        .named("start").withArities(1).inLines("fabric8-").build();
    CallMatcher wrongLine = CallMatcher.instanceMethod().onDescendantOf(ApiTypes.F8_RAW_CUSTOM_RESOURCE)
        .named("watch").withArities(1).inLines("fabric8-8.0").build();
    CallMatcher noSuchConstructor = CallMatcher.constructor().onClass(ApiTypes.K8S_INFORMER_FACTORY)
        .withArities(7).inLines("client-java-").build();
    assertThat(problems("typo", typo)).isNotEmpty();
    assertThat(problems("arity", wrongArity)).isNotEmpty();
    assertThat(problems("line", wrongLine)).isNotEmpty();
    assertThat(problems("constructor", noSuchConstructor)).isNotEmpty();
  }

  /** The model lines that have some overload the matcher means. */
  private List<String> lineNames(CallMatcher m) {
    long lines = 0;
    for (String owner : m.owners()) {
      for (String name : m.names()) {
        for (int arity : m.arities()) {
          lines |= candidates(m, owner, name).stream().filter(x -> fits(m, x, arity))
              .mapToLong(ModelMethod::lines).reduce(0, (a, b) -> a | b);
        }
      }
    }
    return model.lineNames(lines);
  }

  /**
   * What is wrong with a matcher: an owner the model lacks, or a name and overload (argument count,
   * or parameter types where the matcher gives them) that no line it names has.
   */
  private List<String> problems(String label, CallMatcher m) {
    List<String> out = new ArrayList<>();
    if (m.lines().isEmpty()) {
      out.add(label + ": names no client line");
    }
    if (!m.lines().isEmpty() && OUTSIDE_THE_MODEL.containsAll(m.lines())) {
      return reflectionProblems(label, m);
    }
    for (String owner : m.owners()) {
      if (!model.knows(owner)) {
        out.add(label + ": the model has no type " + owner);
        continue;
      }
      for (String name : m.names()) {
        List<ModelMethod> candidates = candidates(m, owner, name);
        for (int arity : m.arities()) {
          long lines = candidates.stream().filter(x -> fits(m, x, arity))
              .mapToLong(ModelMethod::lines).reduce(0, (a, b) -> a | b);
          for (String line : m.lines()) {
            List<String> meant = model.lines().stream().filter(l -> l.equals(line) || line.endsWith("-") && l.startsWith(line)).toList();
            List<String> having = model.lineNames(lines).stream().filter(meant::contains).toList();
            // A full line name must have it; a prefix ("fabric8-") needs at least one of its lines.
            if (meant.isEmpty() || (line.endsWith("-") ? having.isEmpty() : !having.containsAll(meant))) {
              out.add(label + ": " + owner + "." + name + " with " + arity + " arguments is not in " + line
                  + " (has: " + model.lineNames(lines) + ")");
            }
          }
        }
      }
    }
    return out;
  }

  /** The non-model lines: their owners are JDK or test-framework classes, checked by reflection. */
  private static final Set<String> OUTSIDE_THE_MODEL = Set.of(InterruptApis.JDK, InterruptApis.TEST_FRAMEWORK);

  /**
   * What is wrong with a matcher whose owners are outside the model: checked by reflection against
   * the running JDK, or against the test framework where its jar is on this test classpath (JUnit 5,
   * AssertJ); a framework that is not (JUnit 4 and 3, TestNG) is checked only against the owner
   * names of {@link InterruptApis#FAIL_OWNERS}.
   */
  private static List<String> reflectionProblems(String label, CallMatcher m) {
    List<String> out = new ArrayList<>();
    for (String owner : m.owners()) {
      Class<?> type;
      try {
        type = Class.forName(owner, false, m.lines().contains(InterruptApis.JDK) ? ClassLoader.getPlatformClassLoader()
            : CatalogMatchersTest.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        if (m.lines().contains(InterruptApis.JDK) || !InterruptApis.FAIL_OWNERS.contains(owner)) {
          out.add(label + ": no class " + owner + " in the JDK or the test-framework list");
        }
        continue;
      }
      for (String name : m.names()) {
        List<Method> methods = Stream.of(type.getMethods()).filter(x -> x.getName().equals(name)
            && Modifier.isStatic(x.getModifiers()) == (m.kind() == CallMatcher.Kind.STATIC)).toList();
        for (List<String> parameters : m.parameterLists()) {
          if (methods.stream().noneMatch(x -> Stream.of(x.getParameterTypes()).map(Class::getName).toList()
              .equals(parameters))) {
            out.add(label + ": " + owner + "." + name + parameters + " does not exist");
          }
        }
        for (int arity : m.arities()) {
          if (methods.stream().noneMatch(x -> x.getParameterCount() == arity && !x.isVarArgs())) {
            out.add(label + ": " + owner + "." + name + " with " + arity + " arguments does not exist");
          }
        }
        m.varargsFrom().ifPresent(from -> {
          if (methods.stream().noneMatch(x -> x.isVarArgs() && x.getParameterCount() - 1 == from)) {
            out.add(label + ": " + owner + "." + name + " has no varargs overload after " + from + " parameters");
          }
        });
      }
    }
    return out;
  }

  private List<ModelMethod> candidates(CallMatcher m, String owner, String name) {
    List<ModelMethod> out = new ArrayList<>();
    if (m.kind() == CallMatcher.Kind.CONSTRUCTOR) {
      model.type(owner).map(ModelType::constructors).ifPresent(out::addAll);
      return out;
    }
    for (String t : model.selfAndSupertypes(owner)) {
      model.type(t).ifPresent(type -> type.methods(name).stream()
          .filter(x -> x.isStatic() == (m.kind() == CallMatcher.Kind.STATIC)).forEach(out::add));
    }
    return out;
  }

  private static boolean fits(CallMatcher m, ModelMethod x, int arity) {
    if (!m.parameterLists().isEmpty()) {
      return m.parameterLists().stream().anyMatch(p -> p.size() == arity && p.equals(x.erasedParameterTypes()));
    }
    return x.acceptsArity(arity);
  }
}
