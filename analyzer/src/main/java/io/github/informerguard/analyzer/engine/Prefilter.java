package io.github.informerguard.analyzer.engine;

import io.github.informerguard.analyzer.api.Rule;
import java.util.ArrayList;
import java.util.List;

/**
 * Skips files that cannot match: a rule can only report on a file whose text contains one of
 * its trigger words (the API names it matches), so a plain substring scan saves the parse and
 * the symbol resolution of every other file.
 */
final class Prefilter {

  private Prefilter() {}

  /** The rules that may report on {@code text}; empty means the file need not be parsed. */
  static List<Rule> applicable(List<Rule> rules, String text) {
    List<Rule> out = new ArrayList<>(rules.size());
    for (Rule r : rules) {
      for (String word : r.descriptor().triggerWords()) {
        if (text.contains(word)) {
          out.add(r);
          break;
        }
      }
    }
    return out;
  }
}
