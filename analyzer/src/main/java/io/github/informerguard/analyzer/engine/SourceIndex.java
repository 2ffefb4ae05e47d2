package io.github.informerguard.analyzer.engine;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import io.github.informerguard.analyzer.resolve.CallNames;
import io.github.informerguard.analyzer.resolve.SourceTypes;
import java.lang.ref.SoftReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The analyzed sources by type name, for lenient mode's cross-file lookups (a constant in
 * another file). Files are parsed on demand and shared between threads. Only the files being
 * analyzed are held as text; the others are remembered by path and read when a lookup needs
 * them, and parsed trees are kept in a small LRU of soft references, so memory does not grow
 * with the tree and a run short of heap drops them before it drops a file.
 */
final class SourceIndex implements SourceTypes {

  /** How many parsed trees of other files to keep; lookups cluster on a few constants classes. */
  private static final int PARSED_CACHE_SIZE = 64;

  /**
   * Trees of larger analyzed files are not offered to the cache: a generated 3 MB API class
   * parses into 150 MB, which the worker can let go as soon as its rules are done. Such a file
   * is parsed for lookups only when a lookup needs it, and that tree is kept (softly).
   */
  static final int MAX_CACHED_CHARS = 256 * 1024;

  private final Map<String, SourceFile> byPrimaryType = new ConcurrentHashMap<>();
  private final Map<String, Path> notInMemory = new ConcurrentHashMap<>();
  private final Set<Path> roots = ConcurrentHashMap.newKeySet();
  private final Set<String> absent = ConcurrentHashMap.newKeySet();
  /** Guarded by itself. Soft values: under heap pressure a tree is parsed again rather than a file skipped. */
  private final Map<String, SoftReference<Optional<CompilationUnit>>> parsed =
      new LinkedHashMap<>(PARSED_CACHE_SIZE * 2, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, SoftReference<Optional<CompilationUnit>>> eldest) {
          return size() > PARSED_CACHE_SIZE;
        }
      };
  /** How many files lookups have parsed, for tests of the cache. */
  private final java.util.concurrent.atomic.AtomicInteger parses = new java.util.concurrent.atomic.AtomicInteger();

  int parses() {
    return parses.get();
  }

  /** A lock per file that is being or has been parsed for a lookup. */
  private final Map<String, Object> parsing = new ConcurrentHashMap<>();
  private final ThreadLocal<JavaParser> parser = ThreadLocal.withInitial(() -> new JavaParser(Parsers.lenientConfiguration()));

  /** Calls and references in every known file ({@link CallNames} keys), read once when first asked; guarded by this. */
  private Set<String> callKeys;
  /** How many files name each type ({@link CallNames#typeName} keys); guarded by this. */
  private Map<String, Integer> typeMentions = Map.of();
  private List<Path> callIndexFiles = List.of();
  /** {@link #filesCalling} answers by method name, dropped with {@link #callKeys}; guarded by this. */
  private final Map<String, List<String>> filesCalling = new java.util.HashMap<>();
  /** Every known file, as the last {@link #filesCalling} pass read them; dropped with {@link #callKeys}. */
  private List<Path> knownFiles;
  /** The {@link FileFacts#WORDS} the files of {@link #callIndexFiles} hold, and of {@link #knownFiles}; guarded by this. */
  private int callIndexWords;
  private int knownFilesWords;
  /**
   * What the screen recorded of the files it read, by absolute normalized path, so that a pass over every
   * file takes those facts instead of reading the file again (see {@link FileFacts}).
   */
  private final Map<Path, FileFacts> screened = new ConcurrentHashMap<>();

  SourceIndex(Collection<SourceFile> files) {
    files.forEach(this::add);
  }

  /**
   * Adds or replaces a file. A long-lived front end (the Checkstyle checks in an IDE) hands in
   * new text of the same file as it is edited: the old text and its tree must not be served.
   */
  void add(SourceFile f) {
    String name = f.primaryTypeName();
    SourceFile previous = byPrimaryType.put(name, f);
    if (previous != null && !previous.text().equals(f.text())) {
      synchronized (parsed) {
        parsed.remove(name);
      }
    }
    notInMemory.remove(name);
    absent.remove(name);
    f.sourceRoot().ifPresent(roots::add);
    if (previous == null || !previous.text().equals(f.text())) {
      synchronized (this) {
        callKeys = null; // a new or edited file may call what no file called before
        filesCalling.clear();
        knownFiles = null;
      }
    }
  }

  @Override
  public synchronized Optional<Boolean> calledAnywhere(String owner, String name, int arity) {
    return called(owner, name, CallNames.call(name, arity));
  }

  /** Only calls on a receiver declared as {@code owner}, or one the calling file does not type, count. */
  @Override
  public synchronized Optional<Boolean> calledOn(String owner, String name, int arity) {
    return called(owner, name, CallNames.callOn(name, arity, owner),
        CallNames.callOn(name, arity, CallNames.UNKNOWN_RECEIVER));
  }

  private Optional<Boolean> called(String owner, String name, String... wanted) {
    Set<String> keys = callKeys();
    if (typeMentions.getOrDefault(CallNames.typeName(owner), 0) < 2) {
      return Optional.empty(); // no other file names the owner: a library's or a snippet's entry point, maybe
    }
    return Optional.of(keys.contains(CallNames.reference(name)) || keys.contains(CallNames.namedAsText(name))
        || java.util.Arrays.stream(wanted).anyMatch(keys::contains));
  }

  @Override
  public synchronized Collection<Path> callIndexFiles() {
    if (callKeys == null && knownFiles != null) {
      return knownFiles; // a filesCalling pass read the same files: no need to read them again
    }
    callKeys();
    return callIndexFiles;
  }

  /**
   * Reads every known file once: the analyzed ones, the ones known by path, and every {@code .java}
   * file under the source roots (a front end that hands in one file at a time still sees its module).
   */
  private synchronized Set<String> callKeys() {
    if (callKeys != null) {
      return callKeys;
    }
    Set<String> keys = new java.util.HashSet<>();
    Map<String, Integer> mentions = new java.util.HashMap<>();
    Map<String, List<String>> callers = new java.util.HashMap<>();
    FileFacts.CALLERS.forEach(n -> callers.put(n, new java.util.ArrayList<>()));
    Pass pass = forEachKnownFile(f -> {
      Set<String> ofFile = collect(f.text(), keys, mentions);
      callers.forEach((n, files) -> {
        if (FileFacts.calls(ofFile, n)) {
          files.add(f.primaryTypeName());
        }
      });
    });
    callIndexFiles = List.copyOf(pass.files());
    callIndexWords = pass.words();
    callKeys = keys;
    typeMentions = mentions;
    callers.forEach((n, files) -> filesCalling.put(n, List.copyOf(files)));
    return keys;
  }

  /** What a pass over every known file read: the files, absolute and normalized, and the {@link FileFacts#WORDS} they hold. */
  private record Pass(Set<Path> files, int words) {}

  /**
   * Hands every known file to {@code action} once: the analyzed ones, the ones known by path, and every
   * {@code .java} file under the source roots (a front end that hands in one file at a time still sees
   * its module). A file that is no Java source to the reader is not handed on, but is one of the files read.
   */
  private Pass forEachKnownFile(java.util.function.Consumer<SourceFile> action) {
    return forEachKnownPath((path, inMemory) -> {
      Object read = inMemory != null ? inMemory : SourceReader.read(path);
      if (read instanceof SourceFile f) {
        action.accept(f);
        return FileFacts.wordsIn(f.text());
      }
      return FileFacts.wordsOfUnreadable(path);
    });
  }

  /**
   * As {@link #forEachKnownFile}, handing each file's facts: those the screen recorded, else those of
   * the file's text (in memory, or read now).
   */
  private Pass forEachKnownFileFacts(java.util.function.Consumer<FileFacts> action) {
    return forEachKnownPath((path, inMemory) -> {
      FileFacts recorded = inMemory == null ? screened.get(path.toAbsolutePath().normalize()) : null;
      Object read = recorded != null ? recorded : inMemory != null ? inMemory : SourceReader.read(path);
      FileFacts facts = read instanceof FileFacts r ? r : read instanceof SourceFile f ? FileFacts.of(f) : null;
      if (facts == null) {
        return FileFacts.wordsOfUnreadable(path);
      }
      action.accept(facts);
      return facts.words();
    });
  }

  /** A known file: held in memory ({@code inMemory} not null), or known by its path only; answers the words it holds. */
  private interface KnownFile {
    int visit(Path path, SourceFile inMemory);
  }

  /** Visits every known file once (see {@link #forEachKnownFile}). */
  private Pass forEachKnownPath(KnownFile action) {
    Set<Path> read = new java.util.TreeSet<>();
    int words = 0;
    for (SourceFile f : byPrimaryType.values()) {
      words |= action.visit(f.path(), f);
      read.add(f.path().toAbsolutePath().normalize());
    }
    List<Path> more = new java.util.ArrayList<>(notInMemory.values());
    for (Path root : roots) {
      try (java.util.stream.Stream<Path> walk = Files.walk(root)) {
        walk.filter(p -> p.toString().endsWith(".java") && Files.isRegularFile(p)).forEach(more::add);
      } catch (java.io.IOException | java.io.UncheckedIOException e) {
        // an unreadable root adds no calls: the answer can only be "not called" more often for it
      }
    }
    for (Path p : more) {
      if (read.add(p.toAbsolutePath().normalize())) {
        words |= action.visit(p, null);
      }
    }
    return new Pass(read, words);
  }

  /**
   * Answered on the first question for a name, once per set of files. For the names of
   * {@link FileFacts#CALLERS} the screen recorded each file's answer as it read the file, so only files
   * it did not read (under a source root, not among the inputs) are read; another name is rare (no rule
   * asks one today) and takes a pass that reads every file.
   */
  @Override
  public synchronized Optional<List<String>> filesCalling(String name) {
    // The pass of callKeys answers the names it keeps callers for, and so do the facts the screen
    // recorded; another name is answered by a pass that lexes only the files whose text holds it.
    List<String> known = filesCalling.get(name);
    if (known == null) {
      List<String> calling = new java.util.ArrayList<>();
      int kept = FileFacts.CALLERS.indexOf(name);
      Pass pass = kept >= 0
          ? forEachKnownFileFacts(facts -> {
            if (facts.calls(kept)) {
              calling.add(facts.primaryTypeName());
            }
          })
          : forEachKnownFile(f -> {
            if (f.text().contains(name)) {
              Set<String> ofFile = new java.util.HashSet<>();
              CallNames.collect(f.text(), ofFile);
              if (FileFacts.calls(ofFile, name)) {
                calling.add(f.primaryTypeName());
              }
            }
          });
      known = List.copyOf(calling);
      filesCalling.put(name, known);
      if (callKeys == null) {
        knownFiles = List.copyOf(pass.files());
        knownFilesWords = pass.words();
      }
    }
    return Optional.of(known);
  }

  /**
   * Answered from the pass that read the files of {@link #callIndexFiles} (one is made if none was): for
   * the {@link FileFacts#WORDS} from what it kept of each file, which for a file the screen read is what
   * the screen found; another word reads every file again.
   */
  @Override
  public synchronized Optional<Boolean> mentionedAnywhere(Set<String> words) {
    Collection<Path> files = callIndexFiles();
    int bits = FileFacts.bitsOf(words);
    if (bits < 0) {
      return Optional.of(files.stream().anyMatch(f -> holdsAny(f, words)));
    }
    int held = callKeys != null ? callIndexWords : knownFilesWords;
    return Optional.of((held & bits) != 0);
  }

  /** Whether the file's bytes, read as Latin-1, hold one of {@code words} (ASCII); a file that cannot be read may. */
  private static boolean holdsAny(Path file, Set<String> words) {
    try {
      String text = new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1);
      return words.stream().anyMatch(text::contains);
    } catch (java.io.IOException | SecurityException e) {
      return true;
    }
  }

  /** Adds a file's calls and references to {@code keys} and its type names to {@code mentions}; answers the file's keys. */
  private static Set<String> collect(String text, Set<String> keys, Map<String, Integer> mentions) {
    Set<String> ofFile = new java.util.HashSet<>();
    CallNames.collect(text, ofFile);
    for (String k : ofFile) {
      if (k.startsWith("T:")) {
        mentions.merge(k, 1, Integer::sum);
      } else {
        keys.add(k);
      }
    }
    return ofFile;
  }

  /** Remembers a file that no rule needs to parse by its path only; it is read again if looked up. */
  void addByPath(SourceFile f) {
    addByPath(f.path(), f.primaryTypeName(), f.sourceRoot());
  }

  /** As {@link #addByPath(SourceFile)}, from what was read of the file when its text is no longer held. */
  void addByPath(Path path, String primaryTypeName, Optional<Path> sourceRoot) {
    if (!byPrimaryType.containsKey(primaryTypeName)) {
      notInMemory.putIfAbsent(primaryTypeName, path);
    }
    sourceRoot.ifPresent(roots::add);
  }

  /**
   * As {@link #addByPath(Path, String, Optional)}, with the facts the screen recorded as it read the file:
   * a pass over every file takes them instead of reading the file again. The file must not change
   * during the run (the CLI's and the plugin's runs read each file once).
   */
  void addByPath(Path path, String primaryTypeName, Optional<Path> sourceRoot, FileFacts facts) {
    addByPath(path, primaryTypeName, sourceRoot);
    screened.put(path.toAbsolutePath().normalize(), facts);
  }

  /** Source roots of the analyzed files, for the symbol solver in precise mode. */
  List<Path> roots() {
    return roots.stream().sorted().toList();
  }

  /** Lets the file being analyzed be found through its already-parsed tree. */
  void offer(SourceFile file, CompilationUnit unit) {
    if (file.text().length() > MAX_CACHED_CHARS) {
      return;
    }
    String name = file.primaryTypeName();
    SourceFile inMemory = byPrimaryType.get(name);
    if (inMemory == file || (inMemory == null && file.path().equals(notInMemory.get(name)))) {
      synchronized (parsed) {
        parsed.put(name, new SoftReference<>(Optional.of(unit)));
      }
    }
  }

  @Override
  public Optional<TypeDeclaration<?>> find(String qualifiedName) {
    String outer = qualifiedName;
    String nested = "";
    while (true) {
      if (byPrimaryType.containsKey(outer) || notInMemory.containsKey(outer) || fromRoots(outer)) {
        String simple = outer.substring(outer.lastIndexOf('.') + 1);
        Optional<TypeDeclaration<?>> top = unit(outer).flatMap(cu -> cu.getTypes().stream()
            .filter(t -> t.getNameAsString().equals(simple)).findFirst());
        String inner = nested;
        return inner.isEmpty() ? top : top.flatMap(t -> member(t, inner));
      }
      int dot = outer.lastIndexOf('.');
      if (dot < 0) {
        return Optional.empty();
      }
      nested = outer.substring(dot + 1) + (nested.isEmpty() ? "" : "." + nested);
      outer = outer.substring(0, dot);
    }
  }

  /** A type not among the analyzed files may still sit beside them under a source root. */
  private boolean fromRoots(String primary) {
    if (absent.contains(primary)) {
      return false;
    }
    for (Path root : roots) {
      Path candidate = root.resolve(primary.replace('.', '/') + ".java");
      if (Files.isRegularFile(candidate)) {
        notInMemory.putIfAbsent(primary, candidate);
        return true;
      }
    }
    absent.add(primary);
    return false;
  }

  /** The text of a known file: in memory when it is being analyzed, else read from disk again. */
  private Optional<String> textOf(String primary) {
    SourceFile inMemory = byPrimaryType.get(primary);
    if (inMemory != null) {
      return Optional.of(inMemory.text());
    }
    Path path = notInMemory.get(primary);
    return path != null && SourceReader.read(path) instanceof SourceFile f ? Optional.of(f.text()) : Optional.empty();
  }

  private Optional<Path> pathOf(String primary) {
    SourceFile inMemory = byPrimaryType.get(primary);
    return inMemory != null ? Optional.of(inMemory.path()) : Optional.ofNullable(notInMemory.get(primary));
  }

  private Optional<CompilationUnit> unit(String primary) {
    Optional<CompilationUnit> unit = cached(primary);
    if (unit != null) {
      return unit;
    }
    // One lock per file, not one for the index: two threads asking for the same constants class
    // parse it once, while a thread that needs another file does not wait for a 3 MB parse.
    synchronized (parsing.computeIfAbsent(primary, k -> new Object())) {
      unit = cached(primary);
      if (unit != null) {
        return unit;
      }
      Optional<String> text = textOf(primary);
      if (text.isEmpty()) {
        unit = Optional.empty();
      } else {
        ParseResult<CompilationUnit> r = parser.get().parse(text.get());
        parses.incrementAndGet();
        unit = r.isSuccessful() ? r.getResult() : Optional.empty();
        // The file's path goes with its tree, so a declaration found in it can be traced to it.
        pathOf(primary).ifPresent(p -> r.getResult().ifPresent(cu -> cu.setStorage(p)));
      }
      // Large trees are kept too, softly like the others: a generated API class that many files
      // call into was parsed again on every lookup (half of a lenient run's CPU on the benchmark
      // tree), and a soft reference is cleared before the heap runs out.
      synchronized (parsed) {
        parsed.put(primary, new SoftReference<>(unit));
      }
      return unit;
    }
  }

  /** The kept tree of a file, or null when it has to be parsed (never kept, dropped, or cleared). */
  private Optional<CompilationUnit> cached(String primary) {
    synchronized (parsed) {
      SoftReference<Optional<CompilationUnit>> ref = parsed.get(primary);
      return ref == null ? null : ref.get();
    }
  }

  private static Optional<TypeDeclaration<?>> member(TypeDeclaration<?> type, String path) {
    String head = path.contains(".") ? path.substring(0, path.indexOf('.')) : path;
    String rest = path.contains(".") ? path.substring(path.indexOf('.') + 1) : "";
    for (BodyDeclaration<?> m : type.getMembers()) {
      if (m instanceof TypeDeclaration<?> t && t.getNameAsString().equals(head)) {
        return rest.isEmpty() ? Optional.of(t) : member(t, rest);
      }
    }
    return Optional.empty();
  }
}
