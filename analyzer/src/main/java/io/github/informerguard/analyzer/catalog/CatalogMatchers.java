package io.github.informerguard.analyzer.catalog;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every call matcher the catalog declares, found in its classes' public constants (a matcher, or
 * a list of matchers or of site records that carry one), so that the model check and the prefilter see each
 * matcher a rule can use without a second list that could miss one.
 */
public final class CatalogMatchers {

  /** The catalog classes that hold API declarations; {@code CatalogMatchersTest} checks none is missing. */
  static final List<Class<?>> CLASSES = List.of(ApiTypes.class, CallbackApis.class, CancellationTypes.class,
      IndexAndWatchTypes.class, IndexFunctionHazards.class, IndexerApis.class, InterruptApis.class,
      LifecycleApis.class, ResyncApis.class, WaitApis.class, WatchApis.class);

  private static final class Holder {
    static final Map<String, CallMatcher> ALL = collect();
  }

  private CatalogMatchers() {}

  /** Each matcher under the name of the constant that holds it ({@code WatchApis.F8_WATCH}, {@code ResyncApis.METHODS[2]}). */
  public static Map<String, CallMatcher> all() {
    return Holder.ALL;
  }

  private static Map<String, CallMatcher> collect() {
    Map<String, CallMatcher> out = new LinkedHashMap<>();
    for (Class<?> c : CLASSES) {
      for (Field f : c.getDeclaredFields()) {
        if (!Modifier.isStatic(f.getModifiers()) || !Modifier.isPublic(f.getModifiers())) {
          continue;
        }
        Object value;
        try {
          value = f.get(null);
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
        String name = c.getSimpleName() + "." + f.getName();
        if (value instanceof CallMatcher m) {
          out.putIfAbsent(name, m);
        } else if (value instanceof Collection<?> items) {
          int i = 0;
          for (Object item : items) {
            String at = name + "[" + i++ + "]";
            matcherOf(item).ifPresent(m -> out.put(at, m));
          }
        }
      }
    }
    return java.util.Collections.unmodifiableMap(out);
  }

  private static java.util.Optional<CallMatcher> matcherOf(Object item) {
    if (item instanceof CallMatcher m) {
      return java.util.Optional.of(m); // a plain list of matchers (InterruptApis.FAILS)
    }
    if (item == null || !item.getClass().isRecord()) {
      return java.util.Optional.empty();
    }
    for (RecordComponent rc : item.getClass().getRecordComponents()) {
      if (rc.getType() == CallMatcher.class) {
        try {
          return java.util.Optional.of((CallMatcher) rc.getAccessor().invoke(item));
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return java.util.Optional.empty();
  }

  /** The distinct matchers, in no particular order. */
  public static List<CallMatcher> distinct() {
    return new ArrayList<>(new java.util.LinkedHashSet<>(all().values()));
  }
}
