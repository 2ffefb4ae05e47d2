package io.github.informerguard.analyzer.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A class, interface, enum or annotation type of a client library, over every line it exists in. */
public final class ModelType {

  /** One generic form of the type's header, with the lines that have it (lines may differ). */
  public static final class Supertypes {
    private final long lines;
    private final String raw;
    private Sig.ClassSig parsed;

    Supertypes(long lines, String raw) {
      this.lines = lines;
      this.raw = raw;
    }

    public long lines() {
      return lines;
    }

    public synchronized Sig.ClassSig signature() {
      if (parsed == null) {
        parsed = Signatures.classSignature(raw);
      }
      return parsed;
    }
  }

  /** The name the class file gives constructors. */
  public static final String CONSTRUCTOR = "<init>";

  private final String name;
  private final long lines;
  private final int access;
  private final List<Supertypes> supertypes = new ArrayList<>(1);
  private final Map<String, List<ModelMethod>> methods = new HashMap<>();
  private final Map<String, List<ModelField>> fields = new HashMap<>();
  private final List<ModelMethod> constructors = new ArrayList<>(0);

  ModelType(String name, long lines, int access) {
    this.name = name;
    this.lines = lines;
    this.access = access;
  }

  void addSupertypes(long lines, String signature) {
    supertypes.add(new Supertypes(lines, signature));
  }

  void addMethod(ModelMethod m) {
    if (m.name().equals(CONSTRUCTOR)) {
      constructors.add(m); // kept apart: a constructor is never what a call's name asks for
      return;
    }
    methods.computeIfAbsent(m.name(), k -> new ArrayList<>(1)).add(m);
  }

  void addField(ModelField f) {
    fields.computeIfAbsent(f.name(), k -> new ArrayList<>(1)).add(f);
  }

  public String name() {
    return name;
  }

  public long lines() {
    return lines;
  }

  public boolean isInterface() {
    return (access & ModelFormat.INTERFACE) != 0;
  }

  public boolean isAnnotation() {
    return (access & ModelFormat.ANNOTATION) != 0;
  }

  public boolean isEnum() {
    return (access & ModelFormat.ENUM) != 0;
  }

  public List<Supertypes> supertypes() {
    return supertypes;
  }

  /** The type parameters of the newest line's header (lines rarely rename them). */
  public List<Sig.TypeParam> typeParameters() {
    return supertypes.isEmpty() ? List.of() : supertypes.get(supertypes.size() - 1).signature().params();
  }

  /** Names of the methods declared here, in any line. */
  public java.util.Set<String> methodNames() {
    return java.util.Collections.unmodifiableSet(methods.keySet());
  }

  /** The visible constructors, in every line (named {@code <init>}). */
  public List<ModelMethod> constructors() {
    return constructors;
  }

  /** Methods declared here with that name, in every line. */
  public List<ModelMethod> methods(String methodName) {
    return methods.getOrDefault(methodName, List.of());
  }

  /** Fields declared here with that name (one record per line-specific form). */
  public List<ModelField> fields(String fieldName) {
    return fields.getOrDefault(fieldName, List.of());
  }

  public Optional<ModelField> field(String fieldName) {
    List<ModelField> f = fields(fieldName);
    return f.isEmpty() ? Optional.empty() : Optional.of(f.get(f.size() - 1));
  }

  int memberCount() {
    int n = constructors.size();
    for (List<ModelMethod> m : methods.values()) {
      n += m.size();
    }
    for (List<ModelField> f : fields.values()) {
      n += f.size();
    }
    return n;
  }

  @Override
  public String toString() {
    return name;
  }
}
