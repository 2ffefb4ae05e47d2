package io.github.informerguard.analyzer.engine;

import java.nio.file.Path;
import java.util.List;

/**
 * What a baseline did to a result.
 *
 * @param file the baseline file
 * @param baselined findings left out because the baseline holds their fingerprint
 * @param stale baseline entries that match no finding any more (fixed, or changed enough to
 *     get a new fingerprint); worth removing with {@code --write-baseline}
 */
public record BaselineStats(Path file, int baselined, List<BaselineEntry> stale) {

  public BaselineStats {
    stale = List.copyOf(stale);
  }
}
