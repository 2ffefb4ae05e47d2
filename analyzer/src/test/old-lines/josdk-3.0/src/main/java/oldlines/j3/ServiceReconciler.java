package oldlines.j3;

import io.fabric8.kubernetes.api.model.Pod;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.ReconciliationMaxInterval;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import java.util.concurrent.TimeUnit;

/** Two minutes, written over several lines: the finding is at the interval element. */
@ControllerConfiguration(
    reconciliationMaxInterval = @ReconciliationMaxInterval(
        interval = 2, // violation: ShortResyncPeriod
        timeUnit = TimeUnit.MINUTES))
public class ServiceReconciler implements Reconciler<Pod> {

  @Override
  public UpdateControl<Pod> reconcile(Pod resource, Context<Pod> context) {
    return UpdateControl.noUpdate();
  }
}
