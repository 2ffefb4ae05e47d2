/**
 * A small "team label" operator written the way it often is: it compiles, it works on a laptop,
 * and it commits every misuse informer-guard reports. Each misuse carries a comment naming the
 * rule that flags it. The corrected twin of every class is in
 * {@code io.github.informerguard.samples.fixed}. Never run this code against a real cluster.
 */
package io.github.informerguard.samples.broken;
