package io.github.informerguard.analyzer.catalog;

import static io.github.informerguard.analyzer.catalog.ApiTypes.*;
import static io.github.informerguard.analyzer.catalog.CancellationTypes.*;

import java.util.Map;
import java.util.Set;

/**
 * Interfaces whose methods the client libraries call on their own threads (informer handlers,
 * watchers, reconcilers), and which those libraries stop by interrupting that thread
 * (shared/research/k8s-java-apis.md A.3, B.5, C, E.2 item 5).
 */
public final class CallbackApis {

  private CallbackApis() {}

  /** Callback interfaces: a class implementing one of these runs on a library-owned thread. */
  public static final Set<String> CALLBACK_TYPES = Set.of(
      F8_RESOURCE_EVENT_HANDLER,
      F8_WATCHER,
      K8S_RESOURCE_EVENT_HANDLER,
      K8S_RECONCILER,
      JOSDK_RECONCILER,
      JOSDK_CLEANER);

  /**
   * The methods of each {@link #CALLBACK_TYPES} interface that the library calls on its threads;
   * other methods of a class implementing the interface (helpers, test hooks) are ordinary code.
   */
  public static final Map<String, Set<String>> CALLBACK_METHODS = Map.of(
      F8_RESOURCE_EVENT_HANDLER, Set.of("onAdd", "onUpdate", "onDelete", "onNothing"),
      F8_WATCHER, Set.of("eventReceived", "onClose"),
      K8S_RESOURCE_EVENT_HANDLER, Set.of("onAdd", "onUpdate", "onDelete"),
      K8S_RECONCILER, Set.of("reconcile"),
      JOSDK_RECONCILER, Set.of("reconcile", "updateErrorStatus"),
      JOSDK_CLEANER, Set.of("cleanup"));

  /**
   * Task types: the run()/call() body of a class that directly implements or extends one of these
   * is the whole task, so returning from it ends the task.
   */
  public static final Set<String> TASK_TYPES = Set.of(RUNNABLE, CALLABLE, THREAD, TIMER_TASK);

  /**
   * Methods that run a lambda argument as a task on another thread; Vert.x's {@code executeBlocking} runs its
   * blocking code (its first argument) as a task on a worker pool's thread, as an executor's {@code submit} does.
   */
  public static final Set<String> TASK_SUBMITS = Set.of("submit", "execute", "schedule", "scheduleAtFixedRate",
      "scheduleWithFixedDelay", "runAsync", "supplyAsync", CallbackApis.EXECUTE_BLOCKING);

  /**
   * Vert.x's {@code executeBlocking(blocking, ..)}: only its first argument is the task; a result handler after
   * it ({@code executeBlocking(promise -> .., res -> ..)}) runs on the event loop.
   */
  public static final String EXECUTE_BLOCKING = "executeBlocking";

  /** The owners of {@link #TASK_SUBMITS}. */
  public static final Set<String> TASK_RUNNERS = Set.of(EXECUTOR, EXECUTOR_SERVICE, SCHEDULED_EXECUTOR_SERVICE,
      THREAD_POOL_EXECUTOR, SCHEDULED_THREAD_POOL_EXECUTOR, FORK_JOIN_POOL, COMPLETABLE_FUTURE, VERTX, VERTX_CONTEXT,
      VERTX_WORKER_EXECUTOR);

  /** Methods that take a functional callback (so a lambda passed there is a callback body). */
  public static final Set<String> CALLBACK_REGISTRATIONS = Set.of("withReconciler");

  /** The builder types that own {@link #CALLBACK_REGISTRATIONS}. */
  public static final Set<String> CALLBACK_REGISTRATION_OWNERS = Set.of(K8S_DEFAULT_CONTROLLER_BUILDER);

  /** Logger types: passing the caught exception to them neither rethrows nor re-interrupts. */
  public static final Set<String> LOGGERS = Set.of(SLF4J_LOGGER, JUL_LOGGER, LOG4J2_LOGGER, JCL_LOG, JBOSS_LOGGER,
      PRINT_STREAM);
}
