package io.github.informerguard.samples.broken;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ResourceQuota;
import io.fabric8.kubernetes.api.model.ResourceQuotaBuilder;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.MaxReconciliationInterval;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A java-operator-sdk reconciler that keeps a ResourceQuota per team table ConfigMap.
 */
// ShortResyncPeriod: every ConfigMap is reconciled every 30 s even when nothing changed; JOSDK's
// own default is 10 hours, and events already trigger reconciliation.
@ControllerConfiguration(maxReconciliationInterval = @MaxReconciliationInterval(interval = 30, timeUnit = TimeUnit.SECONDS))
public class TeamQuotaReconciler implements Reconciler<ConfigMap> {
  private static final Logger log = LoggerFactory.getLogger(TeamQuotaReconciler.class);

  @Override
  public UpdateControl<ConfigMap> reconcile(ConfigMap table, Context<ConfigMap> context) {
    String namespace = table.getMetadata().getNamespace();
    String pods = table.getData() == null ? null : table.getData().get("maxPods");
    if (pods == null) {
      return UpdateControl.noUpdate();
    }
    ResourceQuota quota = new ResourceQuotaBuilder()
        .withNewMetadata().withName(table.getMetadata().getName() + "-quota").withNamespace(namespace).endMetadata()
        .withNewSpec().addToHard("pods", new io.fabric8.kubernetes.api.model.Quantity(pods)).endSpec()
        .build();
    context.getClient().resourceQuotas().inNamespace(namespace).resource(quota).serverSideApply();
    try {
      // give the quota admission plugin a moment before the next table is processed
      TimeUnit.MILLISECONDS.sleep(250);
    } catch (InterruptedException e) {
      // InterruptSwallowed (inside a Reconciler): JOSDK interrupts reconciler threads on stop;
      // swallowing it keeps the executor from shutting down in time.
      log.warn("interrupted while pausing after {}", table.getMetadata().getName());
    }
    return UpdateControl.noUpdate();
  }
}
