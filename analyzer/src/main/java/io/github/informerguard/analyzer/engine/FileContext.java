package io.github.informerguard.analyzer.engine;

import com.github.javaparser.Range;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.api.RuleSettings;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.api.TypeFacts;
import java.nio.file.Path;
import java.util.List;

/** The {@link RuleContext} for one rule on one file; applies suppressions as findings arrive. */
final class FileContext implements RuleContext {

  private final CompilationUnit unit;
  private final Path file;
  private final TypeFacts types;
  private final RuleDescriptor descriptor;
  private final RuleSettings settings;
  private final List<Finding> sink;

  FileContext(CompilationUnit unit, Path file, TypeFacts types, RuleDescriptor descriptor,
      RuleSettings settings, List<Finding> sink) {
    this.unit = unit;
    this.file = file;
    this.types = types;
    this.descriptor = descriptor;
    this.settings = settings;
    this.sink = sink;
  }

  @Override
  public CompilationUnit unit() {
    return unit;
  }

  @Override
  public Path file() {
    return file;
  }

  @Override
  public TypeFacts types() {
    return types;
  }

  @Override
  public RuleSettings settings() {
    return settings;
  }

  @Override
  public void report(Node node, String message) {
    report(node, settings.severity(), message);
  }

  @Override
  public void report(Node node, Severity severity, String message) {
    report(node, severity, message, "");
  }

  @Override
  public void report(Node node, Severity severity, String message, String detail) {
    if (Suppressions.isSuppressed(node, descriptor.id())) {
      return;
    }
    Range range = Anchors.range(node);
    sink.add(new Finding(descriptor.id(), severity, file, range.begin.line, range.begin.column,
        range.end.line, range.end.column, message, detail, Fingerprints.of(descriptor.id(), file, node)));
  }
}
