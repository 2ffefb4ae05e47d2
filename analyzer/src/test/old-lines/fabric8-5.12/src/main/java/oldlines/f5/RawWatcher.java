package oldlines.f5;

import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;

/** A raw custom-resource watcher (5.x customResource(ctx).watch delivers JSON strings). */
public class RawWatcher implements Watcher<String> {

  @Override
  public void eventReceived(Action action, String json) {
    System.out.println(action + " " + json.length());
  }

  @Override
  public void onClose(WatcherException cause) {
    if (cause != null && cause.isHttpGone()) {
      System.err.println("resourceVersion too old: re-list and watch again");
    }
  }
}
