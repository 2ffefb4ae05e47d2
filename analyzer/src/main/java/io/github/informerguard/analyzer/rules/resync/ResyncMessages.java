package io.github.informerguard.analyzer.rules.resync;

import io.github.informerguard.analyzer.catalog.ResyncApis.Kind;
import io.github.informerguard.analyzer.catalog.ResyncApis.Unit;
import io.github.informerguard.analyzer.policy.Durations;
import java.time.Duration;

/** The text of ShortResyncPeriod findings: what the value is, why it hurts, what to do instead. */
final class ResyncMessages {

  private static final String GUARD =
      " informer-guard's InformerGuard.builder(resources) has resync off by default and floors and jitters it when enabled.";

  private ResyncMessages() {}

  static String message(long millis, Duration minimum, Unit unit, Kind kind, String library, boolean configDefault) {
    String min = Durations.format(minimum.toMillis());
    String resolves = configDefault ? " has a hardcoded configuration default of " : " resolves to ";
    if (kind == Kind.RECONCILIATION_INTERVAL) {
      return "maxReconciliationInterval" + resolves + Durations.format(millis) + ", below the " + min
          + " minimum: JOSDK re-runs reconcile() for every primary resource at most " + Durations.format(millis)
          + " after its last reconciliation even when nothing changed, so API calls grow with the number of"
          + " resources. Rely on events and keep JOSDK's 10h default, or use at least " + min + ".";
    }
    String what = kind == Kind.HANDLER_RESYNC ? "handler resync period" : "resync period";
    if (millis < 0) {
      return what + resolves + millis + " ms, a negative period: fabric8 throws"
          + " IllegalArgumentException when the informer is created, and client-java silently disables"
          + " resync. Pass 0 to disable resync." + GUARD;
    }
    if (millis < 1000 && unit == Unit.MILLIS) {
      return what + resolves + millis + " ms, probably seconds passed as milliseconds (the"
          + " period is in milliseconds): the whole cache would be replayed to every handler several times a"
          + " second. Write the unit out (TimeUnit.MINUTES.toMillis(10)), or pass 0 to disable resync." + GUARD;
    }
    return what + resolves + Durations.format(millis) + " (" + millis + " ms), below the " + min
        + " minimum. A resync does not re-list from the API server: every " + Durations.format(millis)
        + " the informer replays its whole local cache to each handler as onUpdate(obj, obj), so every cached"
        + " object is re-reconciled, often with API calls. Pass 0 to disable resync and rely on watch events,"
        + " or use a period of at least " + min + "." + GUARD;
  }
}
