package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.TypeFacts;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The engine's per-file decorators (dependency recorder, memo) sit between the rules and the mode's
 * type facts: a TypeFacts method they did not forward would answer with the interface's default
 * (an empty source lookup, a dropped file dependency) instead of the mode's answer, silently.
 */
class DelegatingTypeFactsTest {

  @Test
  void forwardsEveryTypeFactsMethod() {
    List<String> missing = new ArrayList<>();
    for (Method m : TypeFacts.class.getMethods()) {
      if (Modifier.isStatic(m.getModifiers())) {
        continue;
      }
      try {
        DelegatingTypeFacts.class.getDeclaredMethod(m.getName(), m.getParameterTypes());
      } catch (NoSuchMethodException e) {
        missing.add(m.getName());
      }
    }
    assertThat(missing).isEmpty();
  }
}
