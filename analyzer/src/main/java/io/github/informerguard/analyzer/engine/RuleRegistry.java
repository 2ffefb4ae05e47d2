package io.github.informerguard.analyzer.engine;

import io.github.informerguard.analyzer.api.Rule;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.rules.cancel.InformerNeverStopped;
import io.github.informerguard.analyzer.rules.cancel.InterruptSwallowed;
import io.github.informerguard.analyzer.rules.cancel.UnboundedInformerWait;
import io.github.informerguard.analyzer.rules.cancel.WatchNeverClosed;
import io.github.informerguard.analyzer.rules.gone.MissingGoneHandling;
import io.github.informerguard.analyzer.rules.index.StatefulIndexFunction;
import io.github.informerguard.analyzer.rules.resync.ShortResyncPeriod;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Supplier;

/** The built-in rules plus any found through {@link ServiceLoader}; ids are unique. */
public final class RuleRegistry {

  /** Every built-in rule, in catalog order. */
  private static final List<Supplier<Rule>> BUILT_IN = List.of(
      ShortResyncPeriod::new,
      InformerNeverStopped::new,
      WatchNeverClosed::new,
      InterruptSwallowed::new,
      UnboundedInformerWait::new,
      StatefulIndexFunction::new,
      MissingGoneHandling::new);

  private final Map<String, Rule> rules;

  private RuleRegistry(Collection<Rule> all) {
    Map<String, Rule> byId = new LinkedHashMap<>();
    for (Rule r : all) {
      Rule previous = byId.putIfAbsent(r.descriptor().id(), r);
      if (previous != null && previous.getClass() != r.getClass()) {
        throw new IllegalStateException("two rules share the id " + r.descriptor().id() + ": "
            + previous.getClass().getName() + " and " + r.getClass().getName());
      }
    }
    this.rules = byId;
  }

  /** Built-in rules and those registered as services on the given class loader. */
  public static RuleRegistry load(ClassLoader loader) {
    List<Rule> all = new ArrayList<>();
    BUILT_IN.forEach(s -> all.add(s.get()));
    ServiceLoader.load(Rule.class, loader).forEach(all::add);
    return new RuleRegistry(all);
  }

  public static RuleRegistry builtIn() {
    return load(RuleRegistry.class.getClassLoader());
  }

  public static RuleRegistry of(Collection<Rule> rules) {
    return new RuleRegistry(rules);
  }

  public List<Rule> rules() {
    return List.copyOf(rules.values());
  }

  public List<RuleDescriptor> descriptors() {
    return rules.values().stream().map(Rule::descriptor).sorted(Comparator.comparing(RuleDescriptor::id)).toList();
  }

  public Optional<Rule> find(String id) {
    return Optional.ofNullable(rules.get(id));
  }
}
