package io.github.informerguard.analyzer.catalog;

/**
 * Qualified names used by the cancellation rules, kept apart from {@link ApiTypes} so that the
 * rule families can grow independently.
 */
public final class CancellationTypes {

  private CancellationTypes() {}

  public static final String INTERRUPTED_EXCEPTION = "java.lang.InterruptedException";

  // JDK: task bodies and the code that runs them on another thread
  public static final String RUNNABLE = "java.lang.Runnable";
  public static final String THREAD = "java.lang.Thread";
  public static final String CALLABLE = "java.util.concurrent.Callable";
  public static final String TIMER_TASK = "java.util.TimerTask";
  public static final String EXECUTOR = "java.util.concurrent.Executor";
  public static final String EXECUTOR_SERVICE = "java.util.concurrent.ExecutorService";
  public static final String SCHEDULED_EXECUTOR_SERVICE = "java.util.concurrent.ScheduledExecutorService";
  public static final String THREAD_POOL_EXECUTOR = "java.util.concurrent.ThreadPoolExecutor";
  public static final String SCHEDULED_THREAD_POOL_EXECUTOR = "java.util.concurrent.ScheduledThreadPoolExecutor";
  public static final String FORK_JOIN_POOL = "java.util.concurrent.ForkJoinPool";
  public static final String COMPLETABLE_FUTURE = "java.util.concurrent.CompletableFuture";
  public static final String FUTURE = "java.util.concurrent.Future";
  public static final String RUNTIME = "java.lang.Runtime";

  // Vert.x: executeBlocking runs its task on a worker pool's thread
  public static final String VERTX = "io.vertx.core.Vertx";
  public static final String VERTX_CONTEXT = "io.vertx.core.Context";
  public static final String VERTX_WORKER_EXECUTOR = "io.vertx.core.WorkerExecutor";

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
