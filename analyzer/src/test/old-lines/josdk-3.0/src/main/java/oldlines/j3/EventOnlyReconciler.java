package oldlines.j3;

import io.fabric8.kubernetes.api.model.Service;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.ReconciliationMaxInterval;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import java.util.concurrent.TimeUnit;

/** Look-alike: JOSDK 3.0 turns the interval off for any value <= 0 (AnnotationControllerConfiguration returns no interval). */
@ControllerConfiguration(reconciliationMaxInterval = @ReconciliationMaxInterval(interval = -1))
public class EventOnlyReconciler implements Reconciler<Service> {

  @Override
  public UpdateControl<Service> reconcile(Service resource, Context<Service> context) {
    return UpdateControl.noUpdate();
  }
}
