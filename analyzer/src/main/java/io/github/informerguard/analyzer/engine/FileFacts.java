package io.github.informerguard.analyzer.engine;

import io.github.informerguard.analyzer.catalog.LifecycleApis;
import io.github.informerguard.analyzer.resolve.CallNames;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

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

  /**
   * The words whose presence in a file is kept: the callers' names first, in order, then the words
   * InformerNeverStopped looks for in every file (a client-java factory's stops).
   */
  static final List<String> WORDS = Stream.concat(CALLERS.stream(),
      LifecycleApis.FACTORY_STOP_MENTIONS.stream().sorted()).distinct().toList();

  /** Every word's bit: what a file that cannot be read may hold. */
  private static final int ALL_WORDS = (int) ((1L << WORDS.size()) - 1);

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

  /**
   * The words a file holds that is known by path but is no Java source to the reader (binary, empty):
   * those of its bytes read as Latin-1 (the words are ASCII); every word when it cannot be read at all.
   */
  static int wordsOfUnreadable(Path path) {
    try {
      return wordsIn(new String(Files.readAllBytes(path), StandardCharsets.ISO_8859_1));
    } catch (IOException | SecurityException e) {
      return ALL_WORDS;
    }
  }

  /** The bits of {@code words} in {@link #WORDS}, or -1 when one of them is not kept. */
  static int bitsOf(Set<String> words) {
    int bits = 0;
    for (String w : words) {
      int i = WORDS.indexOf(w);
      if (i < 0) {
        return -1;
      }
      bits |= 1 << i;
    }
    return bits;
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
