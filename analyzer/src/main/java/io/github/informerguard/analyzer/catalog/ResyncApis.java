package io.github.informerguard.analyzer.catalog;

import static io.github.informerguard.analyzer.catalog.ApiTypes.*;

import com.github.javaparser.ast.expr.ClassExpr;
import com.github.javaparser.ast.expr.Expression;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Every API that takes a resync period or a resync-like interval, read from the clients'
 * sources (fabric8 8.x, client-java 24, JOSDK 5; see shared/research/k8s-java-apis.md E.1).
 */
public final class ResyncApis {

  /** How the value is given. */
  public enum Unit {
    MILLIS,
    DURATION
  }

  /** What the value controls; decides the threshold and the message. */
  public enum Kind {
    /** Informer-wide resync period. */
    INFORMER_RESYNC,
    /** Per-handler resync period. */
    HANDLER_RESYNC,
    /** JOSDK's maximum reconciliation interval. */
    RECONCILIATION_INTERVAL
  }

  /**
   * A method or constructor that takes a period.
   *
   * @param matcher the API
   * @param candidates argument positions that may hold the period, in order; the first that is
   *     not a class literal is it (this tells client-java's overloads apart)
   */
  public record Site(String library, CallMatcher matcher, List<Integer> candidates, Unit unit, Kind kind) {

    public Optional<Expression> periodArgument(List<Expression> args) {
      for (int i : candidates) {
        if (i < args.size() && !(args.get(i) instanceof ClassExpr)) {
          return Optional.of(args.get(i));
        }
      }
      return Optional.empty();
    }
  }

  private static CallMatcher.Builder method(String owner, String name) {
    return CallMatcher.instanceMethod().onDescendantOf(owner).named(name);
  }

  /** The handler registration that takes its own period; judged against the informer it is added to. */
  public static final String ADD_HANDLER_WITH_PERIOD = "addEventHandlerWithResyncPeriod";

  public static final List<Site> METHODS = List.of(
      new Site("fabric8", method(F8_INFORMABLE, "inform").withParameters(F8_RESOURCE_EVENT_HANDLER, "long")
          .inLines("fabric8-").build(), List.of(1), Unit.MILLIS, Kind.INFORMER_RESYNC),
      new Site("fabric8", method(F8_INFORMABLE, "runnableInformer").withParameters("long").inLines("fabric8-").build(),
          List.of(0), Unit.MILLIS, Kind.INFORMER_RESYNC),
      // 6.x+ has (Class, long); 4.x/5.x overloads put the period last.
      new Site("fabric8", method(F8_INFORMER_FACTORY, "sharedIndexInformerFor").withArities(2).inLines("fabric8-").build(),
          List.of(1), Unit.MILLIS, Kind.INFORMER_RESYNC),
      new Site("fabric8", method(F8_INFORMER_FACTORY, "sharedIndexInformerFor").withArities(3).inLines("fabric8-5.12").build(),
          List.of(2), Unit.MILLIS, Kind.INFORMER_RESYNC),
      new Site("fabric8", method(F8_INFORMER_FACTORY, "sharedIndexInformerForCustomResource").withArities(2, 3, 4)
          .inLines("fabric8-5.12").build(), List.of(3, 2, 1), Unit.MILLIS, Kind.INFORMER_RESYNC),
      new Site("fabric8", method(F8_SHARED_INDEX_INFORMER, ADD_HANDLER_WITH_PERIOD)
          .withParameters(F8_RESOURCE_EVENT_HANDLER, "long").inLines("fabric8-").build(),
          List.of(1), Unit.MILLIS, Kind.HANDLER_RESYNC),
      new Site("client-java", method(K8S_INFORMER_FACTORY, "sharedIndexInformerFor").withArities(3, 4, 5)
          .inLines("client-java-").build(), List.of(2, 3), Unit.MILLIS, Kind.INFORMER_RESYNC),
      new Site("client-java", method(K8S_SHARED_INFORMER, ADD_HANDLER_WITH_PERIOD)
          .withParameters(K8S_RESOURCE_EVENT_HANDLER, "long").inLines("client-java-").build(),
          List.of(1), Unit.MILLIS, Kind.HANDLER_RESYNC),
      new Site("client-java", method(K8S_CONTROLLER_WATCH_BUILDER, "withResyncPeriod").withParameters("java.time.Duration")
          .inLines("client-java-").build(), List.of(0), Unit.DURATION, Kind.HANDLER_RESYNC),
      new Site("JOSDK", method(JOSDK_CONFIGURATION_OVERRIDER, "withReconciliationMaxInterval")
          .withParameters("java.time.Duration").inLines("josdk-").build(),
          List.of(0), Unit.DURATION, Kind.RECONCILIATION_INTERVAL));

  /** {@code new DefaultSharedIndexInformer(Class, ListerWatcher, long, ...)} in both clients. */
  public static final List<Site> CONSTRUCTORS = List.of(
      new Site("fabric8", CallMatcher.constructor().onClass(F8_DEFAULT_SHARED_INDEX_INFORMER).withArities(4)
          .inLines("fabric8-5.12", "fabric8-6.13", "fabric8-7.5", "fabric8-8.0").build(), List.of(2), Unit.MILLIS,
          Kind.INFORMER_RESYNC),
      // 4.13 (and 5.0 to 5.4): (Class, ListerWatcher, long resyncPeriod, OperationContext, ConcurrentLinkedQueue)
      new Site("fabric8", CallMatcher.constructor().onClass(F8_DEFAULT_SHARED_INDEX_INFORMER).withArities(5)
          .inLines("fabric8-4.13").build(), List.of(2), Unit.MILLIS, Kind.INFORMER_RESYNC),
      new Site("client-java", CallMatcher.constructor().onClass(K8S_DEFAULT_SHARED_INDEX_INFORMER)
          .withArities(3, 4, 5, 6).inLines("client-java-").build(), List.of(2), Unit.MILLIS, Kind.INFORMER_RESYNC));

  /** Methods a client calls to learn a period: a type implementing {@code owner} returns it from {@code method()}. */
  public record Implemented(String library, String owner, String method, Unit unit, Kind kind) {}

  public static final List<Implemented> IMPLEMENTED = List.of(
      new Implemented("client-java", K8S_CONTROLLER_WATCH, "getResyncPeriod", Unit.DURATION, Kind.HANDLER_RESYNC));

  /** Annotation elements holding a period in milliseconds (client-java Spring integration). */
  public static final List<String> MILLIS_ANNOTATIONS = List.of(K8S_SPRING_INFORMER, K8S_SPRING_RECONCILER_WATCH);

  public static final String MILLIS_ANNOTATION_ELEMENT = "resyncPeriodMillis";

  /** {@code @KubernetesInformer}'s simple name and its element naming the API type it registers an informer for. */
  public static final String SPRING_INFORMER_SIMPLE_NAME = "KubernetesInformer";
  public static final String API_TYPE_ELEMENT = "apiTypeClass";

  /** client-java's {@code ControllerBuilder.controllerWatchBuilder(Class, WorkQueue)}: its class literal names the watched type. */
  public static final String CONTROLLER_WATCH_BUILDER_FACTORY = "controllerWatchBuilder";

  /** A ControllerWatch implementation's method returning the watched type ({@code X.class}). */
  public static final String RESOURCE_CLASS_METHOD = "getResourceClass";

  /** JOSDK {@code @ControllerConfiguration}'s element that holds a {@code @MaxReconciliationInterval}. */
  public static final String JOSDK_INTERVAL_ELEMENT = "maxReconciliationInterval";

  /**
   * The same element as JOSDK 3.0.x names it, holding a {@code @ReconciliationMaxInterval(interval, timeUnit)}
   * with the same defaults (10, HOURS) and the same "any value <= 0 turns it off" (operator-framework-core 3.0.3's
   * {@code AnnotationControllerConfiguration}); 3.1 renamed both (3.1.1's jar).
   */
  public static final String JOSDK_3_0_INTERVAL_ELEMENT = "reconciliationMaxInterval";

  /** Simple names of every annotation above and JOSDK's ControllerConfiguration, checked before resolving. */
  public static final Set<String> ANNOTATION_SIMPLE_NAMES =
      Set.of("KubernetesInformer", "KubernetesReconcilerWatch", "ControllerConfiguration");

  /**
   * Words whose absence proves a file has none of the above (the prefilter): the calls' and
   * constructors' words, the annotation elements that hold a period (a period left at its default
   * is never reported) and the implemented methods' names.
   */
  public static final Set<String> TRIGGER_WORDS = CallMatcher.triggerWords(
      Stream.concat(METHODS.stream(), CONSTRUCTORS.stream()).map(Site::matcher).toList(),
      Stream.concat(Stream.of(MILLIS_ANNOTATION_ELEMENT, JOSDK_INTERVAL_ELEMENT, JOSDK_3_0_INTERVAL_ELEMENT),
          IMPLEMENTED.stream().map(Implemented::method)).toList());

  private ResyncApis() {}
}
