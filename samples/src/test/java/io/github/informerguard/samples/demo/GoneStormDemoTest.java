package io.github.informerguard.samples.demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Runs the demo; it prints the guard's health before and after the storm. */
class GoneStormDemoTest {

  @Test
  void correctedOperatorRelistsThroughA410StormAndConverges() throws Exception {
    GoneStormDemo.Outcome outcome = GoneStormDemo.run(System.out);

    assertThat(outcome.before().synced()).isTrue();
    assertThat(outcome.before().relists()).isZero();
    // three compactions reached the informer three different ways; each one led to a re-list
    assertThat(outcome.after().goneSeen()).isGreaterThanOrEqualTo(3);
    assertThat(outcome.after().relists()).isGreaterThanOrEqualTo(3);
    assertThat(outcome.after().watching()).isTrue();
    assertThat(outcome.cacheMatchesServer()).isTrue();
    // pods created or relabelled during the storm were labelled too
    assertThat(outcome.podsLabelled()).isEqualTo(outcome.podsNeedingTeam()).isGreaterThan(GoneStormDemo.PODS / 2);
    assertThat(outcome.after().handlerErrors()).isZero();
  }
}
