package oldlines.f4;

import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import java.util.function.BiFunction;

/**
 * Application-lifetime watches on fabric8 4.x DSL groups: the handles are dropped, so nothing can close
 * them. In lenient mode the chains are typed only up to rbac(); the client root and the Watcher argument
 * make them watches all the same.
 */
public class RoleWatches {

  private final KubernetesClient client;

  public RoleWatches(KubernetesClient client) {
    this.client = client;
  }

  public void watchRoles(String ns, Watcher<Role> watcher) {
    client.rbac().roles().inNamespace(ns).watch(watcher); // violation: WatchNeverClosed
  }

  <T extends Watcher<ClusterRole>> BiFunction<KubernetesClient, String, Watch> clusterRoles(T watcher) {
    return (kClient, ns) -> kClient.rbac().clusterRoles().inNamespace(ns).watch(watcher); // violation: WatchNeverClosed
  }

  public void watchClusterRoles(String ns) {
    client.rbac().clusterRoles().inNamespace(ns).watch(new ClusterRoleWatcher()); // violation: WatchNeverClosed
  }

  public void start(Watcher<ClusterRole> watcher) {
    clusterRoles(watcher).apply(client, "ops");
  }

  // ---- not reported ----

  public Watch kept(String ns, Watcher<Role> watcher) {
    return client.rbac().roles().inNamespace(ns).watch(watcher);
  }

  public void closed(String ns, Watcher<Role> watcher) {
    Watch watch = client.rbac().roles().inNamespace(ns).watch(watcher);
    watch.close();
  }

  /** A project's own watch(..) on a project type: not a fabric8 watch, whatever it is given. */
  public void ownApi(Registry registry, Watcher<Role> watcher) {
    registry.roles().watch(watcher);
  }

  /** Project code with a watch(..) method of the same shape. */
  public static class Registry {

    public Registry roles() {
      return this;
    }

    public void watch(Watcher<Role> watcher) {
      System.out.println("registered " + watcher);
    }
  }
}
