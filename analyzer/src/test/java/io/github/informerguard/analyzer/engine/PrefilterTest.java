package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.informerguard.analyzer.api.Rule;
import io.github.informerguard.analyzer.catalog.CallMatcher;
import io.github.informerguard.analyzer.catalog.IndexerApis;
import io.github.informerguard.analyzer.catalog.LifecycleApis;
import io.github.informerguard.analyzer.catalog.ResyncApis;
import io.github.informerguard.analyzer.catalog.WaitApis;
import io.github.informerguard.analyzer.policy.Policy;
import io.github.informerguard.analyzer.rules.cancel.UnboundedInformerWait;
import io.github.informerguard.analyzer.rules.cancel.WatchNeverClosed;
import io.github.informerguard.analyzer.rules.index.StatefulIndexFunction;
import io.github.informerguard.analyzer.rules.resync.ShortResyncPeriod;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The prefilter's words come from the catalog's matchers: a file that holds nothing but one
 * matched API's call (or constructor) passes for the rule that uses it, and a file with none of
 * the words is not parsed at all.
 */
class PrefilterTest {

  private static final Map<Rule, List<CallMatcher>> MATCHERS = Map.of(
      new ShortResyncPeriod(), Stream.concat(ResyncApis.METHODS.stream(), ResyncApis.CONSTRUCTORS.stream())
          .map(ResyncApis.Site::matcher).toList(),
      new StatefulIndexFunction(), Stream.concat(IndexerApis.METHODS.stream(), IndexerApis.CONSTRUCTORS.stream())
          .map(IndexerApis.Site::matcher).toList(),
      new WatchNeverClosed(), LifecycleApis.WATCHES.stream().map(LifecycleApis.WatchSite::matcher).toList(),
      new UnboundedInformerWait(), Stream.concat(WaitApis.INFORMER_FUTURES.stream(), WaitApis.SYNC_POLLS.stream()).toList());

  @Test
  void aFileWithOnlyOneMatchedCallPassesForTheRuleThatMatchesIt() {
    MATCHERS.forEach((rule, matchers) -> {
      for (CallMatcher m : matchers) {
        for (String name : m.names()) {
          String call = m.kind() == CallMatcher.Kind.CONSTRUCTOR
              ? "new " + m.ownerSimpleNames().iterator().next() + "<>(a, b, c)"
              : "x." + name + " (a)";
          String text = "class A { void f() { Object o = " + call + "; } }";
          assertThat(Prefilter.applicable(List.of(rule), text)).as(rule.descriptor().id() + ": " + call).containsExactly(rule);
        }
      }
    });
  }

  @Test
  void annotationsPassOnlyWithThePeriodElementThatCanBeReported() {
    Rule resync = new ShortResyncPeriod();
    assertThat(Prefilter.applicable(List.of(resync), "@KubernetesInformer(resyncPeriodMillis = 10) class A {}"))
        .containsExactly(resync);
    assertThat(Prefilter.applicable(List.of(resync),
        "@ControllerConfiguration(maxReconciliationInterval = @MaxReconciliationInterval(interval = 1)) class R {}"))
        .containsExactly(resync);
    // The interval left at JOSDK's default (10 hours) is never reported, so the bare annotation need not be parsed.
    assertThat(Prefilter.applicable(List.of(resync), "@ControllerConfiguration(name = \"r\") class R {}")).isEmpty();
  }

  @Test
  void namesInProseOrInsideOtherIdentifiersDoNotPass() {
    Rule resync = new ShortResyncPeriod();
    Rule watches = new WatchNeverClosed();
    String text = "/** For information: rewatch(x) and stopwatch handling. */ class A { void rewatch(int w) {} }";
    assertThat(Prefilter.applicable(List.of(resync, watches), text)).isEmpty();
    assertThat(Prefilter.contains("client.pods().watch\n  (w)", "watch(")).isTrue();
    assertThat(Prefilter.contains("informer.inform(h, 1000L)", "inform(")).isTrue();
  }

  @Test
  void wordsInCommentsAndLiteralsDoNotPass() {
    Rule watches = new WatchNeverClosed();
    Rule stops = new io.github.informerguard.analyzer.rules.cancel.InformerNeverStopped();
    String prose = "/* client.pods().watch(w) */ class A {\n  // the informer is started by x.watch(y)\n"
        + "  String q = \"watch(\"; char c = '\\''; String b = \"\"\"\n  inform(x) \\\"\"\" watch(\n  \"\"\";\n}";
    assertThat(Prefilter.applicable(List.of(watches, stops), prose)).isEmpty();
    // The same calls in code pass, wherever a comment or literal stands around them.
    String code = "class A { String q = \"//\"; /* \" */ void f() { client.pods().watch(w); } }";
    assertThat(Prefilter.applicable(List.of(watches), code)).containsExactly(watches);
    assertThat(Prefilter.applicable(List.of(stops), "class A { // x\n SharedIndexInformer<Pod> i; }")).containsExactly(stops);
  }

  @Test
  void aMethodDeclarationIsNotACallButAnUnqualifiedCallIs() {
    Rule watches = new WatchNeverClosed();
    // A generated client-java request builder declares watch(Boolean) and never calls a watch.
    assertThat(Prefilter.applicable(List.of(watches),
        "class Req { public Req watch(Boolean watch) { this.watch = watch; return this; } int[] watch (int a) {} }")).isEmpty();
    // A subclass of a watchable calls watch(..) on itself, unqualified, in any expression position.
    for (String call : List.of("Watch w = watch(x);", "return watch(x);", "use(watch(x));", "if (ok) watch(x);",
        "else watch(x);", "{ watch(x); }", "list.forEach(x -> watch(x));", "Object o = this.<T>watch(x);",
        "Object o = (Watch) /* c */ watch(x);", "// comment\n watch(x);")) {
      String text = "class W extends Base { Object f() { " + call + " } }";
      assertThat(Prefilter.applicable(List.of(watches), text)).as(call).containsExactly(watches);
    }
  }

  @Test
  void aFileWithAUnicodeEscapeIsScreenedOnItsWholeText() {
    Rule watches = new WatchNeverClosed();
    // \u0022 is a quote once unescaped: the code pass does not guess where literals end.
    String text = "class A { String s = \"\\u0022\"; /* x.watch(y) */ }";
    assertThat(Prefilter.codeOf(text)).isEqualTo(text);
    assertThat(Prefilter.applicable(List.of(watches), text)).containsExactly(watches);
  }

  @Test
  void aFileWithNoneOfTheWordsIsNotParsed(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("Plain.java"), "class Plain { void f() { System.out.println(\"hello\"); } }");
    Files.writeString(dir.resolve("Watches.java"),
        "class Watches { void f(io.fabric8.kubernetes.client.dsl.Watchable<?> w, Object x) { w.watch(null); } }");
    AnalysisResult r = new Analyzer().analyze(AnalysisRequest.lenient(List.of(dir), Policy.defaults(), dir));
    assertThat(r.stats().filesScanned()).isEqualTo(2);
    assertThat(r.stats().filesParsed()).isEqualTo(1);
  }

  @Test
  void theScreenTellsWhichIndexWordsTheRawTextHoldsWhetherOrNotARuleApplies() {
    Rule watches = new WatchNeverClosed();
    Prefilter screen = Prefilter.of(List.of(watches), List.of("watch", "shutdown", "Absent"));
    // In a comment and a string too: the index's words are looked for in the raw text.
    Prefilter.Screen prose = screen.screen("class A { /* watch */ String s = \"shutdown\"; }");
    assertThat(prose.rules()).isEmpty();
    assertThat(prose.indexWords()).isEqualTo(0b011);
    // "watch" as an index word is the bare name, not the rule's call shape "watch(": both are found.
    Prefilter.Screen code = screen.screen("class A { void f(W w) { w.watch(null); } }");
    assertThat(code.rules()).containsExactly(watches);
    assertThat(code.indexWords()).isEqualTo(0b001);
    // Without rules (a test file that is only indexed) the words are still told.
    assertThat(Prefilter.of(List.of(), List.of("watch")).screen("class T { Object watch; }").indexWords()).isEqualTo(1);
    assertThat(Prefilter.of(List.of(), List.of("watch")).screen("class T { Object w; }").indexWords()).isZero();
  }
}
