package io.github.informerguard.analyzer.engine;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.type.Type;
import io.github.informerguard.analyzer.api.AnalysisMode;
import io.github.informerguard.analyzer.api.Match;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/** Type facts that pass every question on; the engine's per-file decorators override what they observe. */
abstract class DelegatingTypeFacts implements TypeFacts {

  protected final TypeFacts delegate;

  DelegatingTypeFacts(TypeFacts delegate) {
    this.delegate = delegate;
  }

  @Override
  public TypeFacts underlying() {
    return delegate.underlying();
  }

  @Override
  public AnalysisMode mode() {
    return delegate.mode();
  }

  @Override
  public Match isA(Expression expression, Set<String> qualifiedNames) {
    return delegate.isA(expression, qualifiedNames);
  }

  @Override
  public Match isA(Type type, Set<String> qualifiedNames) {
    return delegate.isA(type, qualifiedNames);
  }

  @Override
  public Match annotationIs(AnnotationExpr annotation, String qualifiedName) {
    return delegate.annotationIs(annotation, qualifiedName);
  }

  @Override
  public Optional<String> typeName(String written, Node context) {
    return delegate.typeName(written, context);
  }

  @Override
  public Optional<VariableRef> variable(Expression nameOrFieldAccess) {
    return delegate.variable(nameOrFieldAccess);
  }

  @Override
  public Optional<TypeDeclaration<?>> sourceType(String qualifiedName) {
    return delegate.sourceType(qualifiedName);
  }

  @Override
  public boolean isOrExtendsInSources(String type, String supertype) {
    return delegate.isOrExtendsInSources(type, supertype);
  }

  @Override
  public Optional<Boolean> calledInSources(String owner, String methodName, int arity) {
    return delegate.calledInSources(owner, methodName, arity);
  }

  @Override
  public Optional<Boolean> calledOnInSources(String owner, String methodName, int arity) {
    return delegate.calledOnInSources(owner, methodName, arity);
  }

  @Override
  public Optional<java.util.List<String>> sourceFilesCalling(String methodName) {
    return delegate.sourceFilesCalling(methodName);
  }

  @Override
  public Optional<Boolean> sourcesMention(java.util.Set<String> words) {
    return delegate.sourcesMention(words);
  }

  @Override
  public java.util.Collection<Path> callIndexFiles() {
    return delegate.callIndexFiles();
  }

  @Override
  public void readsFile(Path file) {
    delegate.readsFile(file);
  }
}
