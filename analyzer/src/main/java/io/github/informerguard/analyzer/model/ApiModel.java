package io.github.informerguard.analyzer.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.zip.GZIPInputStream;

/**
 * What the client libraries declare, generated at build time from their jars by
 * {@code model.gen.ApiModelGenerator} for every supported line (fabric8, client-java, JOSDK):
 * types with their generic supertypes, methods, fields and annotation defaults, each with the
 * lines it exists in. Loaded once, on the first question (lenient mode and the catalog's
 * type questions; precise mode asks the symbol solver instead).
 */
public final class ApiModel {

  /** The resource the build writes (see the analyzer pom). */
  public static final String RESOURCE = "/io/github/informerguard/analyzer/model/api-model.gz";

  /**
   * Loaded on first use; not by a holder class's initializer, because a class whose initializer
   * runs out of memory can never be used again in that JVM, while a later load may well fit.
   */
  private static volatile ApiModel instance;

  private final List<String> lines;
  private final Map<String, ModelType> types;
  private final Map<String, Set<String>> packages = new HashMap<>();
  private final long resourceBytes;
  private final long loadNanos;
  private long loadCpuNanos;

  private ApiModel(List<String> lines, Map<String, ModelType> types, long resourceBytes, long loadNanos) {
    this.lines = lines;
    this.types = types;
    this.resourceBytes = resourceBytes;
    this.loadNanos = loadNanos;
    for (String name : types.keySet()) {
      int dot = name.lastIndexOf('.');
      packages.computeIfAbsent(name.substring(0, Math.max(dot, 0)), k -> new java.util.HashSet<>()).add(name.substring(dot + 1));
    }
  }

  /** The model in the analyzer jar, loaded on first use. */
  public static ApiModel get() {
    ApiModel model = instance;
    if (model == null) {
      synchronized (ApiModel.class) {
        model = instance;
        if (model == null) {
          model = load();
          instance = model;
        }
      }
    }
    return model;
  }

  /** Whether the model has been loaded yet (for the benchmark, and to show loading is lazy). */
  public static boolean loaded() {
    return instance != null;
  }

  private static ApiModel load() {
    long start = System.nanoTime();
    long cpuStart = cpuNanos();
    try (InputStream raw = ApiModel.class.getResourceAsStream(RESOURCE)) {
      if (raw == null) {
        throw new IllegalStateException("API model resource " + RESOURCE + " is missing: the analyzer build generates it"
            + " at process-classes (mvn -pl analyzer process-classes)");
      }
      CountingStream counted = new CountingStream(raw);
      ApiModel model = read(new GZIPInputStream(counted, 1 << 16), counted, start);
      model.loadCpuNanos = cpuNanos() - cpuStart;
      return model;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ApiModel read(InputStream in, CountingStream counted, long start) throws IOException {
    BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
    String header = r.readLine();
    if (header == null || !header.startsWith(ModelFormat.MAGIC + "\t")) {
      throw new IllegalStateException("not an API model: " + RESOURCE);
    }
    List<String> lines = List.of(header.substring(ModelFormat.MAGIC.length() + 1).split("\t"));
    Map<String, ModelType> types = new HashMap<>(16384);
    Map<String, String> interned = new HashMap<>(65536);
    ModelType current = null;
    String line;
    while ((line = r.readLine()) != null) {
      String[] f = line.split("\t", -1);
      switch (f[0]) {
        case "T" -> {
          current = new ModelType(f[1], Long.parseUnsignedLong(f[2], 16), Integer.parseInt(f[3]));
          types.put(current.name(), current);
        }
        case "S" -> current.addSupertypes(Long.parseUnsignedLong(f[1], 16), f[2]);
        case "M" -> current.addMethod(new ModelMethod(current, intern(interned, f[1]), Integer.parseInt(f[2]),
            intern(interned, f[3]), f[4].equals(ModelFormat.SAME) ? f[3] : f[4], ModelFormat.unescape(f[5]),
            Long.parseUnsignedLong(f[6], 16)));
        case "F" -> current.addField(new ModelField(current, f[1], Integer.parseInt(f[2]), f[3],
            ModelFormat.unescape(f[4]), Long.parseUnsignedLong(f[5], 16)));
        default -> throw new IllegalStateException("unknown API model record: " + f[0]);
      }
    }
    return new ApiModel(lines, types, counted.count, System.nanoTime() - start);
  }

  private static String intern(Map<String, String> pool, String s) {
    String old = pool.putIfAbsent(s, s);
    return old == null ? s : old;
  }

  /** The client lines the model was generated from, in bit order ({@code fabric8-8.0}, ...). */
  public List<String> lines() {
    return lines;
  }

  /** The names of the lines in a bit set. */
  public List<String> lineNames(long mask) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if ((mask & (1L << i)) != 0) {
        out.add(lines.get(i));
      }
    }
    return out;
  }

  public Optional<ModelType> type(String qualifiedName) {
    return Optional.ofNullable(types.get(qualifiedName));
  }

  public boolean knows(String qualifiedName) {
    return types.containsKey(qualifiedName);
  }

  /** {@code pkg.simple} if the model has that type (what an on-demand import brings in). */
  public Optional<String> typeInPackage(String pkg, String simple) {
    Set<String> names = packages.get(pkg);
    return names != null && names.contains(simple) ? Optional.of(pkg + "." + simple) : Optional.empty();
  }

  /** The type and all its supertypes' erased names, as far as the model knows them (JDK types by name only). */
  public Set<String> selfAndSupertypes(String qualifiedName) {
    Set<String> out = new LinkedHashSet<>();
    Deque<String> todo = new ArrayDeque<>(List.of(qualifiedName));
    while (!todo.isEmpty()) {
      String t = todo.removeFirst();
      if (!out.add(t)) {
        continue;
      }
      ModelType m = types.get(t);
      if (m != null) {
        for (ModelType.Supertypes s : m.supertypes()) {
          s.signature().supers().forEach(sup -> todo.addLast(Signatures.erasure(sup)));
        }
      }
    }
    return out;
  }

  /** Whether {@code type} is {@code ancestor} or a subtype of it in some line. */
  public boolean isSubtype(String type, String ancestor) {
    return selfAndSupertypes(type).contains(ancestor);
  }

  /**
   * The methods named {@code name} that {@code owner} declares or inherits within the model
   * whose erased parameter types are {@code parameterTypes} (qualified names, {@code int},
   * {@code T[]}): what a typed call matcher asks. Each carries its declaring type and lines.
   */
  public List<ModelMethod> findMethods(String owner, String name, List<String> parameterTypes) {
    List<ModelMethod> out = new ArrayList<>();
    for (String t : selfAndSupertypes(owner)) {
      ModelType m = types.get(t);
      if (m == null) {
        continue;
      }
      for (ModelMethod method : m.methods(name)) {
        if (method.erasedParameterTypes().equals(parameterTypes)) {
          out.add(method);
        }
      }
    }
    return out;
  }

  public int typeCount() {
    return types.size();
  }

  public int memberCount() {
    return types.values().stream().mapToInt(ModelType::memberCount).sum();
  }

  /** Compressed size of the resource, in bytes. */
  public long resourceBytes() {
    return resourceBytes;
  }

  /** Time the first use spent reading the resource, in nanoseconds. */
  public long loadNanos() {
    return loadNanos;
  }

  /** CPU time of the loading thread for the same (wall time suffers on a loaded machine). */
  public long loadCpuNanos() {
    return loadCpuNanos;
  }

  private static long cpuNanos() {
    var threads = java.lang.management.ManagementFactory.getThreadMXBean();
    return threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : 0L;
  }

  @Override
  public String toString() {
    return "ApiModel" + Arrays.asList(typeCount(), memberCount(), lines);
  }

  private static final class CountingStream extends java.io.FilterInputStream {
    long count;

    CountingStream(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        count += n;
      }
      return n;
    }
  }
}
