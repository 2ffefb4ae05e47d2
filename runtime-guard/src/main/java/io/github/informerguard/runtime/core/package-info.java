/**
 * The client-neutral core of the guarded informers: the reflector loop (paginated consistent
 * list, watch from its resourceVersion, 410 and expired continue tokens answered with a
 * re-list, full-jitter backoff, Retry-After), the store that keeps each object's index values,
 * the per-handler queues, user-code containment, health and the Micrometer binder.
 *
 * <p>It imports no client. Each client is an adapter: a {@link
 * io.github.informerguard.runtime.core.ClientAdapter} for the transport and the meaning of its
 * errors, and a view that speaks the client's informer interfaces over an {@link
 * io.github.informerguard.runtime.core.InformerCore}. The public types users configure and read
 * ({@code RelistBudget}, {@code InformerHealth}, {@code HandlerHealth},
 * {@code InformerLifecycleListener}) are client-neutral too and stay in
 * {@code io.github.informerguard.runtime}, where users of the fabric8 guard import them. The
 * classes here are public so that both adapters can use them; they are not an API of their own.
 */
package io.github.informerguard.runtime.core;
