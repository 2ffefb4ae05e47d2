package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import io.github.informerguard.analyzer.rules.CatalogRule;
import io.github.informerguard.analyzer.rules.FindingText;
import io.github.informerguard.analyzer.api.Family;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.catalog.CallMatcher;
import io.github.informerguard.analyzer.catalog.LifecycleApis;
import io.github.informerguard.analyzer.catalog.LifecycleApis.Library;
import io.github.informerguard.analyzer.catalog.LifecycleApis.WatchSite;
import io.github.informerguard.analyzer.rules.cancel.HandleLifecycle.Release;
import java.util.Optional;

/**
 * Flags raw watches whose handle is discarded or never closed: fabric8 {@code watch(...)} (any
 * close counts) and client-java {@code Watch.createWatch(...)} / {@code GenericKubernetesApi.watch(...)}
 * (the close must be in finally, catch or try-with-resources). Docs: docs/rules/WatchNeverClosed.md.
 */
public final class WatchNeverClosed extends CatalogRule {

  public static final String ID = "WatchNeverClosed";

  public WatchNeverClosed() {
    super(warning(ID, Family.CANCELLATION,
        "Raw watch opened whose Watch/Closeable handle is discarded or never closed",
        LifecycleApis.WATCH_TRIGGER_WORDS), MethodCallExpr.class, MethodReferenceExpr.class);
  }

  @Override
  public void check(RuleContext ctx) {
    HandleLifecycle lifecycle = new HandleLifecycle(ctx.types());
    CloseSkippedByInterrupt interrupted = new CloseSkippedByInterrupt(ctx.types());
    OverwrittenEntries entries = new OverwrittenEntries(ctx.types());
    for (MethodCallExpr call : ctx.nodes(MethodCallExpr.class)) {
      CallMatcher.first(LifecycleApis.WATCHES, WatchSite::matcher, m -> m.matches(call, ctx.types()))
          .or(() -> UntypedClientWatches.site(call, ctx.types()))
          // assertThrows(..., () -> op.watch(w)): the call is meant to fail, no handle exists
          .filter(site -> !expectedToThrow(call))
          // a private method that nothing in its file calls never runs, so it opens no watch
          .filter(site -> !UncalledCode.inUncalledPrivateMethod(call))
          .ifPresent(site -> {
            Release release = new Release(LifecycleApis.WATCH_CLOSES, site.closeInFinally(),
                site.library() == Library.FABRIC8);
            String opened = describe(site, call);
            Optional<HandleLifecycle.Leak> leak = lifecycle.ofResult(call, release)
                // A factory whose every dropping caller is code that nothing calls opens no watch.
                .filter(l -> !droppedOnlyInUncalledCode(l, ctx));
            Optional<String> overwritten = leak.isPresent() ? Optional.empty() : entries.of(call);
            if (leak.isPresent() && leak.get().fate() == HandleLifecycle.Fate.RELEASED_ONLY_ON_NORMAL_PATH
                && release.requireFinally() && OwnLoopCloses.closedInOwnLoop(call, leak.get().holder())) {
              LifecycleMessages.watchClosedInOwnLoop(site.library(), opened, leak.get().holder()).report(ctx, call);
            } else if (leak.isPresent()) {
              LifecycleMessages.watch(site.library(), opened, leak.get(), FindingText.enclosingTypeName(call)).report(ctx, call);
            } else if (overwritten.isPresent()) {
              // Kept in a map the class does close at the end, but replaced by a repeat for the same key.
              LifecycleMessages.watchOverwritten(site.library(), opened, overwritten.get()).report(ctx, call);
            } else if (!(release.clientCloseReleases() && lifecycle.clientClosed(call))) {
              interrupted.of(call, release).ifPresent(skipped -> LifecycleMessages.watchClosedAfterWait(site.library(),
                  opened, skipped.holder(), FindingText.shorten(skipped.waitCall().toString())).report(ctx, call));
            } else if (site.library() == Library.FABRIC8 && !HandleLifecycle.inMainMethod(call)) {
              PerObjectWatches.perCallName(call).ifPresent(name -> LifecycleMessages.perObjectWatch(opened, name,
                  FindingText.enclosingTypeName(call)).report(ctx, call));
            }
          });
    }
  }

  /**
   * Only where the handle is dropped by other code (a factory's callers, a function's invocations):
   * a watch opened and dropped in one method is reported whether or not the sources call that method.
   */
  private static boolean droppedOnlyInUncalledCode(HandleLifecycle.Leak leak, RuleContext ctx) {
    return !leak.droppedAt().isEmpty() && leak.droppedAt().stream().allMatch(at -> UncalledCode.neverRuns(at, ctx.types()));
  }

  /** Whether the call is in a lambda passed to an assert-throws method (the nearest lambda only). */
  private static boolean expectedToThrow(MethodCallExpr call) {
    Optional<LambdaExpr> lambda = call.findAncestor(LambdaExpr.class);
    return lambda.flatMap(l -> l.getParentNode())
        .filter(p -> p instanceof MethodCallExpr m && m.getArguments().contains(lambda.get())
            && LifecycleApis.ASSERT_THROWS.contains(m.getNameAsString()))
        .isPresent();
  }

  private static String describe(WatchSite site, MethodCallExpr call) {
    String args = call.getArguments().isEmpty() ? "()" : "(...)";
    return site.matcher().kind() == CallMatcher.Kind.STATIC ? "Watch.createWatch" + args : call.getNameAsString() + args;
  }
}
