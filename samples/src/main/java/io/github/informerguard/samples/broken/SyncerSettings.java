package io.github.informerguard.samples.broken;

/** Settings shared by the operator's components. */
public final class SyncerSettings {
  /** Label that names the owning team. */
  public static final String TEAM_LABEL = "example.com/team";
  /** Label that names the application; the team is derived from it. */
  public static final String APP_LABEL = "app";

  /**
   * "Resync every 30 s so we never miss an event." A resync never talks to the API server: it
   * replays the local cache as onUpdate(obj, obj), so this only burns CPU. Used by
   * {@link PodLabelSyncer}; the rule folds the constant across files (ShortResyncPeriod).
   */
  public static final long POD_RESYNC_MILLIS = 30 * 1000L;

  private SyncerSettings() {}
}
