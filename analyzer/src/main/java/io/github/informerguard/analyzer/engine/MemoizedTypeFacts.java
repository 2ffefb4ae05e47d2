package io.github.informerguard.analyzer.engine;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.type.Type;
import io.github.informerguard.analyzer.api.Match;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * One file's type questions, each answered once: the rules ask the same receiver's type over and
 * over (every catalog matcher of every rule, and their helpers), and in precise mode each answer is
 * a symbol-solver resolution. Keys are the nodes themselves (identity), so the memo lives exactly
 * as long as the file's analysis. Owned by the one thread that analyzes the file.
 */
final class MemoizedTypeFacts extends DelegatingTypeFacts {

  /** Receiver and declared types: node, then the names asked about, then the answer. */
  private final Map<Node, Map<Set<String>, Match>> types = new IdentityHashMap<>();
  private final Map<Expression, Optional<VariableRef>> variables = new IdentityHashMap<>();

  MemoizedTypeFacts(TypeFacts delegate) {
    super(delegate);
  }

  @Override
  public Match isA(Expression expression, Set<String> qualifiedNames) {
    return remembered(expression, qualifiedNames, () -> delegate.isA(expression, qualifiedNames));
  }

  @Override
  public Match isA(Type type, Set<String> qualifiedNames) {
    return remembered(type, qualifiedNames, () -> delegate.isA(type, qualifiedNames));
  }

  private Match remembered(Node node, Set<String> qualifiedNames, Supplier<Match> ask) {
    Map<Set<String>, Match> answers = types.computeIfAbsent(node, k -> new HashMap<>(4));
    Match m = answers.get(qualifiedNames);
    if (m == null) {
      m = ask.get();
      answers.put(qualifiedNames, m);
    }
    return m;
  }

  @Override
  public Optional<VariableRef> variable(Expression nameOrFieldAccess) {
    Optional<VariableRef> ref = variables.get(nameOrFieldAccess);
    if (ref == null) {
      ref = delegate.variable(nameOrFieldAccess);
      variables.put(nameOrFieldAccess, ref);
    }
    return ref;
  }
}
