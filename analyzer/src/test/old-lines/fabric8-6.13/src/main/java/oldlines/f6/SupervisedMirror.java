package oldlines.f6;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;

/** Look-alike of ConfigMapMirror: onClose hands the close to the project's supervisor, which may re-list. */
public class SupervisedMirror implements Watcher<ConfigMap> {

  /** Re-opens the watch; its code is elsewhere. */
  public interface Supervisor {
    void closed(WatcherException cause);
  }

  private final Supervisor supervisor;

  public SupervisedMirror(Supervisor supervisor) {
    this.supervisor = supervisor;
  }

  @Override
  public void eventReceived(Action action, ConfigMap cm) {
    System.out.println(action + " " + cm.getMetadata().getName());
  }

  @Override
  public void onClose(WatcherException cause) {
    supervisor.closed(cause);
  }
}
