package io.github.informerguard.analyzer.catalog;

import java.util.List;
import java.util.Set;

/** What InterruptSwallowed needs to know besides the callback types (CallbackApis). */
public final class InterruptApis {

  private InterruptApis() {}

  /**
   * Packages of the three client libraries: a class that names a type from one of them has to do
   * with Kubernetes, which is what the rule's default {@code scope: kubernetes} reports in.
   */
  public static final List<String> CLIENT_PACKAGES = List.of(
      "io.fabric8.kubernetes.", "io.fabric8.openshift.", "io.kubernetes.client.", "io.javaoperatorsdk.");

  /** Test-framework classes whose {@code fail(...)} always throws (an AssertionError or TestNG's). */
  public static final Set<String> FAIL_OWNERS = Set.of(
      "org.junit.jupiter.api.Assertions",
      "org.junit.Assert",
      "junit.framework.Assert",
      "junit.framework.TestCase",
      "org.assertj.core.api.Assertions",
      "org.assertj.core.api.Fail",
      "org.testng.Assert",
      "org.testng.AssertJUnit");

  /** The methods of {@link #FAIL_OWNERS} that never return normally. */
  public static final Set<String> FAIL_METHODS = Set.of("fail", "failBecauseExceptionWasNotThrown");
}
