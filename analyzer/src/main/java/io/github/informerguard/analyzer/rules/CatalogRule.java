package io.github.informerguard.analyzer.rules;

import com.github.javaparser.ast.Node;
import io.github.informerguard.analyzer.api.Family;
import io.github.informerguard.analyzer.api.Rule;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.api.Severity;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What every built-in rule shares: its descriptor and the node kinds it (and the helpers it calls)
 * asks the file for, declared once in the constructor; a rule class holds only its decision logic.
 */
public abstract class CatalogRule implements Rule {

  private final RuleDescriptor descriptor;
  private final Set<Class<? extends Node>> nodes;

  /**
   * @param descriptor the rule's descriptor, written in the rule's constructor
   * @param nodesToVisit what the rule and the helpers it calls ask the file for (the engine's one walk)
   */
  @SafeVarargs
  protected CatalogRule(RuleDescriptor descriptor, Class<? extends Node>... nodesToVisit) {
    this.descriptor = descriptor;
    this.nodes = Set.copyOf(List.of(nodesToVisit));
  }

  /**
   * The descriptor of a built-in rule with the usual defaults: warning severity, since 0.1.0, no
   * options and no other severities.
   */
  protected static RuleDescriptor warning(String id, Family family, String summary, Set<String> triggerWords) {
    return new RuleDescriptor(id, summary, Severity.WARNING, family, "0.1.0", triggerWords, Map.of());
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
