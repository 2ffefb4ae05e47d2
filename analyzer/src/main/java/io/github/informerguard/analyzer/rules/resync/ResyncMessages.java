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
    if (kind == Kind.HANDLER_RESYNC && library.equals("client-java")) {
      return what + resolves + Durations.format(millis) + " (" + millis + " ms), below the " + min
          + " minimum, and client-java does not carry it out as written: a handler's own period is ignored"
          + " (kubernetes-client/java#2219) and every handler resyncs at the informer's period, only if that is"
          + " not 0. So this value either does nothing or mirrors an equally short informer period, whose every"
          + " resync replays the whole cache to each handler (onUpdate(obj, obj)) without re-listing. Drop it"
          + " (Duration.ZERO / 0) and rely on watch events, or set a period of at least " + min
          + " on the informer itself.";
    }
    return what + resolves + Durations.format(millis) + " (" + millis + " ms), below the " + min
        + " minimum. A resync does not re-list from the API server: while the informer runs, every "
        + Durations.format(millis) + " it replays its whole local cache to each handler as onUpdate(obj, obj),"
        + " so every cached object is re-reconciled, often with API calls. Pass 0 to disable resync and rely"
        + " on watch events, or use a period of at least " + min + "." + GUARD;
  }
}
