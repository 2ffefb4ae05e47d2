package io.github.informerguard.analyzer.resolve;

import com.github.javaparser.ast.body.TypeDeclaration;
import java.util.Optional;

/** Types declared in the analyzed sources, found by qualified name (parsed on demand). */
public interface SourceTypes {

  Optional<TypeDeclaration<?>> find(String qualifiedName);

  /**
   * Whether any source file the index knows (the analyzed files, and every file under their source
   * roots) calls a method of that name with that many arguments, references it ({@code ::name}) or names it
   * in a string of its own ({@code destroyMethod = "name"});
   * empty when the index cannot tell, or when no file other than its own names the type
   * {@code owner} (simple name) declaring it: code the sources do not use may be called from outside.
   */
  default Optional<Boolean> calledAnywhere(String owner, String name, int arity) {
    return Optional.empty();
  }

  /** As {@link #calledAnywhere}, only counting calls whose receiver is not declared with another type. */
  default Optional<Boolean> calledOn(String owner, String name, int arity) {
    return calledAnywhere(owner, name, arity);
  }

  /**
   * The primary types (qualified names) of the source files the index knows that call a method of that
   * name with any number of arguments, read from their tokens like {@link #calledAnywhere}; empty when the
   * index cannot tell. A file that only declares such a method is not one.
   */
  default Optional<java.util.List<String>> filesCalling(String name) {
    return Optional.empty();
  }

  /**
   * Whether any file of {@link #callIndexFiles} holds one of {@code words} anywhere in its raw text; a
   * file that cannot be read counts as holding them. Empty when the index cannot tell.
   */
  default Optional<Boolean> mentionedAnywhere(java.util.Set<String> words) {
    return Optional.empty();
  }

  /** The files that {@link #calledAnywhere} read: an answer "not called" depends on all of them. */
  default java.util.Collection<java.nio.file.Path> callIndexFiles() {
    return java.util.List.of();
  }

  SourceTypes NONE = name -> Optional.empty();
}
