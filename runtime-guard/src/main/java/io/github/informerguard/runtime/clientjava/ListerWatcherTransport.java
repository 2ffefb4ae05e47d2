package io.github.informerguard.runtime.clientjava;

import io.github.informerguard.runtime.core.ListPage;
import io.kubernetes.client.common.KubernetesListObject;
import io.kubernetes.client.common.KubernetesObject;
import io.kubernetes.client.informer.ListerWatcher;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.util.CallGeneratorParams;
import io.kubernetes.client.util.Watchable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A user's {@link ListerWatcher}: each list page is asked for with {@link ListPageParams}; the
 * watch gets the resourceVersion and timeout through client-java's params.
 */
final class ListerWatcherTransport<T extends KubernetesObject, L extends KubernetesListObject>
    implements ClientJavaTransport<T> {
  private static final Logger LOG = LoggerFactory.getLogger(ListerWatcherTransport.class);

  private final ListerWatcher<T, L> listerWatcher;
  private volatile boolean warned;

  ListerWatcherTransport(ListerWatcher<T, L> listerWatcher) {
    this.listerWatcher = listerWatcher;
  }

  @Override
  public ListPage<T> list(long limit, String continueToken) throws ApiException {
    ListPageParams params = new ListPageParams((int) Math.min(Integer.MAX_VALUE, limit), continueToken);
    ListPage<T> page = ClientJavaTransport.page(listerWatcher.list(params));
    boolean more = page.continueToken() != null && !page.continueToken().isEmpty();
    if (more && !params.asked()) {
      // it pages by a limit of its own but never reads ours, so it would answer every continue
      // with its first page again, forever: take this page as the list, as client-java's informer does
      if (!warned) {
        warned = true;
        LOG.warn("informer-guard: a ListerWatcher returned a continue token but does not read ListPageParams;"
            + " its first page is taken as the whole list. Pass ListPageParams.limit() and continueToken() on.");
      }
      return new ListPage<>(page.items(), page.resourceVersion(), null);
    }
    return page;
  }

  @Override
  public Watchable<T> watch(String resourceVersion, int timeoutSeconds) throws ApiException {
    return listerWatcher.watch(new CallGeneratorParams(Boolean.TRUE, resourceVersion, timeoutSeconds));
  }
}
