package io.github.informerguard.analyzer.rules;

/**
 * How the rules' details recommend informer-guard's runtime for client-java code: its
 * {@code GuardedInformerFactory} is a subclass of client-java's {@code SharedInformerFactory}, so
 * the fix is one constructor call. One home for the wording, so every rule names it the same way;
 * fabric8 code keeps its own recommendation ({@code InformerGuard}).
 */
public final class ClientJavaGuard {

  /** The swap itself; every recommendation starts with it. */
  public static final String SWAP = " informer-guard's GuardedInformerFactory"
      + " (io.github.informerguard.runtime.clientjava) is a drop-in SharedInformerFactory: replace"
      + " new SharedInformerFactory(apiClient) with new GuardedInformerFactory(apiClient)";

  private ClientJavaGuard() {}

  /** {@link #SWAP} followed by what the guard's informers do about the finding at hand. */
  public static String recommend(String whatItDoes) {
    return SWAP + "; " + whatItDoes + ".";
  }
}
