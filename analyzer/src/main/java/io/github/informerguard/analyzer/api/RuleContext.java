package io.github.informerguard.analyzer.api;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import java.nio.file.Path;
import java.util.List;

/** What a rule sees of the file under analysis, and where it reports. */
public interface RuleContext {

  CompilationUnit unit();

  Path file();

  TypeFacts types();

  /**
   * Every node of {@code kind} in the file, in the order {@code unit().findAll(kind)} gives, from the
   * engine's one walk of the file when the rule lists the kind in {@link Rule#nodesToVisit()}.
   */
  default <T extends Node> List<T> nodes(Class<T> kind) {
    return FileNodes.of(unit(), kind);
  }

  RuleSettings settings();

  /**
   * Reports on {@code node} with the rule's configured severity. The finding is shown at the
   * node's name (a call's method name, a declaration's name, an annotation element's name,
   * {@code new} of a constructor call), else where the node begins, and its region ends with
   * the node.
   */
  void report(Node node, String message);

  /**
   * Reports with an explicit severity, for findings that the rule knows to be more or less
   * serious than its default (the policy severity still caps nothing; it sets the default).
   */
  void report(Node node, Severity severity, String message);

  /**
   * Reports a one-sentence {@code message} and its {@code detail} (why it hurts, the fix) with the
   * rule's configured severity.
   */
  default void report(Node node, String message, String detail) {
    report(node, settings().severity(), message, detail);
  }

  /** Reports a message and its detail with an explicit severity. */
  void report(Node node, Severity severity, String message, String detail);
}
