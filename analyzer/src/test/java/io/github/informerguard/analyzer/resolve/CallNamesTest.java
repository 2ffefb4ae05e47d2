package io.github.informerguard.analyzer.resolve;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CallNamesTest {

  private static Set<String> keys(String text) {
    Set<String> out = new HashSet<>();
    CallNames.collect(text, out);
    return out;
  }

  @Test
  void callsAreKeyedByNameAndArgumentCount() {
    Set<String> k = keys("class A { void run() { open(a, f(b, c), new int[] {1, 2}); x.close(); } }");
    assertThat(k).contains("open/3", "f/2", "close/0").doesNotContain("run/0");
  }

  @Test
  void declarationsConstructorsAndKeywordsAreNotCalls() {
    Set<String> k = keys("class A { <T> List<T> items(int n) { if (n > 0) { return new ArrayList<>(n); } "
        + "return wrap(n); } int[] sizes() { return null; } }");
    assertThat(k).contains("wrap/1").doesNotContain("items/1", "sizes/0", "ArrayList/1", "if/1");
  }

  @Test
  void aLambdaArrowIsNotTheEndOfTypeArguments() {
    assertThat(keys("Runnable r = () -> start(x);")).contains("start/1");
  }

  @Test
  void methodReferencesCountForAnyArity() {
    assertThat(keys("list.forEach(this::stop); map.values().forEach(Watch :: close);"))
        .contains(CallNames.reference("stop"), CallNames.reference("close"));
  }

  @Test
  void aStringHoldingOnlyAnIdentifierNamesAMethod() {
    Set<String> k = keys("@Bean(destroyMethod = \"stopAll\") Registry r() { log(\"stop all(1)\", \"\"); return x; }");
    assertThat(k).contains(CallNames.namedAsText("stopAll"))
        .doesNotContain(CallNames.namedAsText("stop"), CallNames.namedAsText("all"), CallNames.namedAsText(""));
  }

  @Test
  void commentsAndLiteralsAreSkipped() {
    Set<String> k = keys("// hidden(1)\n /* gone(2) */ log(\"text(a, b)\", 'c'); String s = \"\"\"\n  block(x)\n  \"\"\";");
    assertThat(k).contains("log/2").doesNotContain("hidden/1", "gone/0", "text/2", "block/1");
  }

  @Test
  void typeNamesAreNotedOncePerText() {
    assertThat(keys("import a.PodWatchUtils; class B { void f() { PodWatchUtils.get(); } }"))
        .contains(CallNames.typeName("PodWatchUtils"), CallNames.typeName("B"))
        .doesNotContain(CallNames.typeName("f"));
  }

  @Test
  void callsOnDeclaredVariablesAreKeyedByTheDeclaredType() {
    Set<String> k = keys("class M { private final Queue queue; private ExecutorService pool; List<Job> jobs;"
        + " void stop(Owner owner) { queue.shutdown(); pool.shutdown(); owner.close(); jobs.clear(); }"
        + " void later() { Registry.current.halt(); this.queue.drain(); finish(); Executors.newFixed(1); } }");
    assertThat(k).contains(CallNames.callOn("shutdown", 0, "Queue"), CallNames.callOn("shutdown", 0, "ExecutorService"),
            CallNames.callOn("close", 0, "Owner"), CallNames.callOn("newFixed", 1, "Executors"),
            CallNames.callOn("clear", 0, CallNames.UNKNOWN_RECEIVER), CallNames.callOn("halt", 0, CallNames.UNKNOWN_RECEIVER),
            CallNames.callOn("drain", 0, CallNames.UNKNOWN_RECEIVER), CallNames.callOn("finish", 0, CallNames.UNKNOWN_RECEIVER))
        .doesNotContain(CallNames.callOn("shutdown", 0, CallNames.UNKNOWN_RECEIVER), CallNames.callOn("halt", 0, "Registry"));
  }

  @Test
  void aVariableDeclaredWithSeveralTypesInOneTextHasEach() {
    Set<String> k = keys("class A { void f() { Pool m = p(); m.stop(); } void g() { var m = q(); m.stop(); } }");
    assertThat(k).contains(CallNames.callOn("stop", 0, "Pool"), CallNames.callOn("stop", 0, CallNames.UNKNOWN_RECEIVER));
  }
}
