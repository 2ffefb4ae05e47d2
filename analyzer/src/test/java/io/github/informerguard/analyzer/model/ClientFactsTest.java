package io.github.informerguard.analyzer.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The client behaviour that rule messages and pages state (docs/client-facts.md), read from the bytecode of
 * the client jars the build copies for the API model. A client release that changes one of these facts fails
 * here, so the text that relies on it is looked at again instead of drifting.
 */
class ClientFactsTest {

  private static final Path MODEL_JARS = Path.of(System.getProperty("basedir", "."), "target", "model-jars");
  private static final List<String> FABRIC8_6_ON = List.of("fabric8-6.13", "fabric8-7.5", "fabric8-8.0");
  private static final List<String> CLIENT_JAVA = List.of("client-java-13", "client-java-18", "client-java-20",
      "client-java-24");

  @Test
  void fabric8StopInterruptsTheHandlerThreadFrom6OnAnd512InterruptsNothing() {
    for (String line : FABRIC8_6_ON) {
      assertThat(body(line, "io.fabric8.kubernetes.client.informers.impl.cache.SharedProcessor", "public void stop()"))
          .as(line).contains("SerialExecutor.shutdownNow");
      assertThat(body(line, "io.fabric8.kubernetes.client.utils.internal.SerialExecutor", "public void shutdownNow()"))
          .as(line).contains("java/lang/Thread.interrupt");
    }
    assertThat(body("fabric8-5.12", "io.fabric8.kubernetes.client.informers.cache.SharedProcessor", "public void stop()"))
        .contains("syncingListeners").doesNotContain("shutdown").doesNotContain("interrupt");
  }

  @Test
  void fabric8RejectsANegativeInformerPeriodAndClampsOnlyHandlerPeriods() {
    for (String line : List.of("fabric8-5.12", "fabric8-6.13", "fabric8-7.5", "fabric8-8.0")) {
      String informer = javap(line, "io.fabric8.kubernetes.client.informers.impl.DefaultSharedIndexInformer");
      assertThat(informer).as(line).contains("Invalid resync period provided, It should be a non-negative value");
      // The 1 s floor is applied to the handler's value only: the constructor stores the informer's period as given.
      assertThat(member(informer, "public io.fabric8.kubernetes.client.informers.impl.DefaultSharedIndexInformer("))
          .as(line).doesNotContain("1000l");
      assertThat(member(informer, "addEventHandlerWithResyncPeriod(")).as(line).contains("long 1000l");
    }
  }

  @Test
  void clientJavaHandsEveryHandlerTheInformersPeriod() {
    // kubernetes-client/java#2219: determineResyncPeriod(resyncCheckPeriodMillis, resyncCheckPeriodMillis).
    for (String line : CLIENT_JAVA) {
      List<String> code = lines(body(line, "io.kubernetes.client.informer.impl.DefaultSharedIndexInformer",
          "addEventHandlerWithResyncPeriod("));
      int call = indexOf(code, "determineResyncPeriod:(JJ)J");
      assertThat(call).as(line).isGreaterThan(3);
      assertThat(code.get(call - 1)).as(line).contains("getfield").contains("resyncCheckPeriodMillis");
      assertThat(code.get(call - 3)).as(line).contains("getfield").contains("resyncCheckPeriodMillis");
    }
  }

  @Test
  void clientJavaStopWaitsAMinuteAndItsThreadsAreNotDaemons() {
    for (String line : CLIENT_JAVA) {
      String processor = javap(line, "io.kubernetes.client.informer.cache.SharedProcessor");
      assertThat(member(processor, "public void stop()")).as(line).contains("shutdownNow").contains("awaitTermination");
      assertThat(processor).as(line).contains("there can be listener thread leakage");
      assertThat(member(processor, "public io.kubernetes.client.informer.cache.SharedProcessor(java.util.concurrent.ExecutorService);"))
          .as(line).contains("lconst_1").contains("Duration.ofMinutes");
      String threads = javap(line, "io.kubernetes.client.util.Threads");
      assertThat(threads).as(line).contains("Executors.defaultThreadFactory").doesNotContain("setDaemon");
    }
  }

  @Test
  void fabric8RawWatchClosesOn410WithoutDeliveringTheEvent() {
    for (String line : List.of("fabric8-5.12", "fabric8-6.13", "fabric8-7.5", "fabric8-8.0")) {
      String onStatus = body(line, "io.fabric8.kubernetes.client.dsl.internal.AbstractWatchManager", "boolean onStatus(");
      assertThat(onStatus).as(line).contains("sipush        410").contains("WatcherException").doesNotContain("eventReceived");
    }
  }

  @Test
  void fabric8DefaultExceptionHandlerRetriesOnlyAfterTheFirstStart() {
    for (String line : FABRIC8_6_ON) {
      String reflector = javap(line, "io.fabric8.kubernetes.client.informers.impl.cache.Reflector");
      // (isStarted, t) -> isStarted && !(t instanceof WatcherException): a failed first list ends start().
      String handler = memberMatching(reflector, "static boolean lambda$", "(boolean, java.lang.Throwable)");
      assertThat(handler).as(line).startsWith("       0: iload_0").contains("instanceof")
          .contains("io/fabric8/kubernetes/client/WatcherException");
    }
  }

  @Test
  void fabric8IndexReadersTakeTheCacheLockIn512AndNotFrom613() {
    assertThat(javap("fabric8-5.12", "io.fabric8.kubernetes.client.informers.cache.Cache"))
        .contains("public synchronized java.util.List<T> byIndex(").contains("public synchronized java.util.List<T> index(");
    for (String line : FABRIC8_6_ON) {
      String cache = javap(line, "io.fabric8.kubernetes.client.informers.impl.cache.CacheImpl");
      assertThat(cache).as(line).contains("  public java.util.List<T> byIndex(").contains("  public java.util.List<T> index(")
          .contains("public synchronized T put(").contains("public synchronized T remove(");
    }
    // The byIndex re-check of an entry's resourceVersion (7.7 on): 7.5 has no private byIndex, 8.0 has one.
    assertThat(javap("fabric8-7.5", "io.fabric8.kubernetes.client.informers.impl.cache.CacheImpl"))
        .doesNotContain("private void byIndex(");
    assertThat(body("fabric8-8.0", "io.fabric8.kubernetes.client.informers.impl.cache.CacheImpl", "private void byIndex("))
        .contains("getResourceVersion").contains("java/util/function/Function.apply");
  }

  @Test
  void fabric8InformersReturnsANewFactoryOnEveryCall() {
    assertThat(body("fabric8-5.12", "io.fabric8.kubernetes.client.BaseKubernetesClient", "informers()"))
        .contains("new").contains("io/fabric8/kubernetes/client/informers/SharedInformerFactory");
    for (String line : FABRIC8_6_ON) {
      assertThat(body(line, "io.fabric8.kubernetes.client.impl.KubernetesClientImpl", "informers()"))
          .as(line).contains("new").contains("SharedInformerFactoryImpl");
    }
  }

  @Test
  void josdkTurnsOffOnlyTheAnnotationsNonPositiveInterval() {
    for (String line : List.of("josdk-4", "josdk-5")) {
      assertThat(body(line, "io.javaoperatorsdk.operator.api.config.ResolvedControllerConfiguration",
          "java.time.Duration getMaxReconciliationInterval(long, java.util.concurrent.TimeUnit)"))
          .as(line).contains("lconst_0").contains("lcmp").contains("ifle").contains("aconst_null");
      // The Duration overload keeps what it is given: zero or negative is no "off" there.
      assertThat(body(line, "io.javaoperatorsdk.operator.api.config.ControllerConfigurationOverrider",
          "withReconciliationMaxInterval(java.time.Duration)"))
          .as(line).contains("putfield").doesNotContain("lcmp").doesNotContain("isNegative").doesNotContain("isZero");
      assertThat(javap(line, "io.javaoperatorsdk.operator.api.reconciler.MaxReconciliationInterval"))
          .as(line).contains("DEFAULT_INTERVAL = 10l");
    }
  }

  /** {@code javap -c -p -constants} of a class from one line's jars. */
  private static String javap(String line, String className) {
    ToolProvider javap = ToolProvider.findFirst("javap").orElseThrow();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int status = javap.run(new PrintWriter(out), new PrintWriter(err), "-c", "-p", "-constants", "-cp",
        classpath(line), className);
    assertThat(status).as("javap %s in %s: %s", className, line, err).isZero();
    return out.toString();
  }

  private static String classpath(String line) {
    try (Stream<Path> jars = Files.list(MODEL_JARS.resolve(line))) {
      List<String> paths = jars.filter(p -> p.toString().endsWith(".jar")).map(Path::toString).sorted().toList();
      assertThat(paths).as("jars of %s under %s", line, MODEL_JARS).isNotEmpty();
      return String.join(File.pathSeparator, paths);
    } catch (IOException e) {
      throw new IllegalStateException("cannot list " + MODEL_JARS.resolve(line), e);
    }
  }

  private static String body(String line, String className, String signature) {
    return member(javap(line, className), signature);
  }

  /** The code of the first member whose declaration line contains {@code signature}. */
  private static String member(String javap, String signature) {
    return memberMatching(javap, signature, "");
  }

  private static String memberMatching(String javap, String start, String alsoContains) {
    List<String> all = lines(javap);
    for (int i = 0; i < all.size(); i++) {
      String declaration = all.get(i);
      if (declaration.startsWith("  ") && !declaration.startsWith("   ") && declaration.contains(start)
          && declaration.contains(alsoContains)) {
        List<String> code = new ArrayList<>();
        for (int j = i + 1; j < all.size() && !all.get(j).isBlank() && !all.get(j).equals("}"); j++) {
          if (!all.get(j).trim().equals("Code:")) {
            code.add(all.get(j));
          }
        }
        return String.join("\n", code);
      }
    }
    throw new AssertionError("no member " + start + " " + alsoContains + " in:\n" + javap);
  }

  private static List<String> lines(String text) {
    return text.lines().toList();
  }

  private static int indexOf(List<String> code, String fragment) {
    for (int i = 0; i < code.size(); i++) {
      if (code.get(i).contains(fragment)) {
        return i;
      }
    }
    return -1;
  }
}
