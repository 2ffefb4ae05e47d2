package io.github.informerguard.analyzer.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The model the build generated from the client jars: lines, hierarchy, methods, defaults, constants. */
class ApiModelTest {

  private final ApiModel model = ApiModel.get();

  @Test
  void holdsEveryClientLineTheBuildCopied() {
    assertThat(model.lines()).containsExactly("client-java-13", "client-java-18", "client-java-20", "client-java-24",
        "fabric8-4.13", "fabric8-5.12", "fabric8-6.13", "fabric8-7.5", "fabric8-8.0", "josdk-4", "josdk-5");
    assertThat(model.typeCount()).isGreaterThan(2000);
    assertThat(model.resourceBytes()).isBetween(50_000L, 2_000_000L);
  }

  @Test
  void recordsTheLinesEachMemberExistsIn() {
    ModelType client = model.type("io.fabric8.kubernetes.client.KubernetesClient").orElseThrow();
    // customResource(CustomResourceDefinitionContext) is 4.13 and 5.x only; the 6.x API replaced it.
    List<ModelMethod> raw = model.findMethods(client.name(), "customResource",
        List.of("io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext"));
    assertThat(raw).isNotEmpty();
    assertThat(model.lineNames(raw.get(0).lines())).containsExactly("fabric8-4.13", "fabric8-5.12");
    // inform(handler, resync) on the DSL exists in every fabric8 line from 5.x on (4.13 has no Informable).
    List<ModelMethod> inform = model.findMethods("io.fabric8.kubernetes.client.dsl.MixedOperation", "inform",
        List.of("io.fabric8.kubernetes.client.informers.ResourceEventHandler", "long"));
    long lines = inform.stream().mapToLong(ModelMethod::lines).reduce(0, (a, b) -> a | b);
    assertThat(model.lineNames(lines)).containsExactly("fabric8-5.12", "fabric8-6.13", "fabric8-7.5", "fabric8-8.0");
    assertThat(inform.get(0).declaringType().name()).isEqualTo("io.fabric8.kubernetes.client.dsl.Informable");
  }

  @Test
  void knowsTheHierarchyPerLine() {
    assertThat(model.isSubtype("io.fabric8.openshift.client.OpenShiftClient", "io.fabric8.kubernetes.client.KubernetesClient")).isTrue();
    assertThat(model.isSubtype("io.fabric8.kubernetes.client.informers.SharedIndexInformer", "java.lang.AutoCloseable")).isTrue();
    assertThat(model.isSubtype("io.fabric8.kubernetes.client.Watcher", "io.fabric8.kubernetes.client.Watch")).isFalse();
    ModelType sii = model.type("io.fabric8.kubernetes.client.informers.SharedIndexInformer").orElseThrow();
    assertThat(sii.supertypes()).hasSizeGreaterThanOrEqualTo(2); // 5.x extends SharedInformer, later lines do not
  }

  @Test
  void keepsAnnotationDefaultsAndConstants() {
    ModelType interval = model.type("io.javaoperatorsdk.operator.api.reconciler.MaxReconciliationInterval").orElseThrow();
    assertThat(interval.isAnnotation()).isTrue();
    assertThat(interval.methods("timeUnit").get(0).annotationDefault()).contains("java.util.concurrent.TimeUnit.HOURS");
    assertThat(interval.field("DEFAULT_INTERVAL").flatMap(ModelField::constant)).contains(10L);
  }

  @Test
  void parsesGenericSignaturesWithTypeArguments() {
    // 4.13's pods() still carries the Doneable type argument; from 5.x on it is <Pod, PodList, PodResource>
    ModelMethod pods = model.type("io.fabric8.kubernetes.client.KubernetesClient").orElseThrow().methods("pods").stream()
        .filter(m -> model.lineNames(m.lines()).contains("fabric8-8.0")).findFirst().orElseThrow();
    Sig.ClassRef result = (Sig.ClassRef) pods.signature().result();
    assertThat(result.name()).isEqualTo("io.fabric8.kubernetes.client.dsl.MixedOperation");
    assertThat(result.args()).extracting(a -> Signatures.erasure(a.type())).containsExactly(
        "io.fabric8.kubernetes.api.model.Pod", "io.fabric8.kubernetes.api.model.PodList",
        "io.fabric8.kubernetes.client.dsl.PodResource");
  }
}
