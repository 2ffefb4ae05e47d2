package oldlines.j3;

import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.ReconciliationMaxInterval;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import java.util.concurrent.TimeUnit;

/** Rewrites gateway objects for every Ingress at most 30 s apart, even when nothing changed. */
@ControllerConfiguration(reconciliationMaxInterval = @ReconciliationMaxInterval(interval = 30, timeUnit = TimeUnit.SECONDS)) // violation: ShortResyncPeriod
public class IngressReconciler implements Reconciler<Ingress> {

  @Override
  public UpdateControl<Ingress> reconcile(Ingress resource, Context<Ingress> context) {
    return UpdateControl.noUpdate();
  }
}
