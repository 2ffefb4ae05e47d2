package io.github.informerguard.analyzer.engine;

import io.github.informerguard.analyzer.resolve.CallNames;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the source index keeps of a file whose text it does not hold, so that the questions it answers
 * about every file need no second read of it: the screen records these facts as it reads each file
 * for the prefilter (the words are among the prefilter's, found in the same scan), and the index's
 * own pass records them for a file the screen did not read. Immutable.
 *
 * @param primaryTypeName the file's primary type, as {@link SourceFile#primaryTypeName()}
 * @param words bit {@code i} set when the file's raw text (code, comments and strings) holds {@code WORDS.get(i)}
 * @param calls bit {@code i} set when the file calls {@code CALLERS.get(i)} (any arity, not a reference), read
 *     from its tokens as {@link CallNames#collect} reads them
 */
record FileFacts(String primaryTypeName, int words, int calls) {

  /**
   * Method names whose calling files are kept: the names the rules ask for (MissingGoneHandling's
   * watched-elsewhere check asks for fabric8's {@code watch}). Another name is answered by a pass of its own.
   */
  static final List<String> CALLERS = List.of("watch");

  /** The words whose presence in a file is kept: the callers' names first, in order. */
  static final List<String> WORDS = List.copyOf(CALLERS);

  /** The facts of a file whose raw text holds {@code words} (bits of {@link #WORDS}); lexes it only if it holds a caller's name. */
  static FileFacts of(String primaryTypeName, String text, int words) {
    int calls = 0;
    Set<String> keys = null;
    for (int i = 0; i < CALLERS.size(); i++) {
      if ((words & (1 << i)) == 0) {
        continue; // a call's key holds its name, which the text would hold
      }
      if (keys == null) {
        keys = new HashSet<>();
        CallNames.collect(text, keys);
      }
      if (calls(keys, CALLERS.get(i))) {
        calls |= 1 << i;
      }
    }
    return new FileFacts(primaryTypeName, words, calls);
  }

  /** The facts of a file read on its own (not screened). */
  static FileFacts of(SourceFile file) {
    return of(file.primaryTypeName(), file.text(), wordsIn(file.text()));
  }

  /** The bits of the {@link #WORDS} that {@code text} holds. */
  static int wordsIn(String text) {
    int words = 0;
    for (int i = 0; i < WORDS.size(); i++) {
      if (text.contains(WORDS.get(i))) {
        words |= 1 << i;
      }
    }
    return words;
  }

  /** Whether the file calls {@code CALLERS.get(caller)}. */
  boolean calls(int caller) {
    return (calls & (1 << caller)) != 0;
  }

  /** Whether a file's call keys hold a call of {@code name}, any arity, on any receiver, not a reference. */
  static boolean calls(Set<String> ofFile, String name) {
    String prefix = CallNames.call(name, 0).substring(0, name.length() + 1);
    return ofFile.stream().anyMatch(k -> k.startsWith(prefix) && k.indexOf('@') < 0);
  }
}
