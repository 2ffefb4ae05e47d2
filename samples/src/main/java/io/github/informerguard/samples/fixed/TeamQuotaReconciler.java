package io.github.informerguard.samples.fixed;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuota;
import io.fabric8.kubernetes.api.model.ResourceQuotaBuilder;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import java.util.concurrent.TimeUnit;

/**
 * The java-operator-sdk reconciler done right: JOSDK's default maximum reconciliation interval
 * (10 hours; events trigger reconciliation, the interval is only a backstop), and an interrupt
 * during the pause is restored and ends the reconciliation.
 */
@ControllerConfiguration
public class TeamQuotaReconciler implements Reconciler<ConfigMap> {

  @Override
  public UpdateControl<ConfigMap> reconcile(ConfigMap table, Context<ConfigMap> context) {
    String namespace = table.getMetadata().getNamespace();
    String pods = table.getData() == null ? null : table.getData().get("maxPods");
    if (pods == null) {
      return UpdateControl.noUpdate();
    }
    ResourceQuota quota = new ResourceQuotaBuilder()
        .withNewMetadata().withName(table.getMetadata().getName() + "-quota").withNamespace(namespace).endMetadata()
        .withNewSpec().addToHard("pods", new Quantity(pods)).endSpec()
        .build();
    context.getClient().resourceQuotas().inNamespace(namespace).resource(quota).serverSideApply();
    try {
      // give the quota admission plugin a moment before the next table is processed
      TimeUnit.MILLISECONDS.sleep(250);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return UpdateControl.noUpdate();
  }
}
