package io.github.informerguard.runtime.isolation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A user of one client never needs the other: the module's main classes are loaded, initialised
 * and reflected on (every field, method and constructor signature resolved) in a class loader
 * whose classpath is this test's without the other client's jars. A class that linked to the
 * missing client fails here with {@link NoClassDefFoundError}. The class files are also searched
 * for the other client's package names, which catches references that only a later code path
 * would resolve.
 */
class ClientIsolationTest {
  private static final Path MAIN_CLASSES = Paths.get("target", "classes");
  private static final String RUNTIME = "io/github/informerguard/runtime/";
  private static final String FABRIC8 = "io/fabric8/";
  private static final String CLIENT_JAVA = "io/kubernetes/";

  @Test
  void coreLoadsWithNeitherClient() throws Exception {
    List<String> core = classesIn(p -> isCore(p));
    assertThat(core).contains("io.github.informerguard.runtime.core.InformerCore",
        "io.github.informerguard.runtime.core.Reflector", "io.github.informerguard.runtime.RelistBudget");
    try (URLClassLoader loader = loaderWithout(FABRIC8, CLIENT_JAVA)) {
      assertAllLink(loader, core);
    }
    assertNoReference(core, FABRIC8);
    assertNoReference(core, CLIENT_JAVA);
  }

  @Test
  void fabric8GuardNeedsNoClientJava() throws Exception {
    List<String> fabric8Side = classesIn(p -> isCore(p) || isTopLevelRuntime(p));
    assertThat(fabric8Side).contains("io.github.informerguard.runtime.GuardedInformer",
        "io.github.informerguard.runtime.InformerGuard", "io.github.informerguard.runtime.ListWatch");
    try (URLClassLoader loader = loaderWithout(CLIENT_JAVA)) {
      assertAllLink(loader, fabric8Side);
    }
    assertNoReference(fabric8Side, CLIENT_JAVA);
  }

  @Test
  void clientJavaAdapterNeedsNoFabric8() throws Exception {
    List<String> clientJavaSide = classesIn(p -> isCore(p) || p.startsWith(RUNTIME + "clientjava/"));
    assertThat(clientJavaSide).anyMatch(c -> c.startsWith("io.github.informerguard.runtime.clientjava."));
    try (URLClassLoader loader = loaderWithout(FABRIC8)) {
      assertAllLink(loader, clientJavaSide);
    }
    assertNoReference(clientJavaSide, FABRIC8);
  }

  /** The control: the loader really lacks the client, so the checks above can fail. */
  @Test
  void theFabric8GuardDoesNotLinkWithoutFabric8() throws Exception {
    try (URLClassLoader loader = loaderWithout(FABRIC8)) {
      assertThatThrownBy(() -> link(loader, "io.github.informerguard.runtime.GuardedInformer"))
          .isInstanceOf(NoClassDefFoundError.class).hasMessageContaining("io/fabric8");
    }
  }

  private static boolean isCore(String path) {
    return path.startsWith(RUNTIME + "core/") || path.equals(RUNTIME + "RelistBudget.class")
        || path.equals(RUNTIME + "InformerHealth.class") || path.equals(RUNTIME + "HandlerHealth.class")
        || path.startsWith(RUNTIME + "InformerLifecycleListener");
  }

  private static boolean isTopLevelRuntime(String path) {
    return path.startsWith(RUNTIME) && path.indexOf('/', RUNTIME.length()) < 0;
  }

  private static void assertAllLink(ClassLoader loader, List<String> classes) throws ClassNotFoundException {
    for (String c : classes) {
      link(loader, c);
    }
  }

  private static void link(ClassLoader loader, String name) throws ClassNotFoundException {
    Class<?> c = Class.forName(name, true, loader);
    assertThat(c.getClassLoader()).as("%s comes from the isolated loader", name).isSameAs(loader);
    c.getDeclaredFields();
    c.getDeclaredMethods();
    c.getDeclaredConstructors();
    c.getDeclaredClasses();
  }

  private static void assertNoReference(List<String> classes, String packagePrefix) throws IOException {
    for (String c : classes) {
      byte[] bytes = Files.readAllBytes(MAIN_CLASSES.resolve(c.replace('.', '/') + ".class"));
      assertThat(new String(bytes, StandardCharsets.ISO_8859_1))
          .as("%s refers to %s", c, packagePrefix).doesNotContain(packagePrefix);
    }
  }

  /** Binary names of the main classes whose relative class-file path passes {@code include}. */
  private static List<String> classesIn(Predicate<String> include) throws IOException {
    try (Stream<Path> files = Files.walk(MAIN_CLASSES)) {
      return files.filter(p -> p.toString().endsWith(".class"))
          .map(p -> MAIN_CLASSES.relativize(p).toString().replace(File.separatorChar, '/'))
          .filter(include)
          .filter(p -> !p.equals(RUNTIME + "core/package-info.class"))
          .map(p -> p.substring(0, p.length() - ".class".length()).replace('/', '.'))
          .sorted().toList();
    }
  }

  /**
   * The main classes and this test's classpath minus the test classes and every jar that lies
   * under one of {@code excludedGroups} in the local repository (so the clients' own jars and
   * their sibling artifacts, not their third-party dependencies).
   */
  private static URLClassLoader loaderWithout(String... excludedGroups) {
    List<URL> urls = new ArrayList<>();
    urls.add(url(MAIN_CLASSES));
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path p = Paths.get(entry).toAbsolutePath();
      String unix = p.toString().replace(File.separatorChar, '/');
      boolean excluded = unix.endsWith("/target/classes") || unix.endsWith("/target/test-classes");
      for (String group : excludedGroups) {
        excluded |= unix.contains("/" + group);
      }
      if (!excluded) {
        urls.add(url(p));
      }
    }
    return new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
  }

  private static URL url(Path p) {
    try {
      return p.toUri().toURL();
    } catch (MalformedURLException e) {
      throw new UncheckedIOException(e);
    }
  }
}
