package io.github.informerguard.analyzer.engine;

import io.github.informerguard.analyzer.api.Rule;
import java.util.TreeSet;

/** Prints the prefilter's words, one per line (the benchmark's grep floor searches for the same words). */
public final class TriggerWords {

  private TriggerWords() {}

  public static void main(String[] args) {
    TreeSet<String> words = new TreeSet<>();
    for (Rule r : RuleRegistry.builtIn().rules()) {
      words.addAll(r.descriptor().triggerWords());
    }
    words.forEach(System.out::println);
  }
}
