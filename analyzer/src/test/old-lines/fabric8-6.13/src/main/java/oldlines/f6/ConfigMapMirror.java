package oldlines.f6;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A named Watcher in its own file, watched from Operator.mirrorConfigMaps(): its onClose only marks the
 * mirror stale, so after a 410 the map is never refreshed again. Not empty and not log-only, so the rule
 * judges it by what onClose does, as for a Watcher watched in its own file.
 */
public class ConfigMapMirror implements Watcher<ConfigMap> {

  private final Map<String, ConfigMap> mirror = new ConcurrentHashMap<>();
  private final AtomicBoolean stale = new AtomicBoolean();

  @Override
  public void eventReceived(Action action, ConfigMap cm) {
    if (action == Action.DELETED) {
      mirror.remove(cm.getMetadata().getName());
    } else {
      mirror.put(cm.getMetadata().getName(), cm);
    }
  }

  @Override
  public void onClose(WatcherException cause) { // violation: MissingGoneHandling
    stale.set(true);
    mirror.clear();
  }

  public boolean isStale() {
    return stale.get();
  }
}
