package io.github.informerguard.analyzer.rules.resync;

import io.github.informerguard.analyzer.catalog.ResyncApis.Kind;
import io.github.informerguard.analyzer.catalog.ResyncApis.Unit;
import io.github.informerguard.analyzer.policy.Durations;
import io.github.informerguard.analyzer.rules.ClientJavaGuard;
import io.github.informerguard.analyzer.rules.FindingText;
import java.time.Duration;
import java.util.Optional;

/**
 * The text of ShortResyncPeriod findings: the value (message), what a resync does and what to do
 * instead (detail). The runtime guard is named for fabric8 and client-java informers, where it is a
 * drop-in (InformerGuard; GuardedInformerFactory), not for JOSDK's reconciliation interval.
 */
final class ResyncMessages {

  private static final String GUARD = " informer-guard's InformerGuard.builder(resources), a drop-in fabric8"
      + " SharedIndexInformer, has resync off by default and floors and jitters it when enabled.";

  private static final String CLIENT_JAVA_GUARD = ClientJavaGuard.recommend("its informers have resync off by"
      + " default, floor and jitter it when enabled, and honour each handler's own period");

  private ResyncMessages() {}

  static FindingText message(long millis, Duration minimum, Unit unit, Kind kind, String library,
      boolean configDefault, Optional<String> shippedIn) {
    String min = Durations.format(minimum.toMillis());
    String resolves = configDefault ? " has a hardcoded configuration default of "
        : shippedIn.map(where -> ", set by " + where + ", is ").orElse(" resolves to ");
    String guard = kind == Kind.RECONCILIATION_INTERVAL ? ""
        : library.equals("fabric8") ? GUARD : library.equals("client-java") ? CLIENT_JAVA_GUARD : "";
    String configured = configDefault
        ? " The value is a default for a setting read at run time; deployments that do not set it get it."
        : shippedIn.map(where -> " The value is the application's shipped configuration (" + where + "), which"
            + " every deployment runs with unless it overrides that key; change it there.").orElse("");
    if (kind == Kind.RECONCILIATION_INTERVAL) {
      boolean josdk30 = library.equals(ShortResyncPeriod.JOSDK_3_0);
      String element = josdk30 ? "reconciliationMaxInterval" : "maxReconciliationInterval";
      String annotation = josdk30 ? "@ReconciliationMaxInterval" : "@MaxReconciliationInterval";
      return new FindingText(
          element + resolves + Durations.format(millis) + ", below the " + min + " minimum.",
          "JOSDK re-runs reconcile() for every primary resource at most " + Durations.format(millis)
              + " after its last reconciliation even when nothing changed, so API calls grow with the number of"
              + " resources. Rely on events and keep JOSDK's 10h default, or use at least " + min
              + " (a value <= 0 in " + annotation + " turns it off)." + configured);
    }
    String what = kind == Kind.HANDLER_RESYNC ? "handler resync period" : "resync period";
    if (millis < 0) {
      String mechanics = library.equals("fabric8")
          ? "fabric8 5.x and later throws IllegalArgumentException (\"Invalid resync period provided\") when the"
              + " informer is created (4.13 silently disables resync)."
          : "client-java schedules a resync only for a period above 0, so a negative one silently disables"
              + " resync while reading as if it were set.";
      return new FindingText(what + resolves + millis + " ms, a negative period.",
          mechanics + " Pass 0 to disable resync." + configured + guard);
    }
    if (millis < 1000 && unit == Unit.MILLIS) {
      return new FindingText(
          what + resolves + millis + " ms, probably seconds passed as milliseconds.",
          "The period is in milliseconds, so the whole cache would be replayed to every handler "
              + (library.equals("fabric8")
                  ? "every second (fabric8 raises a handler's period below 1s to 1s)."
                  : "several times a second (client-java runs the period as given).")
              + " Write the unit out (TimeUnit.MINUTES.toMillis(10)), or pass 0 to disable resync."
              + configured + guard);
    }
    if (kind == Kind.HANDLER_RESYNC && library.equals("client-java")) {
      return new FindingText(
          what + resolves + Durations.format(millis) + " (" + millis + " ms), below the " + min + " minimum.",
          "client-java does not carry it out as written: a handler's own period is ignored"
              + " (kubernetes-client/java#2219) and every handler resyncs at the informer's period, only if that is"
              + " not 0. So this value either does nothing or mirrors an equally short informer period, whose every"
              + " resync replays the whole cache to each handler (onUpdate(obj, obj)) without re-listing. Drop it"
              + " (Duration.ZERO / 0) and rely on watch events, or set a period of at least " + min
              + " on the informer itself." + configured + guard);
    }
    return new FindingText(
        what + resolves + Durations.format(millis) + " (" + millis + " ms), below the " + min + " minimum.",
        "A resync does not re-list from the API server: while the informer runs, every " + Durations.format(millis)
            + " it replays its whole local cache to each handler as onUpdate(obj, obj), so every cached object is"
            + " re-reconciled, a reconcile storm each period, often with API calls. Pass 0 to disable resync and"
            + " rely on watch events, or use a period of at least " + min + "." + configured + guard);
  }
}
