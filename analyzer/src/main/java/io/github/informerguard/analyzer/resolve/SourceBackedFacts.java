package io.github.informerguard.analyzer.resolve;

import com.github.javaparser.ast.body.TypeDeclaration;
import io.github.informerguard.analyzer.api.TypeFacts;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Optional;

/**
 * Type facts whose questions about the analyzed sources (declarations, who calls what) the source
 * index answers, the same in both modes, so a rule that asks them agrees with itself.
 */
public interface SourceBackedFacts extends TypeFacts {

  SourceTypes sources();

  @Override
  default Optional<TypeDeclaration<?>> sourceType(String qualifiedName) {
    return sources().find(qualifiedName);
  }

  @Override
  default Optional<Boolean> calledInSources(String owner, String methodName, int arity) {
    return sources().calledAnywhere(owner, methodName, arity);
  }

  @Override
  default Optional<Boolean> calledOnInSources(String owner, String methodName, int arity) {
    return sources().calledOn(owner, methodName, arity);
  }

  @Override
  default Optional<java.util.List<String>> sourceFilesCalling(String methodName) {
    return sources().filesCalling(methodName);
  }

  @Override
  default Optional<Boolean> sourcesMention(java.util.Set<String> words) {
    return sources().mentionedAnywhere(words);
  }

  @Override
  default Collection<Path> callIndexFiles() {
    return sources().callIndexFiles();
  }
}
