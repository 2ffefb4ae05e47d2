package io.github.informerguard.analyzer.resolve;

import java.util.Optional;
import java.util.Set;

/**
 * The methods a source text calls or references, by name and number of arguments, read from its
 * tokens without parsing (so every file of a tree can be read for it cheaply): {@code name(a, b)}
 * not preceded by a type (a declaration) or {@code new} (a constructor) is a call with two
 * arguments, {@code ::name} a reference of any arity. Comments and characters are skipped, and so are
 * strings, except that a string holding nothing but an identifier names a method that may be run by that
 * text ({@code @Bean(destroyMethod = "stopAll")}, reflection). The keys are {@code name/arity},
 * {@code name::}, {@code "name} for such a string and {@code T:Name} for a type name the text mentions. A text it misreads can only add keys or miss
 * an odd call (explicit type arguments, {@code this.<T>name(..)}).
 */
public final class CallNames {

  private static final Set<String> NOT_A_TYPE = Set.of("return", "throw", "else", "case", "yield", "assert", "do");
  private static final Set<String> KEYWORDS_BEFORE_PAREN = Set.of("if", "while", "for", "switch", "catch",
      "synchronized", "try", "return", "throw", "new", "super", "this", "assert");

  private CallNames() {}

  /** Key of a call of {@code name} with {@code arity} arguments. */
  public static String call(String name, int arity) {
    return name + "/" + arity;
  }

  /** The receiver type of a call whose receiver is an expression, undeclared or declared without a plain type. */
  public static final String UNKNOWN_RECEIVER = "?";

  /**
   * Key of a call of {@code name} with {@code arity} arguments on a receiver of simple type
   * {@code receiverType}: the type the calling file declares the receiver variable with, the type
   * itself for a static call ({@code Owner.name()}), or {@link #UNKNOWN_RECEIVER} (an unqualified call,
   * a chain, a variable declared with a generic or array type, {@code var}, or not declared in the file).
   */
  public static String callOn(String name, int arity, String receiverType) {
    return call(name, arity) + "@" + receiverType;
  }

  /** Key of a method reference to {@code name}. */
  public static String reference(String name) {
    return name + "::";
  }

  /**
   * Key of a string literal that holds only the identifier {@code name}: a method named as text, which a
   * container or reflection may run ({@code @Bean(destroyMethod = "stopAll")}, {@code destroy-method}).
   */
  public static String namedAsText(String name) {
    return "\"" + name;
  }

  /** Key of a file that names the type {@code simpleName} (a declaration, an import, a use). */
  public static String typeName(String simpleName) {
    return "T:" + simpleName;
  }

  /**
   * Adds the keys of every call and method reference in {@code text} to {@code into}, and a
   * {@link #typeName} key for every capitalized identifier (once per text: the caller counts files).
   */
  public static void collect(String text, Set<String> into) {
    char[] s = text.toCharArray();
    int n = s.length;
    String previousWord = null;
    char previousSymbol = ';';
    // The call keys with the receiver variable they are made on (null: no plain variable), and the
    // types the text declares each variable with: a declaration may follow its use (a field).
    java.util.List<String[]> receivedCalls = new java.util.ArrayList<>();
    java.util.Map<String, Set<String>> declared = new java.util.HashMap<>();
    String receiver = null;
    boolean previousWordAfterDot = false;
    int i = 0;
    while (i < n) {
      char c = s[i];
      if (c == '/' && i + 1 < n && s[i + 1] == '/') {
        while (i < n && s[i] != '\n') {
          i++;
        }
        continue;
      }
      if (c == '/' && i + 1 < n && s[i + 1] == '*') {
        int end = text.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
        continue;
      }
      if (c == '"' || c == '\'') {
        int end = skipLiteral(s, i);
        if (c == '"' && isIdentifier(s, i + 1, end - 1)) {
          into.add(namedAsText(text.substring(i + 1, end - 1)));
        }
        i = end;
        previousWord = null;
        previousSymbol = 'x';
        continue;
      }
      if (Character.isJavaIdentifierStart(c)) {
        int start = i;
        while (i < n && Character.isJavaIdentifierPart(s[i])) {
          i++;
        }
        String word = text.substring(start, i);
        if (Character.isUpperCase(c)) {
          into.add(typeName(word));
        }
        int j = i;
        while (j < n && Character.isWhitespace(s[j])) {
          j++;
        }
        boolean afterDot = previousWord == null && previousSymbol == '.';
        if (previousWord == null && previousSymbol == ':' && isAfterDoubleColon(s, start)) {
          into.add(reference(word));
        } else if (j < n && s[j] == '(' && !KEYWORDS_BEFORE_PAREN.contains(word) && !declares(previousWord, previousSymbol)) {
          into.add(call(word, arity(s, j)));
          receivedCalls.add(new String[] {call(word, arity(s, j)), afterDot ? receiver : null});
        } else if (j < n && DECLARATION_ENDS.indexOf(s[j]) >= 0 && !afterDot) {
          declaredType(previousWord, previousSymbol, previousWordAfterDot)
              .ifPresent(type -> declared.computeIfAbsent(word, k -> new java.util.HashSet<>()).add(type));
        }
        previousWord = word;
        previousWordAfterDot = afterDot;
        continue;
      }
      if (!Character.isWhitespace(c)) {
        // A plain variable before a dot is the receiver of what follows (a.b: b's receiver is a, not a.b's).
        receiver = c == '.' && previousWord != null && !previousWordAfterDot && !"this".equals(previousWord)
            && !"super".equals(previousWord) ? previousWord : null;
        previousWord = null;
        // The arrow of a lambda is not the end of a type's arguments: () -> open(..) calls open.
        previousSymbol = c == '>' && i > 0 && s[i - 1] == '-' ? '-' : c;
      }
      i++;
    }
    for (String[] received : receivedCalls) {
      for (String type : receiverTypes(received[1], declared)) {
        into.add(received[0] + "@" + type);
      }
    }
  }

  /** Characters that end a variable's name where it is declared ({@code Type name = }, {@code ;}, {@code ,}, {@code )}, {@code :}). */
  private static final String DECLARATION_ENDS = "=;,):";

  /**
   * The simple type a variable is declared with: the word before it when that is a plain type name,
   * {@link #UNKNOWN_RECEIVER} for a generic or array type or {@code var}; empty when the word before it
   * is no type (an expression such as {@code return x;}).
   */
  private static Optional<String> declaredType(String previousWord, char previousSymbol, boolean previousWordAfterDot) {
    if (previousWord == null) {
      return previousSymbol == '>' || previousSymbol == ']' ? Optional.of(UNKNOWN_RECEIVER) : Optional.empty();
    }
    if (previousWord.equals("var")) {
      return Optional.of(UNKNOWN_RECEIVER);
    }
    if (!Character.isUpperCase(previousWord.charAt(0))) {
      return Optional.empty();
    }
    return Optional.of(previousWordAfterDot ? UNKNOWN_RECEIVER : previousWord);
  }

  /** The receiver's possible simple types: those its declarations give, the name itself for a type, else unknown. */
  private static Set<String> receiverTypes(String receiver, java.util.Map<String, Set<String>> declared) {
    if (receiver == null) {
      return Set.of(UNKNOWN_RECEIVER);
    }
    Set<String> types = declared.get(receiver);
    if (types != null) {
      return types;
    }
    return Set.of(Character.isUpperCase(receiver.charAt(0)) ? receiver : UNKNOWN_RECEIVER);
  }

  /** The name follows a type ({@code void name(}, {@code List<X> name(}, {@code int[] name(}) or {@code new}. */
  private static boolean declares(String previousWord, char previousSymbol) {
    if (previousWord != null) {
      return !NOT_A_TYPE.contains(previousWord);
    }
    return previousSymbol == '>' || previousSymbol == ']';
  }

  private static boolean isAfterDoubleColon(char[] s, int start) {
    int k = start - 1;
    while (k >= 0 && Character.isWhitespace(s[k])) {
      k--;
    }
    return k >= 1 && s[k] == ':' && s[k - 1] == ':';
  }

  /** Arguments between the parenthesis at {@code open} and its match: top-level commas plus one, or 0. */
  private static int arity(char[] s, int open) {
    int depth = 0;
    int commas = 0;
    boolean any = false;
    for (int i = open + 1; i < s.length; i++) {
      char c = s[i];
      if (c == '"' || c == '\'') {
        i = skipLiteral(s, i) - 1;
        any = true;
        continue;
      }
      if (c == '(' || c == '[' || c == '{') {
        depth++;
      } else if (c == ')' || c == ']' || c == '}') {
        if (depth == 0) {
          return any ? commas + 1 : 0;
        }
        depth--;
      } else if (c == ',' && depth == 0) {
        commas++;
      }
      if (!Character.isWhitespace(c)) {
        any = true;
      }
    }
    return any ? commas + 1 : 0;
  }

  /** Whether {@code s[from..to)} is one Java identifier (and no text block's delimiter). */
  private static boolean isIdentifier(char[] s, int from, int to) {
    if (from >= to || to > s.length || !Character.isJavaIdentifierStart(s[from])) {
      return false;
    }
    for (int k = from + 1; k < to; k++) {
      if (!Character.isJavaIdentifierPart(s[k])) {
        return false;
      }
    }
    return true;
  }

  /** The index after the string, text block or character literal starting at {@code i}. */
  private static int skipLiteral(char[] s, int i) {
    char q = s[i];
    if (q == '"' && i + 2 < s.length && s[i + 1] == '"' && s[i + 2] == '"') {
      for (int k = i + 3; k + 2 < s.length; k++) {
        if (s[k] == '\\') {
          k++;
        } else if (s[k] == '"' && s[k + 1] == '"' && s[k + 2] == '"') {
          return k + 3;
        }
      }
      return s.length;
    }
    for (int k = i + 1; k < s.length; k++) {
      if (s[k] == '\\') {
        k++;
      } else if (s[k] == q || s[k] == '\n') {
        return k + 1;
      }
    }
    return s.length;
  }
}
