package io.github.informerguard.analyzer.catalog;

import static io.github.informerguard.analyzer.catalog.ApiTypes.*;

import java.util.List;
import java.util.Set;

/**
 * Futures that complete only when an informer starts, stops or meets a condition, and the
 * polling methods that report sync (shared/research/k8s-java-apis.md A.3, B.5, E.2 item 4).
 */
public final class WaitApis {

  private WaitApis() {}

  private static CallMatcher informerMethod(String owner, String name, String lines, int arity) {
    return CallMatcher.instanceMethod().onDescendantOf(owner).named(name).withArities(arity).inLines(lines).build();
  }

  /** fabric8 {@code SharedIndexInformer.start()}: CompletionStage&lt;Void&gt;, done at the first sync. */
  public static final CallMatcher F8_START_STAGE = informerMethod(F8_SHARED_INDEX_INFORMER, "start", "fabric8-", 0);

  /** fabric8 {@code SharedIndexInformer.stopped()}: CompletionStage&lt;Void&gt;, done when the informer stops. */
  public static final CallMatcher F8_STOPPED_STAGE = informerMethod(F8_SHARED_INDEX_INFORMER, "stopped", "fabric8-", 0);

  /** fabric8 {@code SharedInformerFactory.startAllRegisteredInformers()}: Future&lt;Void&gt; over every start(). */
  public static final CallMatcher F8_FACTORY_START = informerMethod(F8_INFORMER_FACTORY, "startAllRegisteredInformers",
      "fabric8-", 0);

  /** fabric8 {@code Informable.informOnCondition(Predicate)}: CompletableFuture&lt;List&lt;T&gt;&gt;. */
  public static final CallMatcher F8_INFORM_ON_CONDITION = informerMethod(F8_INFORMABLE, "informOnCondition", "fabric8-", 1);

  /** {@code CompletionStage.toCompletableFuture()}: the same future. */
  public static final String TO_FUTURE = "toCompletableFuture";

  /** Waits with no timeout: {@code Future.get()} and {@code CompletableFuture.join()}. */
  public static final Set<String> UNBOUNDED_WAITS = Set.of("get", "join");

  /** {@code hasSynced()} on fabric8 and client-java informers, and fabric8's {@code isWatching()}, polled alike. */
  public static final CallMatcher F8_HAS_SYNCED = informerMethod(F8_SHARED_INDEX_INFORMER, "hasSynced", "fabric8-", 0);
  public static final CallMatcher K8S_HAS_SYNCED = informerMethod(K8S_SHARED_INFORMER, "hasSynced", "client-java-", 0);
  public static final CallMatcher F8_IS_WATCHING = informerMethod(F8_SHARED_INDEX_INFORMER, "isWatching", "fabric8-", 0);

  /**
   * The same polls on a receiver declared as fabric8 4.x / 5.x {@code SharedInformer} (6.0 folded it into
   * SharedIndexInformer): controllers of that era keep their informers in fields of the supertype.
   */
  public static final CallMatcher F8_OLD_HAS_SYNCED = informerMethod(F8_SHARED_INFORMER, "hasSynced", "fabric8-5.12", 0);
  public static final CallMatcher F8_OLD_IS_WATCHING = informerMethod(F8_SHARED_INFORMER, "isWatching", "fabric8-5.12", 0);

  /** The sync polls a readiness loop may spin on. */
  public static final List<CallMatcher> SYNC_POLLS = List.of(F8_HAS_SYNCED, K8S_HAS_SYNCED, F8_IS_WATCHING,
      F8_OLD_HAS_SYNCED, F8_OLD_IS_WATCHING);

  /** The informer futures whose untimed get()/join() the rule reports, in the rule's order. */
  public static final List<CallMatcher> INFORMER_FUTURES = List.of(F8_START_STAGE, F8_STOPPED_STAGE, F8_FACTORY_START,
      F8_INFORM_ON_CONDITION);

  /** Callback interfaces whose methods run only when a watch or informer event arrives. */
  public static final Set<String> EVENT_CALLBACK_TYPES = Set.of(F8_WATCHER, F8_RESOURCE_EVENT_HANDLER,
      K8S_RESOURCE_EVENT_HANDLER);

  /** Waits with no timeout on a latch or future, and the calls that release each. */
  public static final String LATCH = "java.util.concurrent.CountDownLatch";
  public static final Set<String> LATCH_SIGNALS = Set.of("countDown");
  public static final Set<String> FUTURE_SIGNALS = Set.of("complete", "completeExceptionally", "cancel",
      "obtrudeValue", "obtrudeException");

  /** {@code CountDownLatch.await(long, TimeUnit)} and {@code Future.get(long, TimeUnit)}: waits with a deadline. */
  public static final Set<String> TIMED_WAITS = Set.of("await", "get");

  private static CallMatcher jdkWait(String owner, String name, Integer... arities) {
    return CallMatcher.instanceMethod().onDescendantOf(owner).named(name).withArities(arities)
        .inLines(InterruptApis.JDK).build();
  }

  /**
   * JDK waits that throw InterruptedException, timed or not: code after one of them in the same
   * block does not run when the thread is interrupted while it waits (unless a catch takes it).
   */
  public static final List<CallMatcher> INTERRUPTIBLE_WAITS = List.of(
      jdkWait(LATCH, "await", 0, 2),
      jdkWait("java.util.concurrent.CyclicBarrier", "await", 0, 2),
      jdkWait("java.util.concurrent.Future", "get", 0, 2),
      jdkWait("java.util.concurrent.Semaphore", "acquire", 0, 1),
      jdkWait("java.util.concurrent.BlockingQueue", "take", 0),
      jdkWait(CancellationTypes.THREAD, "join", 0, 1, 2),
      jdkWait("java.util.concurrent.TimeUnit", "sleep", 1),
      CallMatcher.staticMethod().onClass(CancellationTypes.THREAD).named("sleep").withArities(1, 2)
          .inLines(InterruptApis.JDK).build());

  /** fabric8 {@code Watcher.onClose(..)}: called once when the watch ends for good. */
  public static final String WATCH_CLOSE_CALLBACK = "onClose";

  /**
   * The rule's prefilter words: those of its matchers, the callback types whose release of a latch
   * or future the rule follows (a file that waits on one names the Watcher or handler it made), and
   * the latch type, for a local latch handed to project code that makes the Watcher in another file.
   */
  public static final Set<String> TRIGGER_WORDS = CallMatcher.triggerWords(
      java.util.stream.Stream.concat(INFORMER_FUTURES.stream(), SYNC_POLLS.stream()).toList(),
      Set.of("Informer", "Watcher", "ResourceEventHandler", "CountDownLatch"));
}
