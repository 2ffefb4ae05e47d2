package io.github.informerguard.analyzer.rules;

import com.github.javaparser.ast.Node;
import io.github.informerguard.analyzer.api.Rule;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import java.util.List;
import java.util.Set;

/**
 * What every built-in rule shares: its descriptor and the node kinds it (and the helpers it calls)
 * asks the file for, declared once in the constructor; a rule class holds only its decision logic.
 */
public abstract class CatalogRule implements Rule {

  private final RuleDescriptor descriptor;
  private final Set<Class<? extends Node>> nodes;

  @SafeVarargs
  protected CatalogRule(RuleDescriptor descriptor, Class<? extends Node>... nodesToVisit) {
    this.descriptor = descriptor;
    this.nodes = Set.copyOf(List.of(nodesToVisit));
  }

  @Override
  public final RuleDescriptor descriptor() {
    return descriptor;
  }

  @Override
  public final Set<Class<? extends Node>> nodesToVisit() {
    return nodes;
  }
}
