package io.github.informerguard.analyzer.catalog;

/**
 * Qualified names of the index-registration and raw-watch types that StatefulIndexFunction
 * and MissingGoneHandling match on (kept apart from {@link ApiTypes} so that rule families can
 * be added independently). Checked against fabric8 8.0.0, client-java 24.0.0 and JOSDK 5.3.2.
 */
public final class IndexAndWatchTypes {

  private IndexAndWatchTypes() {}

  // fabric8
  public static final String F8_CACHE_IMPL = "io.fabric8.kubernetes.client.informers.impl.cache.CacheImpl";
  public static final String F8_KUBERNETES_CLIENT_EXCEPTION = "io.fabric8.kubernetes.client.KubernetesClientException";

  // client-java
  public static final String K8S_INDEXER = "io.kubernetes.client.informer.cache.Indexer";
  public static final String K8S_CACHE = "io.kubernetes.client.informer.cache.Cache";
  public static final String K8S_API_CLIENT = "io.kubernetes.client.openapi.ApiClient";
  public static final String K8S_API_EXCEPTION = "io.kubernetes.client.openapi.ApiException";
  public static final String K8S_GENERIC_API = "io.kubernetes.client.util.generic.GenericKubernetesApi";
  public static final String K8S_APIS_PACKAGE = "io.kubernetes.client.openapi.apis";
  public static final String K8S_EVENT_TYPE = "io.kubernetes.client.informer.EventType";

  // Java Operator SDK
  public static final String JOSDK_INDEXER_RESOURCE_CACHE =
      "io.javaoperatorsdk.operator.processing.event.source.IndexerResourceCache";
  public static final String JOSDK_INDEXED_RESOURCE_CACHE =
      "io.javaoperatorsdk.operator.api.reconciler.IndexedResourceCache";
  public static final String JOSDK_EVENT_SOURCE_CONTEXT =
      "io.javaoperatorsdk.operator.api.reconciler.EventSourceContext";
}
