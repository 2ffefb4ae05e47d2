package oldlines.f4;

import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.Watcher;

/** A 4.x named Watcher whose onClose(KubernetesClientException) only logs: a 410 ends the watch for good. */
public class ClusterRoleWatcher implements Watcher<ClusterRole> {

  @Override
  public void eventReceived(Action action, ClusterRole role) {
    System.out.println(action + " " + role.getMetadata().getName());
  }

  @Override
  public void onClose(KubernetesClientException cause) { // violation: MissingGoneHandling
    System.err.println("cluster role watch closed: " + cause);
  }
}
