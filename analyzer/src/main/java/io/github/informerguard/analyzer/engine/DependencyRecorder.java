package io.github.informerguard.analyzer.engine;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.Expression;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The type facts of one file's analysis, noting every other source file that a variable the
 * rules looked up is declared in (the constant {@code Periods.RESYNC} in {@code Periods.java}).
 * A front end that caches results per file (the Maven plugin) must re-analyze the file when
 * one of those changes. Owned by the one thread that analyzes the file.
 */
final class DependencyRecorder extends DelegatingTypeFacts {

  private final CompilationUnit unit;
  private final Set<Path> files = new TreeSet<>();

  DependencyRecorder(TypeFacts delegate, CompilationUnit unit) {
    super(delegate);
    this.unit = unit;
  }

  /** The other source files the analysis took declarations from, absolute and normalized. */
  Set<Path> files() {
    return files;
  }

  @Override
  public Optional<VariableRef> variable(Expression nameOrFieldAccess) {
    Optional<VariableRef> ref = delegate.variable(nameOrFieldAccess);
    ref.flatMap(VariableRef::declaration).flatMap(Node::findCompilationUnit)
        .filter(cu -> cu != unit)
        .flatMap(CompilationUnit::getStorage)
        .ifPresent(s -> files.add(s.getPath().toAbsolutePath().normalize()));
    return ref;
  }

  @Override
  public Optional<Boolean> calledInSources(String owner, String methodName, int arity) {
    return recordedWhenNotCalled(delegate.calledInSources(owner, methodName, arity));
  }

  /** "Nothing calls it" holds until any file changes: a cached result must be redone then. */
  private Optional<Boolean> recordedWhenNotCalled(Optional<Boolean> called) {
    if (called.isPresent() && !called.get()) {
      delegate.callIndexFiles().forEach(f -> files.add(f.toAbsolutePath().normalize()));
    }
    return called;
  }

  @Override
  public Optional<Boolean> calledOnInSources(String owner, String methodName, int arity) {
    return recordedWhenNotCalled(delegate.calledOnInSources(owner, methodName, arity));
  }

  /** Which files call a method holds until any file changes, like "nothing calls it". */
  @Override
  public Optional<java.util.List<String>> sourceFilesCalling(String methodName) {
    Optional<java.util.List<String>> calling = delegate.sourceFilesCalling(methodName);
    calling.ifPresent(c -> delegate.callIndexFiles().forEach(f -> files.add(f.toAbsolutePath().normalize())));
    return calling;
  }

  /** Whether any file mentions a word holds until any file changes, like "nothing calls it". */
  @Override
  public Optional<Boolean> sourcesMention(Set<String> words) {
    Optional<Boolean> mentioned = delegate.sourcesMention(words);
    mentioned.ifPresent(m -> delegate.callIndexFiles().forEach(f -> files.add(f.toAbsolutePath().normalize())));
    return mentioned;
  }

  @Override
  public void readsFile(Path file) {
    files.add(file.toAbsolutePath().normalize());
  }

  @Override
  public Optional<TypeDeclaration<?>> sourceType(String qualifiedName) {
    Optional<TypeDeclaration<?>> type = delegate.sourceType(qualifiedName);
    // A finding that depends on another file's declaration must be recomputed when that file changes.
    type.flatMap(Node::findCompilationUnit)
        .filter(cu -> cu != unit)
        .flatMap(CompilationUnit::getStorage)
        .ifPresent(s -> files.add(s.getPath().toAbsolutePath().normalize()));
    return type;
  }
}
