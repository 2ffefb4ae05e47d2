package oldlines.f6;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.informers.SharedInformerFactory;

/** fabric8 6.13 code: DSL groups and versions, OpenShift, Lombok holders, factory methods. */
public class Operator {

  private final ClientHolder holder = Clients.holderFor("ops");

  public void groups(ResourceEventHandler<Ingress> handler) {
    SharedIndexInformer<Ingress> ingresses =
        holder.getClient().network().v1().ingresses().inNamespace(holder.getNamespace()).inform(handler, 60_000L); // violation: ShortResyncPeriod
    ingresses.stop();
  }

  public void groupsDiscarded(ResourceEventHandler<Ingress> handler) {
    holder.getClient().network().v1().ingresses().inform(handler, 0); // violation: InformerNeverStopped
  }

  public void deploymentsWatch() {
    Clients.holderFor("apps").getClient().apps().deployments().inAnyNamespace().watch(new DeploymentWatcher()); // violation: WatchNeverClosed
  }

  public Watch openShiftWatchKept() {
    return Clients.openShift().apps().deployments().inNamespace("ops").watch(new DeploymentWatcher());
  }

  /** Named Watchers from other files, watched through the Lombok holder; the handles are kept. */
  public Watch mirrorConfigMaps() {
    return holder.getClient().configMaps().inNamespace(holder.getNamespace()).watch(new ConfigMapMirror());
  }

  public Watch superviseConfigMaps(SupervisedMirror.Supervisor supervisor) {
    return holder.getClient().configMaps().inAnyNamespace().watch(new SupervisedMirror(supervisor));
  }

  public void factory(ResourceEventHandler<Pod> handler) {
    SharedInformerFactory factory = holder.getClient().informers();
    SharedIndexInformer<Pod> pods = factory.sharedIndexInformerFor(Pod.class, 45_000L); // violation: ShortResyncPeriod
    pods.addEventHandler(handler);
    factory.startAllRegisteredInformers(); // violation: InformerNeverStopped
  }

  public void jobsStopped(ResourceEventHandler<io.fabric8.kubernetes.api.model.batch.v1.Job> handler) {
    try (SharedIndexInformer<io.fabric8.kubernetes.api.model.batch.v1.Job> jobs =
        holder.getClient().batch().v1().jobs().inform(handler, 0)) {
      System.out.println(jobs.isRunning());
    }
  }
}
