package io.github.informerguard.runtime.clientjava;

import io.kubernetes.client.util.CallGeneratorParams;

/**
 * What a {@link GuardedInformerFactory} informer passes to the {@code list} of a user's
 * {@code ListerWatcher}: client-java's {@link CallGeneratorParams} (not a watch, no
 * resourceVersion: a consistent read) plus the page to fetch. client-java's params carry no limit
 * or continue token, so a {@code ListerWatcher} can only be listed in pages if it asks for them:
 *
 * <pre>{@code
 * public V1PodList list(CallGeneratorParams params) throws ApiException {
 *   CoreV1Api.APIlistNamespacedPodRequest request = core.listNamespacedPod(ns);
 *   if (params instanceof ListPageParams page) {
 *     request.limit(page.limit())._continue(page.continueToken());
 *   }
 *   return request.execute();
 * }
 * }</pre>
 *
 * <p>The informer then follows the continue tokens, and re-lists from the first page when one
 * expires, as for the other forms. A {@code ListerWatcher} that ignores them is listed in one
 * request, as client-java's informer lists it.
 */
public final class ListPageParams extends CallGeneratorParams {
  private final int limit;
  private final String continueToken;
  private volatile boolean asked;

  ListPageParams(int limit, String continueToken) {
    super(Boolean.FALSE, null, null);
    this.limit = limit;
    this.continueToken = continueToken;
  }

  /** Objects per page, the factory's {@code pageSize}. */
  public int limit() {
    asked = true;
    return limit;
  }

  /** The previous page's continue token; {@code null} for the first page. */
  public String continueToken() {
    asked = true;
    return continueToken;
  }

  /** Whether the {@code ListerWatcher} read the page it was asked for. */
  boolean asked() {
    return asked;
  }
}
