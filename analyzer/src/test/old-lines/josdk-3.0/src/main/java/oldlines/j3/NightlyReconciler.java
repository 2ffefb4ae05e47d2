package oldlines.j3;

import io.fabric8.kubernetes.api.model.Secret;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.ReconciliationMaxInterval;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import java.util.concurrent.TimeUnit;

/** Look-alike: one hour (the unit defaults to hours), above the minimum. */
@ControllerConfiguration(reconciliationMaxInterval = @ReconciliationMaxInterval(interval = 1))
public class NightlyReconciler implements Reconciler<Secret> {

  @Override
  public UpdateControl<Secret> reconcile(Secret resource, Context<Secret> context) {
    return UpdateControl.noUpdate();
  }
}
