package io.github.informerguard.analyzer.resolve;

import com.github.javaparser.ast.body.TypeDeclaration;
import java.util.Optional;

/** Types declared in the analyzed sources, found by qualified name (parsed on demand). */
public interface SourceTypes {

  Optional<TypeDeclaration<?>> find(String qualifiedName);

  SourceTypes NONE = name -> Optional.empty();
}
