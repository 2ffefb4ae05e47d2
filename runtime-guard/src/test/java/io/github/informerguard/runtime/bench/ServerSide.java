package io.github.informerguard.runtime.bench;

import io.github.informerguard.runtime.testing.FaultInjectingApiServer;
import java.util.List;
import java.util.Locale;

/**
 * The mock server's side of one sync, from its dispatcher's records
 * ({@link FaultInjectingApiServer#listCosts()}): the CPU its thread spent building, encoding and
 * handing over the LIST bodies; the wall time from start() until it began the first; the time it
 * sat between finishing one page and beginning the next (waiting for the client's next request);
 * and the time from finishing the last until the informer was synced and watching (the client's
 * work after the server's last page, and the watch handshake).
 */
record ServerSide(int lists, double dispatchCpuMs, double busyMs, double firstMs, double gapsMs, double tailMs) {
  static ServerSide of(List<FaultInjectingApiServer.ListCost> costs, long t0, long t1) {
    double cpu = 0;
    double busy = 0;
    double gaps = 0;
    for (int i = 0; i < costs.size(); i++) {
      FaultInjectingApiServer.ListCost c = costs.get(i);
      cpu += (c.buildCpuNanos() + c.encodeCpuNanos() + c.bodyCpuNanos()) / 1e6;
      busy += (c.endNanos() - c.startNanos()) / 1e6;
      if (i > 0) {
        gaps += Math.max(0, c.startNanos() - costs.get(i - 1).endNanos()) / 1e6;
      }
    }
    return new ServerSide(costs.size(), cpu, busy, costs.isEmpty() ? 0 : (costs.get(0).startNanos() - t0) / 1e6,
        gaps, costs.isEmpty() ? 0 : (t1 - costs.get(costs.size() - 1).endNanos()) / 1e6);
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%d lists, dispatcher CPU %.0f ms, busy %.0f ms wall; first begun at %.0f ms, "
        + "idle between pages %.0f ms, last page done to synced %.0f ms", lists, dispatchCpuMs, busyMs, firstMs,
        gapsMs, tailMs);
  }
}
