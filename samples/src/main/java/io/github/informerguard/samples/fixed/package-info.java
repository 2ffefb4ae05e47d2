/**
 * The corrected twin of {@code io.github.informerguard.samples.broken}: the same operator, on
 * informer-guard's runtime informer ({@code InformerGuard.builder(...)}) for fabric8 code and on
 * the correct idioms for the official client. informer-guard reports nothing here.
 */
package io.github.informerguard.samples.fixed;
