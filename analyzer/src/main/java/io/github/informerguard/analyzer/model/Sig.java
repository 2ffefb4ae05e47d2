package io.github.informerguard.analyzer.model;

import java.util.List;

/**
 * A generic type as written in a signature: a class with type arguments, a type variable, an
 * array or a primitive. The same shape serves the API model, the analyzed sources' own
 * declarations and JDK types, so that one substitution (see {@code resolve.ModelChainTyper})
 * types chains through all three.
 */
public sealed interface Sig {

  /** A class or interface type; {@code name} is the qualified source name (nested with dots). */
  record ClassRef(String name, List<Arg> args) implements Sig {
    public static ClassRef raw(String name) {
      return new ClassRef(name, List.of());
    }
  }

  record Var(String name) implements Sig {}

  record Array(Sig component) implements Sig {}

  /** A primitive or {@code void}, by its descriptor letter. */
  record Primitive(char code) implements Sig {}

  /** A type argument: {@code kind} is {@code '='} (exact), {@code '+'} (extends), {@code '-'} (super) or {@code '*'}. */
  record Arg(char kind, Sig type) {
    public static final Arg ANY = new Arg('*', null);
  }

  /** A declared type parameter with its bounds (class files always name one, {@code Object} at least). */
  record TypeParam(String name, List<Sig> bounds) {}

  /** A class's type parameters and its direct supertypes (superclass first, then interfaces). */
  record ClassSig(List<TypeParam> params, List<Sig> supers) {}

  record MethodSig(List<TypeParam> params, List<Sig> parameters, Sig result) {}
}
