package io.github.informerguard.analyzer.catalog;

import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_BASE_CLIENT;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_CLIENT;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_NAMESPACED_CLIENT;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_OPENSHIFT_CLIENT;
import static io.github.informerguard.analyzer.catalog.IndexAndWatchTypes.K8S_API_CLIENT;
import static io.github.informerguard.analyzer.catalog.IndexAndWatchTypes.K8S_APIS_PACKAGE;
import static io.github.informerguard.analyzer.catalog.IndexAndWatchTypes.K8S_GENERIC_API;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What makes an index function impure (shared/research/k8s-java-apis.md E.3): JDK calls that
 * read clocks or randomness, mutators of JDK collections, atomics and builders, Kubernetes
 * clients, and JDK I/O. Only JDK and client facts live here; everything is matched on
 * resolved qualified names.
 */
public final class IndexFunctionHazards {

  private IndexFunctionHazards() {}

  /** Static calls whose result differs from call to call: owner type to method names. */
  public static final Map<String, Set<String>> NONDETERMINISTIC_STATICS = Map.ofEntries(
      Map.entry("java.lang.System", Set.of("currentTimeMillis", "nanoTime")),
      Map.entry("java.lang.Math", Set.of("random")),
      Map.entry("java.lang.StrictMath", Set.of("random")),
      Map.entry("java.util.UUID", Set.of("randomUUID")),
      Map.entry("java.util.concurrent.ThreadLocalRandom", Set.of("current")),
      Map.entry("java.time.Instant", Set.of("now")),
      Map.entry("java.time.LocalDateTime", Set.of("now")),
      Map.entry("java.time.LocalDate", Set.of("now")),
      Map.entry("java.time.LocalTime", Set.of("now")),
      Map.entry("java.time.ZonedDateTime", Set.of("now")),
      Map.entry("java.time.OffsetDateTime", Set.of("now")),
      Map.entry("java.time.OffsetTime", Set.of("now")),
      Map.entry("java.time.Year", Set.of("now")),
      Map.entry("java.time.YearMonth", Set.of("now")),
      Map.entry("java.time.MonthDay", Set.of("now")));

  /**
   * Static calls that return an object's identity hash ({@code System.identityHashCode(x)}). Of
   * the indexed object, the value is stable for one instance but differs between versions of the
   * same resource (every watch event and every re-list delivers a new instance); of a freshly
   * created object it differs on every call; of anything else it is a constant of the JVM run.
   */
  public static final Map<String, Set<String>> IDENTITY_HASH_STATICS = Map.of(
      "java.lang.System", Set.of("identityHashCode"));

  /**
   * {@code obj.hashCode()} on the indexed object itself: for Kubernetes models (fabric8 and
   * client-java) it hashes every field, metadata.resourceVersion included, so it too differs
   * between versions of the same resource.
   */
  public static final String HASH_CODE_METHOD = "hashCode";

  /** Types whose instance calls read a clock or randomness. */
  public static final Map<String, Set<String>> NONDETERMINISTIC_RECEIVERS = Map.of(
      "java.time.Clock", Set.of("millis", "instant"),
      "java.util.Random", Set.of("nextInt", "nextLong", "nextDouble", "nextFloat", "nextBoolean", "nextGaussian",
          "nextBytes", "ints", "longs", "doubles"),
      "java.security.SecureRandom", Set.of("nextInt", "nextLong", "nextDouble", "nextFloat", "nextBoolean",
          "nextGaussian", "nextBytes", "ints", "longs", "doubles"),
      "java.util.SplittableRandom", Set.of("nextInt", "nextLong", "nextDouble", "nextBoolean", "nextBytes",
          "ints", "longs", "doubles"));

  /** Constructors that seed from the clock or entropy when called without arguments. */
  public static final Set<String> NONDETERMINISTIC_NO_ARG_CONSTRUCTORS = Set.of(
      "java.util.Random", "java.security.SecureRandom", "java.util.SplittableRandom", "java.util.Date");

  /** JDK static I/O entry points: owner type to methods (empty set: every method). */
  public static final Map<String, Set<String>> IO_STATICS = Map.of(
      "java.nio.file.Files", Set.of(),
      "java.net.InetAddress", Set.of("getByName", "getAllByName", "getLocalHost", "getByAddress"));

  /** JDK types whose construction opens a file or a connection. */
  public static final Set<String> IO_CONSTRUCTORS = Set.of(
      "java.io.FileInputStream", "java.io.FileOutputStream", "java.io.FileReader", "java.io.FileWriter",
      "java.io.RandomAccessFile", "java.net.Socket", "java.util.Scanner");

  /** JDK types whose instance calls do network I/O: type to methods. */
  public static final Map<String, Set<String>> IO_RECEIVERS = Map.of(
      "java.net.http.HttpClient", Set.of("send", "sendAsync"),
      "java.net.URL", Set.of("openConnection", "openStream", "getContent"),
      "java.net.HttpURLConnection", Set.of("connect", "getInputStream", "getOutputStream", "getResponseCode"));

  /** Kubernetes client types: any call on them is an API call (or builds one). */
  public static final Set<String> KUBERNETES_CLIENTS = Set.of(
      F8_BASE_CLIENT, F8_CLIENT, F8_NAMESPACED_CLIENT, F8_OPENSHIFT_CLIENT, K8S_API_CLIENT, K8S_GENERIC_API,
      K8S_APIS_PACKAGE + ".CoreV1Api", K8S_APIS_PACKAGE + ".AppsV1Api", K8S_APIS_PACKAGE + ".BatchV1Api",
      K8S_APIS_PACKAGE + ".CustomObjectsApi", K8S_APIS_PACKAGE + ".NetworkingV1Api",
      K8S_APIS_PACKAGE + ".RbacAuthorizationV1Api", K8S_APIS_PACKAGE + ".CoordinationV1Api",
      K8S_APIS_PACKAGE + ".ApiextensionsV1Api", K8S_APIS_PACKAGE + ".AutoscalingV2Api",
      K8S_APIS_PACKAGE + ".PolicyV1Api", K8S_APIS_PACKAGE + ".StorageV1Api", K8S_APIS_PACKAGE + ".EventsV1Api",
      K8S_APIS_PACKAGE + ".DiscoveryV1Api");

  /** Families of mutable JDK state, each with the methods that change it. */
  public enum MutableFamily {
    COLLECTION(Set.of("java.util.Collection", "java.util.Map", "java.util.BitSet"),
        Set.of("add", "addAll", "put", "putAll", "putIfAbsent", "remove", "removeAll", "removeIf", "retainAll",
            "clear", "compute", "computeIfAbsent", "computeIfPresent", "merge", "replace", "replaceAll", "offer",
            "offerFirst", "offerLast", "poll", "pollFirst", "pollLast", "push", "pop", "addFirst", "addLast",
            "removeFirst", "removeLast", "set", "sort", "flip")),
    ATOMIC(Set.of("java.util.concurrent.atomic.AtomicInteger", "java.util.concurrent.atomic.AtomicLong",
            "java.util.concurrent.atomic.AtomicBoolean", "java.util.concurrent.atomic.AtomicReference",
            "java.util.concurrent.atomic.AtomicIntegerArray", "java.util.concurrent.atomic.AtomicLongArray",
            "java.util.concurrent.atomic.AtomicReferenceArray", "java.util.concurrent.atomic.LongAdder",
            "java.util.concurrent.atomic.DoubleAdder", "java.util.concurrent.atomic.LongAccumulator",
            "java.util.concurrent.atomic.DoubleAccumulator"),
        Set.of("set", "lazySet", "setPlain", "setOpaque", "setRelease", "getAndSet", "compareAndSet",
            "weakCompareAndSet", "weakCompareAndSetPlain", "weakCompareAndSetVolatile", "incrementAndGet",
            "getAndIncrement", "decrementAndGet", "getAndDecrement", "addAndGet", "getAndAdd", "updateAndGet",
            "getAndUpdate", "accumulateAndGet", "getAndAccumulate", "increment", "decrement", "add", "reset",
            "accumulate", "sumThenReset")),
    BUILDER(Set.of("java.lang.StringBuilder", "java.lang.StringBuffer"),
        Set.of("append", "insert", "delete", "deleteCharAt", "setLength", "replace", "reverse", "setCharAt"));

    private final Set<String> roots;
    private final Set<String> mutators;

    MutableFamily(Set<String> roots, Set<String> mutators) {
      this.roots = roots;
      this.mutators = mutators;
    }

    public Set<String> mutators() {
      return mutators;
    }

    /** The family of a JDK type (by loading it from the running JDK, which is safe), if any. */
    public static Optional<MutableFamily> of(String qualifiedName) {
      if (!qualifiedName.startsWith("java.")) {
        return Optional.empty();
      }
      Optional<Class<?>> type = jdkClass(qualifiedName);
      if (type.isEmpty()) {
        return Optional.empty();
      }
      for (MutableFamily f : values()) {
        for (String root : f.roots) {
          Optional<Class<?>> r = jdkClass(root);
          if (r.isPresent() && r.get().isAssignableFrom(type.get())) {
            return Optional.of(f);
          }
        }
      }
      return Optional.empty();
    }
  }

  /**
   * Getters of Kubernetes object metadata (fabric8 and client-java models alike) that return the
   * object's own live collections, so that a mutator on their result changes the cached object.
   */
  public static final Set<String> METADATA_COLLECTION_GETTERS = Set.of(
      "getLabels", "getAnnotations", "getFinalizers", "getOwnerReferences", "getManagedFields");

  /** Mutators that change a collection returned by a getter of the indexed object. */
  public static final Set<String> COLLECTION_MUTATORS_ON_ARGUMENT = Set.of(
      "add", "addAll", "put", "putAll", "putIfAbsent", "remove", "removeAll", "removeIf", "retainAll", "clear",
      "compute", "computeIfAbsent", "computeIfPresent", "merge", "replaceAll", "sort");

  /**
   * client-java's generated models mutate their own collections through
   * {@code putLabelsItem(k, v)} / {@code addFinalizersItem(v)}; fabric8's through
   * {@code setAdditionalProperty}. Together with {@code set*} these change the indexed object.
   */
  public static final java.util.regex.Pattern MODEL_MUTATOR =
      java.util.regex.Pattern.compile("(set[A-Z].*)|((put|add)[A-Z]\\w*Item)|(addToAdditionalProperties)");

  public static Optional<Class<?>> jdkClass(String qualifiedName) {
    String binary = qualifiedName;
    // Nested types: try a.b.Outer$Inner when a.b.Outer.Inner does not load.
    for (int attempt = 0; attempt < 3; attempt++) {
      try {
        return Optional.of(Class.forName(binary, false, ClassLoader.getPlatformClassLoader()));
      } catch (ClassNotFoundException | LinkageError e) {
        int dot = binary.lastIndexOf('.');
        if (dot < 0) {
          return Optional.empty();
        }
        binary = binary.substring(0, dot) + "$" + binary.substring(dot + 1);
      }
    }
    return Optional.empty();
  }
}
