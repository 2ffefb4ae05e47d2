package io.github.informerguard.analyzer.catalog;

/** Qualified names of the client library types that rules match on. */
public final class ApiTypes {

  private ApiTypes() {}

  // fabric8 kubernetes-client (7.x / 8.x)
  public static final String F8_INFORMABLE = "io.fabric8.kubernetes.client.dsl.Informable";
  public static final String F8_WATCHABLE = "io.fabric8.kubernetes.client.dsl.Watchable";
  public static final String F8_SHARED_INDEX_INFORMER =
      "io.fabric8.kubernetes.client.informers.SharedIndexInformer";
  /** fabric8 4.x / 5.x: the supertype of SharedIndexInformer that declares hasSynced(), run() and stop(). */
  public static final String F8_SHARED_INFORMER = "io.fabric8.kubernetes.client.informers.SharedInformer";
  public static final String F8_INFORMER_FACTORY =
      "io.fabric8.kubernetes.client.informers.SharedInformerFactory";
  public static final String F8_DEFAULT_SHARED_INDEX_INFORMER =
      "io.fabric8.kubernetes.client.informers.impl.DefaultSharedIndexInformer";
  public static final String F8_INDEXER = "io.fabric8.kubernetes.client.informers.cache.Indexer";
  public static final String F8_CLIENT = "io.fabric8.kubernetes.client.KubernetesClient";
  public static final String F8_BASE_CLIENT = "io.fabric8.kubernetes.client.Client";
  public static final String F8_NAMESPACED_CLIENT =
      "io.fabric8.kubernetes.client.NamespacedKubernetesClient";
  public static final String F8_OPENSHIFT_CLIENT = "io.fabric8.openshift.client.OpenShiftClient";
  public static final String F8_WATCH = "io.fabric8.kubernetes.client.Watch";
  public static final String F8_WATCHER = "io.fabric8.kubernetes.client.Watcher";
  public static final String F8_WATCHER_EXCEPTION = "io.fabric8.kubernetes.client.WatcherException";
  /** fabric8 4.x Watchers took onClose(KubernetesClientException); 5.0 changed it to WatcherException. */
  public static final String F8_CLIENT_EXCEPTION = "io.fabric8.kubernetes.client.KubernetesClientException";
  public static final String F8_RESOURCE_EVENT_HANDLER =
      "io.fabric8.kubernetes.client.informers.ResourceEventHandler";
  public static final String F8_DSL = "io.fabric8.kubernetes.client.dsl.";
  /** fabric8 5.x {@code client.customResource(CustomResourceDefinitionContext)}: raw JSON operations (gone in 6.0). */
  public static final String F8_RAW_CUSTOM_RESOURCE = "io.fabric8.kubernetes.client.dsl.internal.RawCustomResourceOperationsImpl";

  // kubernetes-client/java (the official client)
  public static final String K8S_INFORMER_FACTORY = "io.kubernetes.client.informer.SharedInformerFactory";
  public static final String K8S_SHARED_INFORMER = "io.kubernetes.client.informer.SharedInformer";
  public static final String K8S_SHARED_INDEX_INFORMER =
      "io.kubernetes.client.informer.SharedIndexInformer";
  public static final String K8S_DEFAULT_SHARED_INDEX_INFORMER =
      "io.kubernetes.client.informer.impl.DefaultSharedIndexInformer";
  /** client-java ControllerWatch: the controller builder passes getResyncPeriod() to addEventHandlerWithResyncPeriod. */
  public static final String K8S_CONTROLLER_WATCH = "io.kubernetes.client.extended.controller.ControllerWatch";
  public static final String K8S_CONTROLLER_WATCH_BUILDER =
      "io.kubernetes.client.extended.controller.builder.ControllerWatchBuilder";
  /** client-java's ControllerManager: run() starts its factory's informers, shutdown() stops them. */
  public static final String K8S_CONTROLLER_MANAGER = "io.kubernetes.client.extended.controller.ControllerManager";
  public static final String K8S_CONTROLLER_MANAGER_BUILDER =
      "io.kubernetes.client.extended.controller.builder.ControllerManagerBuilder";
  public static final String K8S_CONTROLLER_BUILDER = "io.kubernetes.client.extended.controller.builder.ControllerBuilder";
  public static final String K8S_WATCH = "io.kubernetes.client.util.Watch";
  public static final String K8S_RESOURCE_EVENT_HANDLER =
      "io.kubernetes.client.informer.ResourceEventHandler";
  public static final String K8S_SPRING_INFORMER =
      "io.kubernetes.client.spring.extended.controller.annotation.KubernetesInformer";
  public static final String K8S_SPRING_RECONCILER_WATCH =
      "io.kubernetes.client.spring.extended.controller.annotation.KubernetesReconcilerWatch";

  // Java Operator SDK
  public static final String JOSDK_CONTROLLER_CONFIGURATION =
      "io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration";
  public static final String JOSDK_MAX_RECONCILIATION_INTERVAL =
      "io.javaoperatorsdk.operator.api.reconciler.MaxReconciliationInterval";
  public static final String JOSDK_CONFIGURATION_OVERRIDER =
      "io.javaoperatorsdk.operator.api.config.ControllerConfigurationOverrider";
}
