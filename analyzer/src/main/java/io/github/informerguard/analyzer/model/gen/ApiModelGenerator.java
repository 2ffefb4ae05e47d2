package io.github.informerguard.analyzer.model.gen;

import io.github.informerguard.analyzer.model.ModelFormat;
import java.io.BufferedWriter;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import javassist.bytecode.AccessFlag;
import javassist.bytecode.AnnotationDefaultAttribute;
import javassist.bytecode.ClassFile;
import javassist.bytecode.FieldInfo;
import javassist.bytecode.MethodInfo;
import javassist.bytecode.SignatureAttribute;

/**
 * Builds the API model ({@link io.github.informerguard.analyzer.model.ApiModel}) from the class
 * files of the client jars, one folder per client line ({@code model-jars/fabric8-8.0/*.jar}),
 * at build time. Run by the analyzer's pom at {@code process-classes}; arguments: the folder of
 * line folders and the output file.
 *
 * <p>Why from class files: generic signatures, annotation defaults and constants are all there,
 * exactly as javac sees them, without a solver. Only public API in the client packages is kept;
 * resource model classes (Pod, V1Pod) stay names in signatures.
 */
public final class ApiModelGenerator {

  /** Packages kept, as internal-name prefixes. */
  private static final List<String> KEPT = List.of(
      "io/fabric8/kubernetes/client/",
      "io/fabric8/openshift/client/",
      "io/kubernetes/client/informer/",
      "io/kubernetes/client/util/",
      "io/kubernetes/client/extended/",
      "io/kubernetes/client/spring/",
      "io/kubernetes/client/common/",
      "io/kubernetes/client/openapi/apis/",
      "io/javaoperatorsdk/");

  /** Top-level classes of {@code io.kubernetes.client.openapi} (ApiClient, ApiException, ...), not its models. */
  private static final String OPENAPI = "io/kubernetes/client/openapi/";

  private final List<String> lines = new ArrayList<>();
  private final Map<String, TypeEntry> types = new TreeMap<>();

  private static final class TypeEntry {
    long mask;
    int access;
    final Map<String, Long> signatures = new LinkedHashMap<>();
    final Map<String, Long> members = new TreeMap<>();
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: ApiModelGenerator <folder of line folders> <output file>");
    }
    ApiModelGenerator gen = new ApiModelGenerator();
    List<Path> lineDirs;
    try (Stream<Path> s = Files.list(Path.of(args[0]))) {
      lineDirs = s.filter(Files::isDirectory).sorted(ModelFormat.LINE_ORDER).toList();
    }
    if (lineDirs.isEmpty() || lineDirs.size() > 63) {
      throw new IllegalStateException("expected 1..63 client line folders under " + args[0] + ", found " + lineDirs.size());
    }
    for (Path dir : lineDirs) {
      gen.readLine(dir);
    }
    Path out = Path.of(args[1]);
    Files.createDirectories(out.getParent());
    gen.write(out);
    System.out.printf("[api-model] %d lines, %d types, %d members, %,d bytes -> %s%n",
        gen.lines.size(), gen.types.size(), gen.types.values().stream().mapToInt(t -> t.members.size()).sum(),
        Files.size(out), out);
  }

  private void readLine(Path dir) throws IOException {
    int bit = lines.size();
    lines.add(dir.getFileName().toString());
    List<Path> jars;
    try (Stream<Path> s = Files.list(dir)) {
      jars = s.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
    }
    if (jars.isEmpty()) {
      throw new IllegalStateException("no jars in " + dir);
    }
    for (Path jar : jars) {
      try (JarFile jf = new JarFile(jar.toFile())) {
        Enumeration<JarEntry> entries = jf.entries();
        while (entries.hasMoreElements()) {
          JarEntry e = entries.nextElement();
          if (e.getName().endsWith(".class") && kept(e.getName()) && !e.getName().startsWith("META-INF/")) {
            try (InputStream in = jf.getInputStream(e)) {
              readClass(new ClassFile(new DataInputStream(in)), 1L << bit);
            }
          }
        }
      }
    }
  }

  static boolean kept(String entry) {
    if (entry.startsWith(OPENAPI) && entry.indexOf('/', OPENAPI.length()) < 0) {
      return true;
    }
    return KEPT.stream().anyMatch(entry::startsWith);
  }

  private void readClass(ClassFile cf, long bit) {
    String name = cf.getName();
    int access = cf.getAccessFlags();
    if ((access & AccessFlag.PUBLIC) == 0 || (access & AccessFlag.SYNTHETIC) != 0 || isLocalOrAnonymous(name)) {
      return;
    }
    TypeEntry t = types.computeIfAbsent(name.replace('$', '.'), k -> new TypeEntry());
    t.mask |= bit;
    t.access |= access & (AccessFlag.INTERFACE | AccessFlag.ANNOTATION | AccessFlag.ENUM | AccessFlag.ABSTRACT);
    SignatureAttribute sig = (SignatureAttribute) cf.getAttribute(SignatureAttribute.tag);
    String classSig = sig != null ? sig.getSignature() : synthesizedClassSignature(cf);
    t.signatures.merge(classSig, bit, (a, b) -> a | b);
    for (MethodInfo m : cf.getMethods()) {
      int ma = m.getAccessFlags();
      // Constructors are kept (as <init>) for the catalog's constructor matchers; static initializers are not API.
      if (m.getName().equals("<clinit>") || !visible(ma) || (ma & (AccessFlag.SYNTHETIC | AccessFlag.BRIDGE)) != 0) {
        continue;
      }
      SignatureAttribute ms = (SignatureAttribute) m.getAttribute(SignatureAttribute.tag);
      String generic = ms != null ? ms.getSignature() : m.getDescriptor();
      String def = "";
      AnnotationDefaultAttribute ad = (AnnotationDefaultAttribute) m.getAttribute(AnnotationDefaultAttribute.tag);
      if (ad != null) {
        def = ad.getDefaultValue().toString();
      }
      String key = ModelFormat.method(m.getName(), ma & ModelFormat.KEPT_FLAGS, m.getDescriptor(), generic, def);
      t.members.merge(key, bit, (a, b) -> a | b);
    }
    for (FieldInfo f : cf.getFields()) {
      int fa = f.getAccessFlags();
      if (!visible(fa) || (fa & AccessFlag.SYNTHETIC) != 0) {
        continue;
      }
      SignatureAttribute fs = (SignatureAttribute) f.getAttribute(SignatureAttribute.tag);
      String type = fs != null ? fs.getSignature() : f.getDescriptor();
      String constant = "";
      int index = f.getConstantValue();
      if (index != 0) {
        Object v = cf.getConstPool().getLdcValue(index);
        if (v != null) {
          constant = "=" + ModelFormat.escape(String.valueOf(v));
        }
      }
      String key = ModelFormat.field(f.getName(), fa & ModelFormat.KEPT_FLAGS, type, constant);
      t.members.merge(key, bit, (a, b) -> a | b);
    }
  }

  private static boolean visible(int access) {
    return (access & (AccessFlag.PUBLIC | AccessFlag.PROTECTED)) != 0;
  }

  private static boolean isLocalOrAnonymous(String name) {
    int dollar = name.lastIndexOf('$');
    return dollar >= 0 && dollar + 1 < name.length() && Character.isDigit(name.charAt(dollar + 1));
  }

  private static String synthesizedClassSignature(ClassFile cf) {
    StringBuilder b = new StringBuilder();
    String superclass = cf.getSuperclass();
    b.append('L').append((superclass == null ? "java.lang.Object" : superclass).replace('.', '/')).append(';');
    for (String i : cf.getInterfaces()) {
      b.append('L').append(i.replace('.', '/')).append(';');
    }
    return b.toString();
  }

  private void write(Path out) throws IOException {
    try (BufferedWriter w = new BufferedWriter(new OutputStreamWriter(
        new GZIPOutputStream(Files.newOutputStream(out)), StandardCharsets.UTF_8))) {
      w.write(ModelFormat.header(lines));
      for (var e : types.entrySet()) {
        TypeEntry t = e.getValue();
        w.write(ModelFormat.type(e.getKey(), t.mask, t.access));
        for (var s : t.signatures.entrySet()) {
          w.write(ModelFormat.supertypes(s.getValue(), s.getKey()));
        }
        for (var m : t.members.entrySet()) {
          w.write(ModelFormat.member(m.getValue(), m.getKey()));
        }
      }
    }
  }
}
