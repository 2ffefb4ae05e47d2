package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import io.github.informerguard.analyzer.rules.CatalogRule;
import io.github.informerguard.analyzer.rules.FindingText;
import io.github.informerguard.analyzer.resolve.Expressions;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_CLIENT;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_BASE_CLIENT;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import io.github.informerguard.analyzer.api.Family;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.catalog.CallMatcher;
import io.github.informerguard.analyzer.catalog.LifecycleApis;
import io.github.informerguard.analyzer.catalog.LifecycleApis.Library;
import io.github.informerguard.analyzer.catalog.LifecycleApis.StartSite;
import io.github.informerguard.analyzer.rules.cancel.HandleLifecycle.Fate;
import io.github.informerguard.analyzer.rules.cancel.HandleLifecycle.Leak;
import io.github.informerguard.analyzer.rules.cancel.HandleLifecycle.Release;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Optional;
import java.util.Set;

/**
 * Flags informers and informer factories that are started with no reachable stop or close: the
 * handle is discarded, held in a local that is never released and does not escape, or held in a
 * field that nothing in the class releases; and fabric8 starts on a fresh {@code client.informers()}
 * factory. Docs: docs/rules/InformerNeverStopped.md.
 */
public final class InformerNeverStopped extends CatalogRule {

  public static final String ID = "InformerNeverStopped";

  private static final RuleDescriptor DESCRIPTOR = warning(ID, Family.CANCELLATION,
      "Informer or informer factory started with no reachable stop/close (handle discarded, local or field never released)",
      LifecycleApis.INFORMER_TRIGGER_WORDS);

  /** The node kinds name what the rule and the helpers it calls ask the file for (the engine's one walk). */
  public InformerNeverStopped() {
    super(DESCRIPTOR, MethodCallExpr.class, NameExpr.class, MethodReferenceExpr.class, StringLiteralExpr.class);
  }

  @Override
  public void check(RuleContext ctx) {
    HandleLifecycle lifecycle = new HandleLifecycle(ctx.types());
    Set<Node> reportedHolders = Collections.newSetFromMap(new IdentityHashMap<>());
    for (MethodCallExpr call : ctx.nodes(MethodCallExpr.class)) {
      CallMatcher.first(LifecycleApis.STARTS, StartSite::matcher, m -> m.matches(call, ctx.types()))
          .ifPresent(site -> check(ctx, lifecycle, call, site, reportedHolders));
    }
  }

  private void check(RuleContext ctx, HandleLifecycle lifecycle, MethodCallExpr call, StartSite site,
      Set<Node> reportedHolders) {
    Expression receiver = Expressions.withoutParenthesesAndCasts(call.getScope().get());
    boolean fabric8 = site.library() == Library.FABRIC8;
    String started = describe(call);
    Release release;
    switch (site.started()) {
      case INFORMER_RESULT -> {
        release = new Release(LifecycleApis.INFORMER_STOPS, false, true);
        lifecycle.ofResult(call, release).ifPresent(leak -> {
          call.getParentNode().filter(VariableDeclarator.class::isInstance).ifPresent(reportedHolders::add);
          LifecycleMessages.informer(site.library(), started, leak, FindingText.enclosingTypeName(call)).report(ctx, call);
        });
      }
      case INFORMER_RECEIVER -> {
        release = new Release(LifecycleApis.INFORMER_STOPS, false, fabric8);
        if (isHolder(receiver)) {
          Optional<VariableDeclarator> d = lifecycle.declaratorOf(receiver);
          if (d.isEmpty() || reportedHolders.contains(d.get()) || factoryStopsItsInformers(ctx, d.get(), call)) {
            return;
          }
          lifecycle.ofHolder(receiver, release, e -> isInformerCreation(ctx, e)).ifPresent(leak -> {
            reportedHolders.add(d.get());
            LifecycleMessages.informer(site.library(), started, leak, FindingText.enclosingTypeName(call)).report(ctx, call);
          });
        } else if (isInformerCreation(ctx, receiver) && !createdByFactory(receiver)) {
          // A chain: fabric8 run() returns the informer; start() and client-java run() lose it.
          Optional<Leak> leak = fabric8 && call.getNameAsString().equals("run")
              ? lifecycle.ofResult(call, release)
              : fabric8 && lifecycle.clientClosed(receiver) ? Optional.empty() : Optional.of(new Leak(Fate.DISCARDED, ""));
          leak.ifPresent(l -> LifecycleMessages.informer(site.library(), started, l, FindingText.enclosingTypeName(call)).report(ctx, call));
        }
      }
      case FACTORY_RECEIVER -> {
        if (fabric8 && isFreshFabric8Factory(ctx, receiver)) {
          // A new factory starts nothing and holds nothing to leak; it is only a bug when the informers
          // it was meant to start were registered on another factory that nothing starts.
          FreshFactories.unstartedRegistration(ctx, call)
              .ifPresent(at -> LifecycleMessages.freshFactory(at).report(ctx, call));
          return;
        }
        release = new Release(LifecycleApis.FACTORY_STOPS, false, fabric8);
        if (!fabric8 && isHolder(receiver) && lifecycle.injected(receiver)) {
          // A fabric8 factory dies with its KubernetesClient, which containers close; a client-java one
          // has no close()/shutdown() for a container to infer, so only a stop call ends it.
          new StartupHooks(ctx.types()).hookOf(call)
              .filter(hook -> !StartupHooks.fileStopsFactories(ctx.unit()))
              .ifPresent(hook -> LifecycleMessages.factoryStartedByHook(receiver.toString(), hook).report(ctx, call));
          return;
        }
        if (isHolder(receiver)) {
          Optional<VariableDeclarator> d = lifecycle.declaratorOf(receiver);
          if (d.isEmpty() || !reportedHolders.add(d.get())) {
            return;
          }
          lifecycle.ofHolder(receiver, release, e -> isFactoryCreation(ctx, e))
              .ifPresent(leak -> LifecycleMessages.factory(site.library(), leak, FindingText.enclosingTypeName(call)).report(ctx, call));
        }
      }
    }
  }

  private static boolean isHolder(Expression e) {
    return e instanceof NameExpr || e instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr;
  }

  /** An expression that makes a new informer: the DSL, a factory, a constructor, or a fluent call on one. */
  private static boolean isInformerCreation(RuleContext ctx, Expression e) {
    Expression x = Expressions.withoutParenthesesAndCasts(e);
    if (x instanceof ObjectCreationExpr o) {
      return ctx.types().isA(o.getType(), LifecycleApis.CONSTRUCTED_HANDLES).isYes();
    }
    if (x instanceof MethodCallExpr m && m.getScope().isPresent()) {
      String name = m.getNameAsString();
      if (LifecycleApis.INFORMER_CREATORS.contains(name)) {
        return true;
      }
      return LifecycleApis.F8_INFORMER_FLUENT.contains(name) && isInformerCreation(ctx, m.getScope().get());
    }
    return false;
  }

  /** {@code client.informers()} (fabric8) or {@code new SharedInformerFactory(...)} (client-java), possibly narrowed. */
  private static boolean isFactoryCreation(RuleContext ctx, Expression e) {
    Expression x = Expressions.withoutParenthesesAndCasts(e);
    if (x instanceof ObjectCreationExpr o) {
      return ctx.types().isA(o.getType(), LifecycleApis.CONSTRUCTED_HANDLES).isYes();
    }
    if (x instanceof MethodCallExpr m && m.getScope().isPresent()) {
      if (m.getNameAsString().equals(LifecycleApis.F8_FACTORY_CREATOR) && m.getArguments().isEmpty()) {
        return true;
      }
      return LifecycleApis.F8_FACTORY_FLUENT.contains(m.getNameAsString()) && isFactoryCreation(ctx, m.getScope().get());
    }
    return false;
  }

  /** {@code client.informers()[.inNamespace(ns)].startAllRegisteredInformers()}: a factory nobody registered on. */
  static boolean isFreshFabric8Factory(RuleContext ctx, Expression receiver) {
    Expression x = receiver;
    while (x instanceof MethodCallExpr m && LifecycleApis.F8_FACTORY_FLUENT.contains(m.getNameAsString())
        && m.getScope().isPresent()) {
      x = Expressions.withoutParenthesesAndCasts(m.getScope().get());
    }
    return x instanceof MethodCallExpr m && m.getNameAsString().equals(LifecycleApis.F8_FACTORY_CREATOR)
        && m.getArguments().isEmpty() && m.getScope().isPresent()
        && ctx.types().isA(m.getScope().get(), Set.of(F8_CLIENT, F8_BASE_CLIENT)).isYes();
  }

  private static boolean createdByFactory(Expression e) {
    return e instanceof MethodCallExpr m && LifecycleApis.FACTORY_MADE.contains(m.getNameAsString());
  }

  /**
   * An informer made by a factory is also stopped by that factory's stopAllRegisteredInformers();
   * when the class calls it anywhere, do not guess which factory it is.
   */
  private static boolean factoryStopsItsInformers(RuleContext ctx, VariableDeclarator d, Node at) {
    boolean fromFactory = d.getInitializer().map(Expressions::withoutParenthesesAndCasts)
        .filter(InformerNeverStopped::createdByFactory).isPresent();
    if (!fromFactory) {
      return false;
    }
    return ctx.nodes(MethodCallExpr.class).stream()
        .anyMatch(m -> LifecycleApis.FACTORY_STOPS.contains(m.getNameAsString()));
  }

  private static String describe(MethodCallExpr call) {
    return call.getNameAsString() + "(" + (call.getArguments().isEmpty() ? "" : "...") + ")";
  }
}
