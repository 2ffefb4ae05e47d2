package io.github.informerguard.runtime.clientjava;

import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.util.CallGenerator;

/**
 * The {@link FaultInjectingApiServer} as client-java code sees it: at its
 * {@link FaultInjectingApiServer#streamingUri() streaming address} (client-java reads a watch as
 * one long GET), with client-java's own {@link ApiClient} and generated {@link CoreV1Api}, as an
 * operator builds them.
 */
public final class ClientJavaServer {
  public final FaultInjectingApiServer server;

  public ClientJavaServer(FaultInjectingApiServer server) {
    this.server = server;
  }

  /** An ApiClient with client-java's defaults (10 s read timeout). */
  public ApiClient defaultApiClient() {
    return new ApiClient().setBasePath(server.streamingUri().toString());
  }

  /** An ApiClient that client-java's {@code SharedInformerFactory} accepts (read timeout 0). */
  public ApiClient informerApiClient() {
    return defaultApiClient().setReadTimeout(0);
  }

  /** The list/watch call of an informer of the test namespace's pods, as client-java's examples build it. */
  public static CallGenerator pods(ApiClient client) {
    return pods(client, null);
  }

  /** As {@link #pods(ApiClient)}, restricted to {@code labelSelector} (null for all). */
  public static CallGenerator pods(ApiClient client, String labelSelector) {
    CoreV1Api api = new CoreV1Api(client);
    return params -> api.listNamespacedPod(FaultInjectingApiServer.NAMESPACE)
        .labelSelector(labelSelector)
        .resourceVersion(params.resourceVersion)
        .timeoutSeconds(params.timeoutSeconds)
        .watch(params.watch)
        .buildCall(null);
  }
}
