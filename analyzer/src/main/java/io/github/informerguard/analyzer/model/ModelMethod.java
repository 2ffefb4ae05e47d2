package io.github.informerguard.analyzer.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A method (or annotation element) of a model type, with the lines it exists in. */
public final class ModelMethod extends ModelMember {

  private final String descriptor;
  private final String signature;
  private final String annotationDefault;
  private Sig.MethodSig parsed;
  private List<String> erased;

  ModelMethod(ModelType owner, String name, int flags, String descriptor, String signature, String annotationDefault,
      long lines) {
    super(owner, name, flags, lines);
    this.descriptor = descriptor;
    this.signature = signature;
    this.annotationDefault = annotationDefault;
  }

  public boolean isVarargs() {
    return (flags() & ModelFormat.VARARGS) != 0;
  }

  public int arity() {
    return erasedParameterTypes().size();
  }

  /** Whether a call with {@code arguments} arguments can be this method (varargs included). */
  public boolean acceptsArity(int arguments) {
    int params = arity();
    return params == arguments || (isVarargs() && arguments >= params - 1);
  }

  /** The generic signature: type parameters, parameter types and the return type. */
  public synchronized Sig.MethodSig signature() {
    if (parsed == null) {
      parsed = Signatures.methodSignature(signature);
    }
    return parsed;
  }

  /** Erased parameter types as source names: {@code java.lang.String}, {@code long}, {@code java.lang.Class}. */
  public synchronized List<String> erasedParameterTypes() {
    if (erased == null) {
      List<String> out = new ArrayList<>();
      for (Sig p : Signatures.methodSignature(descriptor).parameters()) {
        out.add(Signatures.erasure(p));
      }
      erased = List.copyOf(out);
    }
    return erased;
  }

  /** The default of an annotation element, in source form ({@code 10L}, {@code "x"}), if it has one. */
  public Optional<String> annotationDefault() {
    return annotationDefault.isEmpty() ? Optional.empty() : Optional.of(annotationDefault);
  }

  @Override
  public String toString() {
    return declaringType().name() + "." + name() + descriptor;
  }
}
