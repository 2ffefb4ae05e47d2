package io.github.informerguard.analyzer.api;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Type questions that rules ask about one file. In precise mode the answers come from the
 * symbol solver; in lenient mode from declarations, imports and simple names. Every method
 * answers {@link Match#UNKNOWN} (or empty) rather than throw when it cannot tell.
 */
public interface TypeFacts {

  AnalysisMode mode();

  /** Whether the static type of {@code expression} is one of {@code qualifiedNames} or a subtype. */
  Match isA(Expression expression, Set<String> qualifiedNames);

  /** Whether a declared type (a variable's, a parameter's) is one of the names or a subtype. */
  Match isA(Type type, Set<String> qualifiedNames);

  /** Whether the annotation is of the given annotation type. */
  Match annotationIs(AnnotationExpr annotation, String qualifiedName);

  /**
   * The qualified name that a type name written in source ({@code TimeUnit}, {@code a.b.C})
   * denotes at {@code context}, from the file's declarations and imports.
   */
  Optional<String> typeName(String written, Node context);

  /** The variable, field or parameter that a name or field access refers to, if it can tell. */
  Optional<VariableRef> variable(Expression nameOrFieldAccess);

  /**
   * The declaration of a type in the analyzed sources (or beside them under a source root), by
   * qualified name; empty for library types and when the front end sees one file only. Both modes
   * answer from the same source index, so a rule that reads declarations this way agrees with itself.
   */
  default Optional<TypeDeclaration<?>> sourceType(String qualifiedName) {
    return Optional.empty();
  }

  /**
   * Whether any source file of the analysis (the analyzed files and those under their source roots)
   * calls a method of that name with that many arguments, or references it; empty when the front end
   * cannot tell, or when no other file names its declaring type {@code owner} (a simple name): a class
   * the sources do not use may be a library's entry point. Name-based on purpose: a rule may only use
   * "not called" to report less.
   */
  default Optional<Boolean> calledInSources(String owner, String methodName, int arity) {
    return Optional.empty();
  }

  /**
   * As {@link #calledInSources}, counting only calls whose receiver may be an {@code owner}: a call on a
   * variable the calling file declares with another type ({@code queue.shutdown()} where {@code queue} is a
   * {@code ReconciliationQueue}) is not one. Name-based on purpose, like {@link #calledInSources}.
   */
  default Optional<Boolean> calledOnInSources(String owner, String methodName, int arity) {
    return calledInSources(owner, methodName, arity);
  }

  /**
   * The primary types (qualified names, for {@link #sourceType}) of every source file of the analysis (the
   * analyzed files and those under their source roots) that calls a method of that name, any arity; empty
   * when the front end cannot tell. Name-based: a rule reads the files' calls itself. An answer depends on
   * every file of {@link #callIndexFiles}.
   */
  default Optional<java.util.List<String>> sourceFilesCalling(String methodName) {
    return Optional.empty();
  }

  /**
   * Whether any file of {@link #callIndexFiles} holds one of {@code words} anywhere in its text (code,
   * comments and strings alike, inside a longer word too); a file that cannot be read may hold them.
   * Empty when the front end cannot tell. Text-based on purpose: a rule may only use "no file names it"
   * where a mention anywhere must withhold a finding. An answer depends on every file of
   * {@link #callIndexFiles}.
   */
  default Optional<Boolean> sourcesMention(java.util.Set<String> words) {
    return Optional.empty();
  }

  /** The files {@link #calledInSources} read (a front end that caches per file depends on all of them). */
  default java.util.Collection<java.nio.file.Path> callIndexFiles() {
    return java.util.List.of();
  }

  /**
   * Notes that the analysis of this file read {@code file} (a shipped configuration file), so a front
   * end that caches results per file re-analyzes it when that file changes.
   */
  default void readsFile(java.nio.file.Path file) {}

  /**
   * The facts this one wraps, for helpers that need a mode's own capabilities (lenient mode's
   * source-type lookup); a decorator that only observes lookups returns its delegate's.
   */
  default TypeFacts underlying() {
    return this;
  }

  /**
   * Whether the type named {@code type} (qualified) is {@code supertype} or, through source declarations
   * at most four levels up, extends or implements it; library supertypes are not followed.
   */
  default boolean isOrExtendsInSources(String type, String supertype) {
    return isOrExtendsInSources(type, supertype, 0);
  }

  private boolean isOrExtendsInSources(String type, String supertype, int depth) {
    if (type.equals(supertype)) {
      return true;
    }
    if (depth >= 4 || !(sourceType(type).orElse(null) instanceof ClassOrInterfaceDeclaration c)) {
      return false;
    }
    List<ClassOrInterfaceType> parents = new ArrayList<>(c.getExtendedTypes()); // not a NodeList: that would re-parent the AST
    parents.addAll(c.getImplementedTypes());
    for (ClassOrInterfaceType parent : parents) {
      Optional<String> q = typeName(parent.getNameWithScope(), c);
      if (q.isPresent() && isOrExtendsInSources(q.get(), supertype, depth + 1)) {
        return true;
      }
    }
    return false;
  }
}
