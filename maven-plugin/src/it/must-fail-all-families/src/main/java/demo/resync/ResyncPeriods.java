package demo.resync;

import java.util.concurrent.TimeUnit;

/** Resync settings in their own file, so the findings below depend on folding across files. */
public final class ResyncPeriods {

  public static final long FAST = TimeUnit.SECONDS.toMillis(20);
  public static final long RELAXED = TimeUnit.MINUTES.toMillis(30);

  private ResyncPeriods() {}
}
