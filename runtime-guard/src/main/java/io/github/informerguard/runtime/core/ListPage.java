package io.github.informerguard.runtime.core;

import java.util.List;

/**
 * One LIST response.
 *
 * @param items the objects (never {@code null})
 * @param resourceVersion the list's resourceVersion, to watch from
 * @param continueToken the token of the next page; {@code null} or empty on the last page
 */
public record ListPage<T>(List<T> items, String resourceVersion, String continueToken) {
  public ListPage {
    items = items == null ? List.of() : items;
  }

  boolean last() {
    return continueToken == null || continueToken.isEmpty();
  }
}
