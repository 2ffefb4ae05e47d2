package oldlines.j3;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.ReconciliationMaxInterval;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import java.util.concurrent.TimeUnit;

/** The interval comes from a constant in another file: 45 s. */
@ControllerConfiguration(reconciliationMaxInterval = @ReconciliationMaxInterval(interval = Intervals.SHORT_SECONDS, timeUnit = TimeUnit.SECONDS)) // violation: ShortResyncPeriod
public class ConstantReconciler implements Reconciler<ConfigMap> {

  @Override
  public UpdateControl<ConfigMap> reconcile(ConfigMap resource, Context<ConfigMap> context) {
    return UpdateControl.noUpdate();
  }
}
