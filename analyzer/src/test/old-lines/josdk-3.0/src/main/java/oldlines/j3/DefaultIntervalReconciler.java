package oldlines.j3;

import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.ReconciliationMaxInterval;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import java.util.concurrent.TimeUnit;

/** Look-alike: no interval set, JOSDK's 10 hour default. */
@ControllerConfiguration
public class DefaultIntervalReconciler implements Reconciler<ServiceAccount> {

  @Override
  public UpdateControl<ServiceAccount> reconcile(ServiceAccount resource, Context<ServiceAccount> context) {
    return UpdateControl.noUpdate();
  }
}
