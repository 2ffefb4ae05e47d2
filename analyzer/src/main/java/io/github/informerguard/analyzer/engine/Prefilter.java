package io.github.informerguard.analyzer.engine;

import io.github.informerguard.analyzer.api.Rule;
import java.util.ArrayList;
import java.util.List;

/**
 * Skips files that cannot match: a rule can only report on a file whose text contains one of
 * its trigger words (the API names it matches), so a plain substring scan saves the parse and
 * the symbol resolution of every other file. A word that ends in {@code (} is a call's shape: the
 * name must not continue an identifier ({@code inform(} is not in {@code reinform(}), and
 * whitespace may stand before the parenthesis ({@code watch (w)}).
 */
final class Prefilter {

  private Prefilter() {}

  /** The rules that may report on {@code text}; empty means the file need not be parsed. */
  static List<Rule> applicable(List<Rule> rules, String text) {
    List<Rule> out = new ArrayList<>(rules.size());
    for (Rule r : rules) {
      for (String word : r.descriptor().triggerWords()) {
        if (contains(text, word)) {
          out.add(r);
          break;
        }
      }
    }
    return out;
  }

  static boolean contains(String text, String word) {
    if (!word.endsWith("(")) {
      return text.contains(word);
    }
    String name = word.substring(0, word.length() - 1);
    for (int at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
      if (at > 0 && Character.isJavaIdentifierPart(text.charAt(at - 1))) {
        continue;
      }
      int next = at + name.length();
      while (next < text.length() && Character.isWhitespace(text.charAt(next))) {
        next++;
      }
      if (next < text.length() && text.charAt(next) == '(') {
        return true;
      }
    }
    return false;
  }
}
