package oldlines.f5;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import java.io.IOException;

/**
 * 5.x raw custom-resource watches (customResource(ctx).watch(..) hands JSON strings to a Watcher of
 * String) whose Watcher is written here: the same raw watch as Watchable.watch, so its onClose is judged.
 */
public class RawCustomResourceWatches {

  private final KubernetesClient client;
  private final CustomResourceDefinitionContext ctx;
  private Watch widgets;
  private Watch gadgets;

  public RawCustomResourceWatches(KubernetesClient client, CustomResourceDefinitionContext ctx) {
    this.client = client;
    this.ctx = ctx;
  }

  /** Kept for the component's life: the empty onClose drops a 410 and the widget events stop for good. */
  public void watchWidgets() throws IOException {
    widgets = client.customResource(ctx).watch("ops", new Watcher<String>() {
      @Override
      public void eventReceived(Action action, String json) {
        System.out.println(action + " " + json.length());
      }

      @Override
      public void onClose(WatcherException e) { // violation: MissingGoneHandling
      }
    });
  }

  /** The same raw watch whose close handler tells a 410 apart: no finding. */
  public void watchGadgets() throws IOException {
    gadgets = client.customResource(ctx).watch(new Watcher<String>() {
      @Override
      public void eventReceived(Action action, String json) {
        System.out.println(action + " " + json.length());
      }

      @Override
      public void onClose(WatcherException e) {
        if (e != null && e.isHttpGone()) {
          System.err.println("gadget resourceVersion compacted: list and watch again");
        }
      }
    });
  }

  public void stop() {
    if (widgets != null) {
      widgets.close();
    }
    if (gadgets != null) {
      gadgets.close();
    }
  }
}
