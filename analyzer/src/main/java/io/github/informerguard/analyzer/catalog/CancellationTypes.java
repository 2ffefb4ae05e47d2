package io.github.informerguard.analyzer.catalog;

/**
 * Qualified names used by the cancellation rules, kept apart from {@link ApiTypes} so that the
 * rule families can grow independently.
 */
public final class CancellationTypes {

  private CancellationTypes() {}

  public static final String INTERRUPTED_EXCEPTION = "java.lang.InterruptedException";

  // fabric8
  public static final String F8_EXCEPTION_HANDLER = "io.fabric8.kubernetes.client.informers.ExceptionHandler";

  // kubernetes-client/java
  public static final String K8S_WATCHABLE = "io.kubernetes.client.util.Watchable";
  public static final String K8S_GENERIC_API = "io.kubernetes.client.util.generic.GenericKubernetesApi";
  public static final String K8S_RECONCILER = "io.kubernetes.client.extended.controller.reconciler.Reconciler";
  public static final String K8S_DEFAULT_CONTROLLER_BUILDER =
      "io.kubernetes.client.extended.controller.builder.DefaultControllerBuilder";

  // Java Operator SDK
  public static final String JOSDK_RECONCILER = "io.javaoperatorsdk.operator.api.reconciler.Reconciler";
  public static final String JOSDK_CLEANER = "io.javaoperatorsdk.operator.api.reconciler.Cleaner";

  // Logging APIs: passing an exception to them handles nothing.
  public static final String SLF4J_LOGGER = "org.slf4j.Logger";
  public static final String JUL_LOGGER = "java.util.logging.Logger";
  public static final String LOG4J2_LOGGER = "org.apache.logging.log4j.Logger";
  public static final String JCL_LOG = "org.apache.commons.logging.Log";
  public static final String JBOSS_LOGGER = "org.jboss.logging.Logger";
  public static final String PRINT_STREAM = "java.io.PrintStream";
}
