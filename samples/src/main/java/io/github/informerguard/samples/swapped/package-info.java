/**
 * client-java code of {@code io.github.informerguard.samples.broken} switched to informer-guard's
 * runtime by one constructor call ({@code GuardedInformerFactory} for {@code SharedInformerFactory})
 * and nothing else, to show what the switch alone changes. Its findings are the broken twin's.
 */
package io.github.informerguard.samples.swapped;
