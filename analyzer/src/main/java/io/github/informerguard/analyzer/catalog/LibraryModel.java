package io.github.informerguard.analyzer.catalog;

import static io.github.informerguard.analyzer.catalog.ApiTypes.*;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What lenient mode knows about the client libraries without their jars: which library types
 * are subtypes of which, and what the fluent DSL methods return. Precise mode never reads this;
 * it asks the symbol solver. Keep it to facts read from the clients' sources
 * ({@code shared/research/k8s-java-apis.md}).
 */
public final class LibraryModel {

  /** fabric8 DSL interfaces that are both {@code Informable} and {@code Watchable}. */
  private static final Set<String> F8_RESOURCE_DSL =
      Set.of(
          "MixedOperation",
          "NonNamespaceOperation",
          "AnyNamespaceOperation",
          "FilterWatchListDeletable",
          "FilterWatchListMultiDeletable",
          "FilterNested",
          "Resource",
          "PodResource",
          "RollableScalableResource",
          "ServiceResource",
          "NamespaceableResource",
          "ScalableResource",
          "WatchAndWaitable",
          "ParameterMixedOperation",
          "EditReplacePatchable");

  /** Methods of the fabric8 resource DSL that return another resource DSL object. */
  private static final Set<String> F8_DSL_FILTERS =
      Set.of(
          "inNamespace",
          "inAnyNamespace",
          "withName",
          "withLabel",
          "withLabels",
          "withoutLabel",
          "withoutLabels",
          "withLabelIn",
          "withLabelNotIn",
          "withLabelSelector",
          "withField",
          "withFields",
          "withoutField",
          "withoutFields",
          "withInvolvedObject",
          "withResourceVersion",
          "withLimit",
          "withIndexers",
          "withGracePeriod",
          "withPropagationPolicy",
          "resource",
          "load");

  /** Client methods that return a resource DSL (collections of one kind). */
  private static final Set<String> F8_CLIENT_RESOURCES =
      Set.of(
          "pods",
          "services",
          "configMaps",
          "secrets",
          "namespaces",
          "nodes",
          "endpoints",
          "events",
          "serviceAccounts",
          "persistentVolumeClaims",
          "persistentVolumes",
          "resourceQuotas",
          "limitRanges",
          "replicationControllers",
          "componentstatuses",
          "bindings",
          "leases",
          "resources",
          "genericKubernetesResources",
          "resource",
          "customResourceDefinitions",
          "deployments",
          "replicaSets",
          "statefulSets",
          "daemonSets",
          "controllerRevisions",
          "jobs",
          "cronjobs",
          "ingresses",
          "networkPolicies",
          "roles",
          "roleBindings",
          "clusterRoles",
          "clusterRoleBindings",
          "storageClasses",
          "horizontalPodAutoscalers",
          "podDisruptionBudget",
          "endpointSlices");

  /** Client methods that return an API-group DSL, whose resource methods then return DSL objects. */
  private static final Set<String> F8_CLIENT_GROUPS =
      Set.of(
          "apps",
          "batch",
          "network",
          "rbac",
          "policy",
          "storage",
          "autoscaling",
          "discovery",
          "apiextensions",
          "coordination",
          "certificates",
          "scheduling",
          "resourcequotas",
          "v1",
          "v1beta1",
          "v2");

  private static final String F8_GROUP = "io.fabric8.kubernetes.client.dsl.<api-group>";
  private static final String F8_RESOURCE = F8_DSL + "FilterWatchListDeletable";

  private static final Set<String> F8_CLIENTS =
      Set.of(F8_CLIENT, F8_BASE_CLIENT, F8_NAMESPACED_CLIENT, F8_OPENSHIFT_CLIENT);

  private static final Map<String, Set<String>> SUPERTYPES = new HashMap<>();
  private static final Map<String, Map<String, String>> RETURNS = new HashMap<>();

  static {
    for (String simple : F8_RESOURCE_DSL) {
      SUPERTYPES.put(F8_DSL + simple, Set.of(F8_INFORMABLE, F8_WATCHABLE));
    }
    SUPERTYPES.put(F8_INFORMABLE, Set.of());
    SUPERTYPES.put(F8_WATCHABLE, Set.of());
    SUPERTYPES.put(F8_SHARED_INDEX_INFORMER, Set.of("java.lang.AutoCloseable"));
    SUPERTYPES.put(F8_DEFAULT_SHARED_INDEX_INFORMER, Set.of(F8_SHARED_INDEX_INFORMER, "java.lang.AutoCloseable"));
    SUPERTYPES.put(F8_INFORMER_FACTORY, Set.of());
    SUPERTYPES.put(F8_INDEXER, Set.of());
    SUPERTYPES.put(F8_WATCH, Set.of("java.io.Closeable", "java.lang.AutoCloseable"));
    SUPERTYPES.put(F8_WATCHER, Set.of());
    SUPERTYPES.put(F8_CLIENT, Set.of(F8_BASE_CLIENT, "java.lang.AutoCloseable"));
    SUPERTYPES.put(F8_NAMESPACED_CLIENT, Set.of(F8_CLIENT, F8_BASE_CLIENT, "java.lang.AutoCloseable"));
    SUPERTYPES.put(F8_OPENSHIFT_CLIENT, Set.of(F8_NAMESPACED_CLIENT, F8_CLIENT, F8_BASE_CLIENT, "java.lang.AutoCloseable"));
    SUPERTYPES.put(F8_BASE_CLIENT, Set.of("java.lang.AutoCloseable"));

    SUPERTYPES.put(K8S_SHARED_INFORMER, Set.of());
    SUPERTYPES.put(K8S_SHARED_INDEX_INFORMER, Set.of(K8S_SHARED_INFORMER));
    SUPERTYPES.put(K8S_DEFAULT_SHARED_INDEX_INFORMER, Set.of(K8S_SHARED_INDEX_INFORMER, K8S_SHARED_INFORMER));
    SUPERTYPES.put(K8S_INFORMER_FACTORY, Set.of());
    SUPERTYPES.put(K8S_CONTROLLER_WATCH_BUILDER, Set.of());
    SUPERTYPES.put(K8S_WATCH, Set.of("java.io.Closeable", "java.lang.AutoCloseable", "java.lang.Iterable"));
    SUPERTYPES.put(JOSDK_CONFIGURATION_OVERRIDER, Set.of());

    Map<String, String> client = new HashMap<>();
    F8_CLIENT_RESOURCES.forEach(m -> client.put(m, F8_DSL + "MixedOperation"));
    F8_CLIENT_GROUPS.forEach(m -> client.put(m, F8_GROUP));
    client.put("informers", F8_INFORMER_FACTORY);
    client.put("inNamespace", F8_NAMESPACED_CLIENT);
    for (String c : F8_CLIENTS) {
      RETURNS.put(c, client);
    }
    Map<String, String> group = new HashMap<>();
    F8_CLIENT_RESOURCES.forEach(m -> group.put(m, F8_DSL + "MixedOperation"));
    F8_CLIENT_GROUPS.forEach(m -> group.put(m, F8_GROUP));
    RETURNS.put(F8_GROUP, group);

    Map<String, String> dsl = new HashMap<>();
    F8_DSL_FILTERS.forEach(m -> dsl.put(m, F8_RESOURCE));
    dsl.put("inform", F8_SHARED_INDEX_INFORMER);
    dsl.put("runnableInformer", F8_SHARED_INDEX_INFORMER);
    dsl.put("watch", F8_WATCH);
    for (String simple : F8_RESOURCE_DSL) {
      RETURNS.put(F8_DSL + simple, dsl);
    }
    RETURNS.put(F8_INFORMABLE, dsl);
    RETURNS.put(F8_WATCHABLE, Map.of("watch", F8_WATCH));

    Map<String, String> f8Informer = new HashMap<>();
    f8Informer.put("addEventHandler", F8_SHARED_INDEX_INFORMER);
    f8Informer.put("addEventHandlerWithResyncPeriod", F8_SHARED_INDEX_INFORMER);
    f8Informer.put("addIndexers", F8_SHARED_INDEX_INFORMER);
    f8Informer.put("removeIndexer", F8_SHARED_INDEX_INFORMER);
    f8Informer.put("initialState", F8_SHARED_INDEX_INFORMER);
    f8Informer.put("itemStore", F8_SHARED_INDEX_INFORMER);
    f8Informer.put("exceptionHandler", F8_SHARED_INDEX_INFORMER);
    f8Informer.put("run", F8_SHARED_INDEX_INFORMER);
    f8Informer.put("getIndexer", F8_INDEXER);
    f8Informer.put("start", "java.util.concurrent.CompletionStage");
    f8Informer.put("stopped", "java.util.concurrent.CompletionStage");
    RETURNS.put(F8_SHARED_INDEX_INFORMER, f8Informer);
    RETURNS.put(F8_DEFAULT_SHARED_INDEX_INFORMER, f8Informer);

    Map<String, String> f8Factory = new HashMap<>();
    f8Factory.put("inNamespace", F8_INFORMER_FACTORY);
    f8Factory.put("withName", F8_INFORMER_FACTORY);
    f8Factory.put("sharedIndexInformerFor", F8_SHARED_INDEX_INFORMER);
    f8Factory.put("sharedIndexInformerForCustomResource", F8_SHARED_INDEX_INFORMER);
    f8Factory.put("getExistingSharedIndexInformer", F8_SHARED_INDEX_INFORMER);
    f8Factory.put("startAllRegisteredInformers", "java.util.concurrent.Future");
    RETURNS.put(F8_INFORMER_FACTORY, f8Factory);

    Map<String, String> k8sFactory = new HashMap<>();
    k8sFactory.put("sharedIndexInformerFor", K8S_SHARED_INDEX_INFORMER);
    k8sFactory.put("getExistingSharedIndexInformer", K8S_SHARED_INDEX_INFORMER);
    RETURNS.put(K8S_INFORMER_FACTORY, k8sFactory);

    RETURNS.put(K8S_CONTROLLER_WATCH_BUILDER, Map.of("withResyncPeriod", K8S_CONTROLLER_WATCH_BUILDER));
    RETURNS.put(
        "io.kubernetes.client.extended.controller.builder.ControllerBuilder",
        Map.of("controllerWatchBuilder", K8S_CONTROLLER_WATCH_BUILDER));
  }

  private LibraryModel() {}

  /** Whether lenient mode knows this library type (and so can answer NO as well as YES). */
  public static boolean knows(String qualifiedName) {
    return SUPERTYPES.containsKey(qualifiedName) || RETURNS.containsKey(qualifiedName);
  }

  /** The type itself and every supertype lenient mode knows of. */
  public static Set<String> selfAndSupertypes(String qualifiedName) {
    Set<String> all = new HashSet<>();
    all.add(qualifiedName);
    all.addAll(SUPERTYPES.getOrDefault(qualifiedName, Set.of()));
    return all;
  }

  /** What {@code method} returns when called on a {@code receiver}, if the model knows. */
  public static Optional<String> returnType(String receiver, String method) {
    return Optional.ofNullable(RETURNS.getOrDefault(receiver, Map.of()).get(method));
  }

  /** Library types that lenient mode knows by simple name, for on-demand imports. */
  public static Optional<String> knownInPackage(String packageName, String simpleName) {
    String candidate = packageName + "." + simpleName;
    return knows(candidate) ? Optional.of(candidate) : Optional.empty();
  }

  // ---- Index registration and raw-watch types (StatefulIndexFunction, MissingGoneHandling) ----
  // Facts from fabric8 8.0.0, client-java 24.0.0 and JOSDK 5.3.2 (javap of the jars).
  static {
    SUPERTYPES.put(IndexAndWatchTypes.F8_CACHE_IMPL, Set.of(F8_INDEXER));
    SUPERTYPES.put(IndexAndWatchTypes.K8S_INDEXER, Set.of());
    SUPERTYPES.put(IndexAndWatchTypes.K8S_CACHE, Set.of(IndexAndWatchTypes.K8S_INDEXER));
    SUPERTYPES.put(IndexAndWatchTypes.JOSDK_INDEXER_RESOURCE_CACHE, Set.of(IndexAndWatchTypes.JOSDK_INDEXED_RESOURCE_CACHE));
    SUPERTYPES.put(F8_WATCHER_EXCEPTION, Set.of("java.lang.Exception", "java.lang.Throwable"));
    mergeReturns(K8S_SHARED_INDEX_INFORMER, Map.of("getIndexer", IndexAndWatchTypes.K8S_INDEXER));
    mergeReturns(K8S_DEFAULT_SHARED_INDEX_INFORMER, Map.of("getIndexer", IndexAndWatchTypes.K8S_INDEXER));
    mergeReturns(IndexAndWatchTypes.JOSDK_EVENT_SOURCE_CONTEXT,
        Map.of("getPrimaryCache", IndexAndWatchTypes.JOSDK_INDEXER_RESOURCE_CACHE, "getClient", F8_CLIENT));
  }

  /** Adds return types to a receiver's table without replacing what other blocks put there. */
  private static void mergeReturns(String receiver, Map<String, String> more) {
    Map<String, String> merged = new HashMap<>(RETURNS.getOrDefault(receiver, Map.of()));
    merged.putAll(more);
    RETURNS.put(receiver, merged);
  }
}
