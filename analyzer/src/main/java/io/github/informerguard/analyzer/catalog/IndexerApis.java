package io.github.informerguard.analyzer.catalog;

import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_INDEXER;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_INFORMABLE;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_SHARED_INDEX_INFORMER;
import static io.github.informerguard.analyzer.catalog.ApiTypes.K8S_SHARED_INDEX_INFORMER;
import static io.github.informerguard.analyzer.catalog.IndexAndWatchTypes.*;

import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Every place where an index function is registered (shared/research/k8s-java-apis.md E.3,
 * A.7, B.6, C), and the map factories whose values are the functions.
 */
public final class IndexerApis {

  /** Which library's cache will run the function; decides the explanation in the message. */
  public enum Library {
    FABRIC8,
    CLIENT_JAVA,
    JOSDK
  }

  /** How the functions are passed. */
  public enum Shape {
    /** A {@code Map<String, Function<T, List<String>>>} whose values are index functions. */
    MAP,
    /** The function itself. */
    FUNCTION
  }

  /**
   * A registration method or constructor.
   *
   * @param matcher the API
   * @param positions the arguments that hold the map or the function
   * @param keyPositions those of {@code positions} that hold the cache's key function
   *     ({@code Function<T, String>}: the key each object is stored and removed under)
   */
  public record Site(Library library, CallMatcher matcher, List<Integer> positions, Shape shape,
      Set<Integer> keyPositions) {

    /** A site whose functions are all index functions. */
    public Site(Library library, CallMatcher matcher, List<Integer> positions, Shape shape) {
      this(library, matcher, positions, shape, Set.of());
    }

    /** Whether the function at {@code position} is the cache's key function, not an index function. */
    public boolean isKeyFunction(int position) {
      return keyPositions.contains(position);
    }
  }

  private static CallMatcher method(String name, int arity, String lines, String... owners) {
    return CallMatcher.instanceMethod().onDescendantOf(owners).named(name).withArities(arity).inLines(lines).build();
  }

  public static final List<Site> METHODS = List.of(
      new Site(Library.FABRIC8, method("addIndexers", 1, "fabric8-", F8_SHARED_INDEX_INFORMER, F8_INDEXER), List.of(0), Shape.MAP),
      new Site(Library.FABRIC8, method("withIndexers", 1, "fabric8-", F8_INFORMABLE), List.of(0), Shape.MAP),
      new Site(Library.FABRIC8, method("addIndexFunc", 2, "fabric8-", F8_CACHE_IMPL), List.of(1), Shape.FUNCTION),
      new Site(Library.CLIENT_JAVA, method("addIndexers", 1, "client-java-", K8S_SHARED_INDEX_INFORMER, K8S_INDEXER),
          List.of(0), Shape.MAP),
      new Site(Library.CLIENT_JAVA, method("addIndexFunc", 2, "client-java-", K8S_CACHE), List.of(1), Shape.FUNCTION),
      new Site(Library.JOSDK, method("addIndexers", 1, "josdk-", JOSDK_INDEXER_RESOURCE_CACHE), List.of(0), Shape.MAP),
      new Site(Library.JOSDK, method("addIndexer", 2, "josdk-", JOSDK_INDEXER_RESOURCE_CACHE), List.of(1), Shape.FUNCTION));

  /**
   * {@code new Cache<>(indexName, indexFunc, keyFunc)} and fabric8's {@code new CacheImpl<>(...)}:
   * argument 1 is an index function, argument 2 the cache's key function.
   */
  public static final List<Site> CONSTRUCTORS = List.of(
      new Site(Library.CLIENT_JAVA, CallMatcher.constructor().onClass(K8S_CACHE).withArities(3).inLines("client-java-").build(),
          List.of(1, 2), Shape.FUNCTION, Set.of(2)),
      new Site(Library.FABRIC8, CallMatcher.constructor().onClass(F8_CACHE_IMPL).withArities(3).inLines("fabric8-").build(),
          List.of(1, 2), Shape.FUNCTION, Set.of(2)));

  /** The library's namespace/name key function, named in the fix of a key-function finding. */
  public static final String F8_KEY_FUNCTION = "Cache.metaNamespaceKeyFunc";
  public static final String K8S_KEY_FUNCTION = "Caches.deletionHandlingMetaNamespaceKeyFunc";

  /** Static map factories: owner type, method, and whether values sit at odd positions or in entries. */
  public enum MapFactory {
    MAP_OF("java.util.Map", "of"),
    MAP_OF_ENTRIES("java.util.Map", "ofEntries"),
    SINGLETON_MAP("java.util.Collections", "singletonMap"),
    GUAVA_IMMUTABLE_MAP_OF("com.google.common.collect.ImmutableMap", "of");

    public final String owner;
    public final String method;

    MapFactory(String owner, String method) {
      this.owner = owner;
      this.method = method;
    }
  }

  /** {@code Map.entry(k, v)} and the entry classes whose second argument is the value. */
  public static final String MAP_ENTRY_OWNER = "java.util.Map";
  public static final String MAP_ENTRY_METHOD = "entry";
  public static final Set<String> ENTRY_CLASSES = Set.of(
      "java.util.AbstractMap.SimpleEntry", "java.util.AbstractMap.SimpleImmutableEntry");

  /** Methods that add an entry to a map being built: {@code put(key, function)}. */
  public static final Set<String> MAP_PUTS = Set.of("put", "putIfAbsent");

  /** Words whose absence proves a file registers no index function: those of the registrations above. */
  public static final Set<String> TRIGGER_WORDS = CallMatcher.triggerWords(
      Stream.concat(METHODS.stream(), CONSTRUCTORS.stream()).map(Site::matcher).toList(), Set.of());

  private IndexerApis() {}
}
