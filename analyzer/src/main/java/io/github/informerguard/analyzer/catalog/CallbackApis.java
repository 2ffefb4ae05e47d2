package io.github.informerguard.analyzer.catalog;

import static io.github.informerguard.analyzer.catalog.ApiTypes.*;
import static io.github.informerguard.analyzer.catalog.CancellationTypes.*;

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

  /** Methods that take a functional callback (so a lambda passed there is a callback body). */
  public static final Set<String> CALLBACK_REGISTRATIONS = Set.of("withReconciler");

  /** The builder types that own {@link #CALLBACK_REGISTRATIONS}. */
  public static final Set<String> CALLBACK_REGISTRATION_OWNERS = Set.of(K8S_DEFAULT_CONTROLLER_BUILDER);

  /** Logger types: passing the caught exception to them neither rethrows nor re-interrupts. */
  public static final Set<String> LOGGERS = Set.of(SLF4J_LOGGER, JUL_LOGGER, LOG4J2_LOGGER, JCL_LOG, JBOSS_LOGGER,
      PRINT_STREAM);
}
