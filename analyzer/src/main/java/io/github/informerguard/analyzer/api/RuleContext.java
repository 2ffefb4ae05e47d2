package io.github.informerguard.analyzer.api;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import java.nio.file.Path;

/** What a rule sees of the file under analysis, and where it reports. */
public interface RuleContext {

  CompilationUnit unit();

  Path file();

  TypeFacts types();

  RuleSettings settings();

  /** Reports at the start of {@code node} with the rule's configured severity. */
  void report(Node node, String message);

  /**
   * Reports with an explicit severity, for findings that the rule knows to be more or less
   * serious than its default (the policy severity still caps nothing; it sets the default).
   */
  void report(Node node, Severity severity, String message);
}
