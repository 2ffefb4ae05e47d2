package io.github.informerguard.samples.fixed;

import java.time.Duration;

/** Settings shared by the operator's components. */
public final class SyncerSettings {
  /** Label that names the owning team. */
  public static final String TEAM_LABEL = "example.com/team";
  /** Label that names the application; the team is derived from it. */
  public static final String APP_LABEL = "app";
  /** Label of the ConfigMaps that hold the app -> team table. */
  public static final String TEAM_TABLE_LABEL = "example.com/team-table";

  private SyncerSettings() {}

  /**
   * No periodic resync: the handlers are level-triggered, and missed events are impossible by
   * construction (the guard re-lists after 410 Gone). Should an environment insist on a safety
   * net, it comes from configuration, and the guard rejects anything under its 5 minute floor.
   */
  public static Duration podResync() {
    return Duration.parse(System.getProperty("team-syncer.pod-resync", "PT0S"));
  }
}
