package io.github.informerguard.runtime.clientjava;

import io.github.informerguard.runtime.core.ListPage;
import io.kubernetes.client.common.KubernetesListObject;
import io.kubernetes.client.common.KubernetesObject;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.util.Watchable;
import io.kubernetes.client.util.generic.GenericKubernetesApi;
import io.kubernetes.client.util.generic.KubernetesApiResponse;
import io.kubernetes.client.util.generic.options.ListOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The list and watch calls of one informer, from whichever form the user gave the factory: a
 * {@code CallGenerator} ({@link CallGeneratorTransport}), a {@link GenericKubernetesApi}
 * ({@link GenericApiCalls}) or a {@code ListerWatcher} ({@link ListerWatcherTransport}).
 */
interface ClientJavaTransport<T extends KubernetesObject> {
  ListPage<T> list(long limit, String continueToken) throws ApiException;

  /**
   * {@link #list}, telling {@code continueSeen} the page's continue token as soon as it has been
   * read from the response, before the items are (see {@code ClientAdapter.list}); a transport
   * that cannot see the response before it is decoded (a user's {@code ListerWatcher}) never
   * tells it early.
   */
  default ListPage<T> list(long limit, String continueToken, Consumer<String> continueSeen) throws ApiException {
    return list(limit, continueToken);
  }

  Watchable<T> watch(String resourceVersion, int timeoutSeconds) throws ApiException;

  /** Makes an in-flight call return; a transport whose calls it cannot reach does nothing. */
  default void abort() {}

  @SuppressWarnings("unchecked")
  static <T extends KubernetesObject> ListPage<T> page(KubernetesListObject list) {
    List<T> items = new ArrayList<>();
    if (list.getItems() != null) {
      for (KubernetesObject o : list.getItems()) {
        items.add((T) o);
      }
    }
    return list.getMetadata() == null ? new ListPage<>(items, null, null)
        : new ListPage<>(items, list.getMetadata().getResourceVersion(), list.getMetadata().getContinue());
  }

  /**
   * {@link GenericKubernetesApi} through its public calls, paginated with its {@link ListOptions}:
   * the fallback of {@link GenericApiCalls} on a client-java line whose call builders it cannot
   * read. Its calls are built and executed inside it, so a list or watch handshake in flight when
   * the informer closes runs to its end (or the client's read timeout) on the reflector thread,
   * which then ends; nothing more reaches the cache.
   */
  static <T extends KubernetesObject, L extends KubernetesListObject> ClientJavaTransport<T> of(
      GenericKubernetesApi<T, L> api, String namespace) {
    boolean all = namespace == null || namespace.isEmpty();
    return new ClientJavaTransport<>() {
      @Override
      public ListPage<T> list(long limit, String continueToken) throws ApiException {
        ListOptions o = new ListOptions().limit((int) Math.min(Integer.MAX_VALUE, limit))._continue(continueToken);
        KubernetesApiResponse<L> r = all ? api.list(o) : api.list(namespace, o);
        if (!r.isSuccess()) {
          String message = r.getStatus() == null ? "list failed" : r.getStatus().getMessage();
          throw new ApiException(r.getHttpStatusCode(), message);
        }
        return page(r.getObject());
      }

      @Override
      public Watchable<T> watch(String resourceVersion, int timeoutSeconds) throws ApiException {
        ListOptions o = new ListOptions().resourceVersion(resourceVersion).timeoutSeconds(timeoutSeconds);
        return all ? api.watch(o) : api.watch(namespace, o);
      }
    };
  }
}
