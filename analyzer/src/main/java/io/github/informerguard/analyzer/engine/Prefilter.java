package io.github.informerguard.analyzer.engine;

import io.github.informerguard.analyzer.api.Rule;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Skips files that cannot match: a rule can only report on a file whose code contains one of its
 * trigger words (the API names it matches), so a text scan saves the parse and the symbol
 * resolution of every other file.
 *
 * <p>Words are looked for in code only: comments and the contents of string, character and text
 * block literals cannot make a node that a rule matches, so {@code information} in a Javadoc or
 * {@code "watch"} as a query parameter's name does not send a file to the parser. A word that ends
 * in {@code (} is a call's shape (the catalog's call matchers give those): the name must not
 * continue an identifier ({@code inform(} is not in {@code reinform(}), whitespace may stand
 * before the parenthesis ({@code watch (w)}), and a method declaration ({@code Request
 * watch(Boolean watch)}, a generated client's setter) is not a call. A file is first checked on
 * its raw text, which is cheap; only a file that passes that is scanned for its code.
 */
final class Prefilter {

  private final List<Rule> rules;
  /** The words, each once; a call's shape is kept without its parenthesis (the automaton finds the name). */
  private final List<String> words = new ArrayList<>();
  private final List<Boolean> callShape = new ArrayList<>();
  /** For each rule (in order), the indexes of its words in {@link #words}. */
  private final int[][] ruleWords;
  private final Automaton automaton;

  /** For each index word (in order), its index in {@link #words}. */
  private final int[] indexWords;

  private Prefilter(List<Rule> rules, List<String> indexWords) {
    this.rules = List.copyOf(rules);
    Map<String, Integer> ids = new HashMap<>();
    ruleWords = new int[rules.size()][];
    for (int r = 0; r < rules.size(); r++) {
      Set<String> ws = rules.get(r).descriptor().triggerWords();
      ruleWords[r] = new int[ws.size()];
      int k = 0;
      for (String w : ws) {
        ruleWords[r][k++] = id(ids, w);
      }
    }
    this.indexWords = new int[indexWords.size()];
    for (int k = 0; k < indexWords.size(); k++) {
      if (indexWords.get(k).endsWith("(")) {
        throw new IllegalArgumentException("index words are plain words: " + indexWords.get(k));
      }
      this.indexWords[k] = id(ids, indexWords.get(k));
    }
    automaton = new Automaton(words);
  }

  private int id(Map<String, Integer> ids, String word) {
    return ids.computeIfAbsent(word, x -> {
      boolean call = x.endsWith("(");
      words.add(call ? x.substring(0, x.length() - 1) : x);
      callShape.add(call);
      return words.size() - 1;
    });
  }

  /** A prefilter for {@code rules}: build it once per run, it is immutable and thread-safe. */
  static Prefilter of(List<Rule> rules) {
    return new Prefilter(rules, List.of());
  }

  /**
   * A prefilter for {@code rules} that also tells which of {@code indexWords} (plain words, at most 32)
   * a file's raw text holds, from the same scan: what the source index keeps of every file.
   */
  static Prefilter of(List<Rule> rules, List<String> indexWords) {
    if (indexWords.size() > Integer.SIZE) {
      throw new IllegalArgumentException("at most 32 index words: " + indexWords);
    }
    return new Prefilter(rules, indexWords);
  }

  /** The rules this prefilter screens for. */
  List<Rule> rules() {
    return rules;
  }

  /** The rules that may report on {@code text}; empty means the file need not be parsed. */
  static List<Rule> applicable(List<Rule> rules, String text) {
    return of(rules).applicable(text);
  }

  /** The rules of this prefilter that may report on {@code text}; empty means the file need not be parsed. */
  List<Rule> applicable(String text) {
    return screen(text).rules();
  }

  /**
   * What the screen of one file found: the rules that may report on it (empty: it need not be parsed),
   * and bit {@code i} of {@code indexWords} set when its raw text holds the {@code i}-th index word.
   */
  record Screen(List<Rule> rules, int indexWords) {}

  /** The rules of this prefilter that may report on {@code text}, and the index words its raw text holds. */
  Screen screen(String text) {
    if (words.isEmpty()) {
      return new Screen(List.of(), 0);
    }
    boolean[] raw = found(text, false);
    int held = 0;
    for (int k = 0; k < indexWords.length; k++) {
      if (raw[indexWords[k]]) {
        held |= 1 << k;
      }
    }
    if (!anyRule(raw)) {
      return new Screen(List.of(), held);
    }
    boolean[] code = found(codeOf(text), true);
    List<Rule> out = new ArrayList<>(rules.size());
    for (int r = 0; r < rules.size(); r++) {
      if (any(code, ruleWords[r])) {
        out.add(rules.get(r));
      }
    }
    return new Screen(out, held);
  }

  private boolean anyRule(boolean[] found) {
    for (int[] ws : ruleWords) {
      if (any(found, ws)) {
        return true;
      }
    }
    return false;
  }

  private static boolean any(boolean[] found, int[] ws) {
    for (int w : ws) {
      if (found[w]) {
        return true;
      }
    }
    return false;
  }

  /**
   * Which words occur in {@code text}, in one pass however many words there are (one
   * {@code indexOf} per word took a sixth of a lenient run's CPU, most files holding none).
   */
  private boolean[] found(String text, boolean code) {
    boolean[] found = new boolean[words.size()];
    automaton.scan(text, (word, end) -> {
      if (found[word]) {
        return;
      }
      int at = end - words.get(word).length();
      found[word] = !callShape.get(word) || callAt(text, at, end, code);
    });
    return found;
  }

  /** Whether {@code text}, the raw text of a file, may hold {@code word} (in code or not). */
  static boolean contains(String text, String word) {
    return contains(text, word, false);
  }

  /**
   * With {@code code}, {@code text} is a file's code ({@link #codeOf}) and a call's shape does not
   * count where a method is declared; on raw text that test could take a comment's last word for a
   * type, so it is left to the code pass.
   */
  static boolean contains(String text, String word, boolean code) {
    if (!word.endsWith("(")) {
      return text.contains(word);
    }
    String name = word.substring(0, word.length() - 1);
    for (int at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
      if (callAt(text, at, at + name.length(), code)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the name found at {@code [at, end)} of {@code text} has a call's shape there. */
  private static boolean callAt(String text, int at, int end, boolean code) {
    if (at > 0 && Character.isJavaIdentifierPart(text.charAt(at - 1))) {
      return false;
    }
    int next = end;
    while (next < text.length() && Character.isWhitespace(text.charAt(next))) {
      next++;
    }
    return next < text.length() && text.charAt(next) == '(' && !(code && declared(text, at));
  }

  /**
   * Keywords after which a name and {@code (} is a call ({@code return watch(w)}); after any other
   * identifier it is a declaration ({@code Watch watch(Watcher w)}): Java has no other place where
   * two identifiers stand side by side before a parenthesis.
   */
  private static final Set<String> KEYWORDS_BEFORE_EXPRESSIONS =
      Set.of("return", "throw", "else", "yield", "case", "assert", "do", "new");

  /**
   * Whether the name at {@code at} is declared there: the code before it ends with a type (an
   * identifier that is not a keyword, or {@code []}). After {@code >} it may be a call
   * ({@code -> watch(w)}, {@code a.<T>watch(w)}, {@code n > count(x)}) and is taken for one.
   */
  private static boolean declared(String text, int at) {
    int end = at - 1;
    while (end >= 0 && Character.isWhitespace(text.charAt(end))) {
      end--;
    }
    if (end < 0) {
      return false;
    }
    char before = text.charAt(end);
    if (before == ']') {
      return true;
    }
    if (!Character.isJavaIdentifierPart(before)) {
      return false;
    }
    int start = end;
    while (start > 0 && Character.isJavaIdentifierPart(text.charAt(start - 1))) {
      start--;
    }
    return !KEYWORDS_BEFORE_EXPRESSIONS.contains(text.substring(start, end + 1));
  }

  /**
   * The code of a source file: {@code text} with comments replaced by spaces and the contents of
   * string, character and text block literals left out (their quotes stay, so what stood on
   * either side does not join into one word). A file with a Unicode escape anywhere is returned
   * unchanged: an escape may stand for a quote or a comment's slash, which only a full lexer
   * reads correctly, and the raw text keeps every word that the code has.
   */
  static String codeOf(String text) {
    if (text.contains("\\u")) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length());
    int n = text.length();
    int i = 0;
    while (i < n) {
      // Code up to the next character that may open a comment or a literal is copied at once.
      int plain = i;
      while (plain < n && !opensCommentOrLiteral(text.charAt(plain))) {
        plain++;
      }
      if (plain > i) {
        out.append(text, i, plain);
        i = plain;
        continue;
      }
      char c = text.charAt(i);
      char next = i + 1 < n ? text.charAt(i + 1) : 0;
      if (c == '/' && next == '/') {
        int eol = text.indexOf('\n', i);
        i = eol < 0 ? n : eol;
        out.append(' ');
      } else if (c == '/' && next == '*') {
        int close = text.indexOf("*/", i + 2);
        i = close < 0 ? n : close + 2;
        out.append(' ');
      } else if (c == '"' && text.startsWith("\"\"\"", i)) {
        i = skipLiteral(text, i + 3, "\"\"\"");
        out.append("\"\"");
      } else if (c == '"' || c == '\'') {
        i = skipLiteral(text, i + 1, c == '"' ? "\"" : "'");
        out.append(c).append(c);
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  private static boolean opensCommentOrLiteral(char c) {
    return c == '/' || c == '"' || c == '\'';
  }

  /** The index after the literal's closing {@code quote}, escapes skipped; a literal left open ends at its line. */
  private static int skipLiteral(String text, int from, String quote) {
    boolean block = quote.length() > 1;
    int i = from;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '\\') {
        i += 2;
      } else if (text.startsWith(quote, i)) {
        return i + quote.length();
      } else if (c == '\n' && !block) {
        return i;
      } else {
        i++;
      }
    }
    return text.length();
  }

  /**
   * Aho-Corasick over ASCII words: a full transition table, so the scan reads each character of a
   * file once. A character outside ASCII is in no word and sends the scan back to the start.
   */
  static final class Automaton {

    interface Hit {
      void at(int word, int end);
    }

    private final int[][] next;
    /** Per state, the words that end there (its own and those of its suffix states), or null. */
    private final int[][] ends;

    Automaton(List<String> words) {
      List<int[]> go = new ArrayList<>();
      List<List<Integer>> out = new ArrayList<>();
      go.add(newState());
      out.add(new ArrayList<>());
      for (int w = 0; w < words.size(); w++) {
        int state = 0;
        for (char c : words.get(w).toCharArray()) {
          if (c >= 128) {
            throw new IllegalArgumentException("prefilter words are ASCII: " + words.get(w));
          }
          if (go.get(state)[c] <= 0) {
            go.add(newState());
            out.add(new ArrayList<>());
            go.get(state)[c] = go.size() - 1;
          }
          state = go.get(state)[c];
        }
        out.get(state).add(w);
      }
      int[] fail = new int[go.size()];
      ArrayDeque<Integer> queue = new ArrayDeque<>();
      for (int c = 0; c < 128; c++) {
        int s = go.get(0)[c];
        if (s > 0) {
          fail[s] = 0;
          queue.add(s);
        } else {
          go.get(0)[c] = 0;
        }
      }
      while (!queue.isEmpty()) {
        int s = queue.poll();
        out.get(s).addAll(out.get(fail[s]));
        for (int c = 0; c < 128; c++) {
          int t = go.get(s)[c];
          if (t > 0) {
            fail[t] = go.get(fail[s])[c];
            queue.add(t);
          } else {
            go.get(s)[c] = go.get(fail[s])[c];
          }
        }
      }
      next = go.toArray(new int[0][]);
      ends = new int[out.size()][];
      for (int s = 0; s < out.size(); s++) {
        ends[s] = out.get(s).isEmpty() ? null : out.get(s).stream().mapToInt(Integer::intValue).toArray();
      }
    }

    private static int[] newState() {
      int[] row = new int[128];
      Arrays.fill(row, -1);
      return row;
    }

    void scan(String text, Hit hit) {
      int state = 0;
      for (int i = 0, n = text.length(); i < n; i++) {
        char c = text.charAt(i);
        state = c < 128 ? next[state][c] : 0;
        int[] e = ends[state];
        if (e != null) {
          for (int w : e) {
            hit.at(w, i + 1);
          }
        }
      }
    }
  }
}
