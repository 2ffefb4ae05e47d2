package io.github.informerguard.analyzer.model;

import java.util.Optional;

/** A public or protected field of a model type; static finals carry their compile-time constant. */
public final class ModelField extends ModelMember {

  private final String signature;
  private final String constant;

  ModelField(ModelType owner, String name, int flags, String signature, String constant, long lines) {
    super(owner, name, flags, lines);
    this.signature = signature;
    this.constant = constant;
  }

  public Sig type() {
    return Signatures.typeSignature(signature);
  }

  /** The constant value as javac would inline it (Integer, Long, String, ...), if the field has one. */
  public Optional<Object> constant() {
    if (!constant.startsWith("=")) {
      return Optional.empty();
    }
    String v = constant.substring(1);
    return Optional.of(switch (signature) {
      case "J" -> Long.parseLong(v);
      case "I" -> Integer.parseInt(v);
      case "S" -> (short) Integer.parseInt(v);
      case "B" -> (byte) Integer.parseInt(v);
      case "C" -> (char) Integer.parseInt(v);
      case "Z" -> Integer.parseInt(v) != 0;
      case "D" -> Double.parseDouble(v);
      case "F" -> Float.parseFloat(v);
      default -> v;
    });
  }

  @Override
  public String toString() {
    return declaringType().name() + "." + name();
  }
}
