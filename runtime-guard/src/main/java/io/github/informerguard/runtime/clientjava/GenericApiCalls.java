package io.github.informerguard.runtime.clientjava;

import io.kubernetes.client.common.KubernetesListObject;
import io.kubernetes.client.common.KubernetesObject;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.util.CallGenerator;
import io.kubernetes.client.util.generic.GenericKubernetesApi;
import io.kubernetes.client.util.generic.options.ListOptions;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The informer transport of a {@link GenericKubernetesApi} whose calls a close can cancel.
 * {@code GenericKubernetesApi.list(...)} and {@code watch(...)} build and execute their OkHttp
 * call inside, so no caller can reach it: a held list or watch handshake would keep the informer's
 * thread and connection until the server answered. Its list request is built by private methods
 * that every line from 20 to 24 has ({@code make[Namespaced|Cluster]ListCallBuilder}, then
 * {@code prepareCall}, which maps the core group to {@code /api}); this class asks them for the
 * call, never sends it, and gives its request to {@link CallGeneratorTransport}, which re-issues
 * it with the informer's query on that API's own {@code ApiClient} and cancels what is in flight
 * at close. A fresh call is built for every request, so credentials that the client refreshes are
 * current. A client-java line without those methods gets the blocking transport of
 * {@link ClientJavaTransport#of(GenericKubernetesApi, String)} (logged once per informer).
 */
final class GenericApiCalls {
  private static final Logger LOG = LoggerFactory.getLogger(GenericApiCalls.class);

  private GenericApiCalls() {}

  static <T extends KubernetesObject, L extends KubernetesListObject> ClientJavaTransport<T> transport(
      GenericKubernetesApi<T, L> api, String namespace, Type watchType) {
    boolean all = namespace == null || namespace.isEmpty();
    try {
      Class<?> type = GenericKubernetesApi.class;
      Method builder = all ? type.getDeclaredMethod("makeClusterListCallBuilder", ListOptions.class)
          : type.getDeclaredMethod("makeNamespacedListCallBuilder", String.class, ListOptions.class);
      Method prepare = type.getDeclaredMethod("prepareCall", builder.getReturnType());
      Method client = type.getDeclaredMethod("getApiClient");
      Field listType = type.getDeclaredField("apiListTypeClass");
      builder.setAccessible(true);
      prepare.setAccessible(true);
      client.setAccessible(true);
      listType.setAccessible(true);
      ApiClient apiClient = (ApiClient) client.invoke(api);
      @SuppressWarnings("unchecked")
      Class<? extends KubernetesListObject> lists = (Class<? extends KubernetesListObject>) listType.get(api);
      CallGenerator calls = params -> {
        try {
          Object callBuilder = all ? builder.invoke(api, new ListOptions())
              : builder.invoke(api, namespace, new ListOptions());
          return (Call) prepare.invoke(api, callBuilder);
        } catch (ReflectiveOperationException e) {
          throw unwrap(e);
        }
      };
      return new CallGeneratorTransport<>(apiClient,
          apiClient.getHttpClient().newBuilder().readTimeout(0, TimeUnit.MILLISECONDS).build(), calls, lists,
          watchType);
    } catch (ReflectiveOperationException | RuntimeException e) {
      LOG.info("informer-guard: this client-java line builds GenericKubernetesApi calls differently ({}); a list or"
          + " watch handshake in flight when the informer closes runs to its end", e.toString());
      return ClientJavaTransport.of(api, namespace);
    }
  }

  /** What the builder threw: an {@code ApiException} as it is, unchecked throwables rethrown. */
  private static ApiException unwrap(ReflectiveOperationException e) {
    Throwable cause = e instanceof InvocationTargetException ite && ite.getCause() != null ? ite.getCause() : e;
    if (cause instanceof ApiException api) {
      return api;
    }
    if (cause instanceof RuntimeException re) {
      throw re;
    }
    if (cause instanceof Error err) {
      throw err;
    }
    return new ApiException(cause);
  }
}
