package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import io.github.informerguard.analyzer.api.FileNodes;
import io.github.informerguard.analyzer.catalog.InterruptApis;

/**
 * Whether a file is "a class that uses fabric8, client-java or JOSDK types" (InterruptSwallowed's
 * default scope, shared/DESIGN.md): it names such a type itself. A class that only uses a project
 * type whose own file names them (a scheduler helper that calls the project's client wrapper) is
 * not in scope: the contract's scope is the class's own use of the clients, or a callback.
 */
final class ClientScope {

  private ClientScope() {}

  /**
   * Whether the file names a client type: an import (single, on demand or static) or a qualified
   * type name in the code. Syntactic on purpose, so both modes agree.
   */
  static boolean namesClientTypes(CompilationUnit unit) {
    for (ImportDeclaration i : unit.getImports()) {
      if (isClientName(i.getNameAsString() + ".")) {
        return true;
      }
    }
    return FileNodes.of(unit, ClassOrInterfaceType.class).stream().anyMatch(t -> isClientName(t.getNameWithScope()));
  }

  private static boolean isClientName(String name) {
    return InterruptApis.CLIENT_PACKAGES.stream().anyMatch(name::startsWith);
  }
}
