package io.github.informerguard.analyzer.api;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import java.util.Optional;

/**
 * What a name refers to, as far as constant folding and escape analysis need it.
 *
 * @param name the simple name
 * @param kind field, local variable or parameter
 * @param isStatic whether a field is static
 * @param isFinal declared {@code final} (for fields and locals) or a compile-time constant
 * @param declaringType qualified name of the type that declares a field, empty for locals
 * @param declaration the declarator or parameter node when it is in analyzed source
 * @param initializer the initializer expression when it is in analyzed source
 * @param compiledConstant the constant value read from a class file, for fields from the classpath
 */
public record VariableRef(
    String name,
    Kind kind,
    boolean isStatic,
    boolean isFinal,
    Optional<String> declaringType,
    Optional<Node> declaration,
    Optional<Expression> initializer,
    Optional<Object> compiledConstant) {

  public enum Kind {
    FIELD,
    LOCAL,
    PARAMETER
  }
}
