package io.github.informerguard.runtime.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class KeyTableTest {

  /** Random inserts, updates and removals (growth, backward shifts, shrinking) against a HashMap. */
  @Test
  void behavesLikeAMapUnderRandomOperations() {
    for (long seed = 1; seed <= 4; seed++) {
      Random random = new Random(seed);
      KeyTable<Integer> table = new KeyTable<>(true, 16);
      Map<String, Integer> model = new HashMap<>();
      for (int op = 0; op < 40_000; op++) {
        // a small key space forces collisions, long runs and removals inside clusters
        String key = "ns/pod-" + random.nextInt(op < 20_000 ? 3_000 : 300);
        int slot = table.slotOf(key);
        assertThat(slot >= 0).as("seed %d op %d contains %s", seed, op, key).isEqualTo(model.containsKey(key));
        if (random.nextInt(3) == 0) {
          if (slot >= 0) {
            table.removeAt(slot);
          }
          model.remove(key);
        } else if (slot >= 0) {
          table.setAt(slot, op, "v" + op);
          model.put(key, op);
        } else {
          table.insert(key, op, "v" + op);
          model.put(key, op);
        }
      }
      assertThat(table.size()).isEqualTo(model.size());
      Map<String, Integer> content = new HashMap<>();
      for (int i = 0; i < table.capacity(); i++) {
        if (table.keyAt(i) != null) {
          content.put(table.keyAt(i), table.objAt(i));
          assertThat(table.valuesAt(i)).isEqualTo("v" + table.objAt(i));
        }
      }
      assertThat(content).isEqualTo(model);
      // shrinking: after most keys are gone the table is small again and still finds the rest
      for (String k : new ArrayList<>(model.keySet())) {
        assertThat(table.remove(k)).isTrue();
      }
      assertThat(table.size()).isZero();
      assertThat(table.capacity()).isEqualTo(16);
    }
  }

  @Test
  void keyOnlyTableAddsOnceAndShrinksBackToItsMinimum() {
    KeyTable<Void> keys = new KeyTable<>(false, 4);
    List<String> added = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) {
      assertThat(keys.add("k" + i)).isTrue();
      added.add("k" + i);
    }
    assertThat(keys.add("k7")).isFalse();
    assertThat(keys.size()).isEqualTo(1_000);
    assertThat(keys.capacity()).isGreaterThanOrEqualTo(1_500).isLessThanOrEqualTo(2_048);
    assertThat(keys.keyList()).containsExactlyInAnyOrderElementsOf(added);
    for (int i = 0; i < 999; i++) {
      assertThat(keys.remove("k" + i)).isTrue();
    }
    assertThat(keys.remove("k0")).isFalse();
    assertThat(keys.anyKey()).isEqualTo("k999");
    assertThat(keys.capacity()).as("shrinks once under 1/8 full").isLessThanOrEqualTo(8);
  }
}
