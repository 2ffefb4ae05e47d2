package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import io.github.informerguard.analyzer.rules.CatalogRule;
import io.github.informerguard.analyzer.rules.FindingText;
import io.github.informerguard.analyzer.resolve.Expressions;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_CLIENT;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_BASE_CLIENT;
import static io.github.informerguard.analyzer.catalog.ApiTypes.F8_INFORMER_FACTORY;
import static io.github.informerguard.analyzer.catalog.ApiTypes.K8S_INFORMER_FACTORY;

import com.github.javaparser.ast.Node;
import io.github.informerguard.analyzer.resolve.SourceMethods;
import io.github.informerguard.analyzer.api.FileNodes;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.TypeExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import io.github.informerguard.analyzer.api.Family;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.resolve.Scopes;
import io.github.informerguard.analyzer.resolve.LenientTypeFacts;
import io.github.informerguard.analyzer.resolve.Resolution;
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
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.type.Type;
import java.util.function.Predicate;

/**
 * Flags informers and informer factories that are started with no reachable stop or close: the
 * handle is discarded, held in a local that is never released and does not escape, or held in a
 * field that nothing in the class releases; and fabric8 starts on a fresh {@code client.informers()}
 * factory. Docs: docs/rules/InformerNeverStopped.md.
 */
public final class InformerNeverStopped extends CatalogRule {

  public static final String ID = "InformerNeverStopped";

  public InformerNeverStopped() {
    super(warning(ID, Family.CANCELLATION,
        "Informer or informer factory started with no reachable stop/close (handle discarded, local or field never released)",
        LifecycleApis.INFORMER_TRIGGER_WORDS), MethodCallExpr.class, NameExpr.class, MethodReferenceExpr.class,
        StringLiteralExpr.class, ObjectCreationExpr.class, MethodDeclaration.class);
  }

  @Override
  public void check(RuleContext ctx) {
    HandleLifecycle lifecycle = new HandleLifecycle(ctx.types());
    HandleLifecycle mainLifecycle = new HandleLifecycle(ctx.types(), true);
    Set<Node> reportedHolders = Collections.newSetFromMap(new IdentityHashMap<>());
    for (MethodReferenceExpr ref : ctx.nodes(MethodReferenceExpr.class)) {
      checkStartReference(ctx, lifecycle, ref);
    }
    JosdkOperators.check(ctx);
    DiscardedManagers.check(ctx);
    ConditionFutures.check(ctx);
    for (MethodCallExpr call : ctx.nodes(MethodCallExpr.class)) {
      CallMatcher.first(LifecycleApis.STARTS, StartSite::matcher, m -> m.matches(call, ctx.types()))
          .ifPresent(site -> check(ctx, ownedByMain(ctx, call) ? mainLifecycle : lifecycle, call, site, reportedHolders));
    }
  }

  private void check(RuleContext ctx, HandleLifecycle lifecycle, MethodCallExpr call, StartSite site,
      Set<Node> reportedHolders) {
    Expression receiver = Expressions.withoutParenthesesAndCasts(call.getScope().get());
    boolean fabric8 = site.library() == Library.FABRIC8;
    String started = describe(call);
    Release release;
    ParkedMain parked = new ParkedMain(ctx.types());
    switch (site.started()) {
      case INFORMER_RESULT -> {
        if (parked.waitsForeverAfter(call)) {
          String held = call.getParentNode().filter(VariableDeclarator.class::isInstance)
              .map(d -> "Informer '" + ((VariableDeclarator) d).getNameAsString() + "'").orElse("The informer started by " + started);
          LifecycleMessages.startedInParkedMain(site.library(), held).report(ctx, call);
          return;
        }
        release = new Release(LifecycleApis.INFORMER_STOPS, false, true);
        Optional<Leak> leak = lifecycle.ofResult(call, release);
        if (leak.isPresent()) {
          call.getParentNode().filter(VariableDeclarator.class::isInstance).ifPresent(reportedHolders::add);
          informerText(ctx, call, site.library(), started, leak.get()).report(ctx, call);
          return;
        }
        // Kept in a map the class does stop at the end, but replaced by a repeat for the same key.
        Optional<String> overwritten = new OverwrittenEntries(ctx.types()).of(call);
        if (overwritten.isPresent()) {
          LifecycleMessages.informerOverwritten(site.library(), started, overwritten.get()).report(ctx, call);
          return;
        }
        // Assigned to a field whose every stop sits in methods nothing calls.
        Optional<Expression> target = call.getParentNode().filter(AssignExpr.class::isInstance)
            .map(a -> ((AssignExpr) a).getTarget()).filter(InformerNeverStopped::isHolder);
        Optional<VariableDeclarator> field = target.flatMap(lifecycle::declaratorOf);
        if (field.isPresent()) {
          Optional<String> uncalled = stoppedOnlyByUncalledCode(ctx, lifecycle, target.get(), field.get(), release,
              e -> isInformerCreation(ctx, e));
          if (uncalled.isPresent()) {
            reportedHolders.add(field.get());
            LifecycleMessages.stoppedOnlyInUncalledCode(site.library(), "Informer field '" + field.get().getNameAsString()
                + "'", uncalled.get()).report(ctx, call);
            return;
          }
        }
        // Kept in a collection whose only ways back to its informers are methods nothing calls.
        new UncalledStops(ctx.types()).collectionStoppedOnlyIn(call, release.releases())
            .ifPresent(c -> LifecycleMessages.stoppedOnlyInUncalledCode(site.library(), "The informer started by "
                + started + ", kept in collection '" + c.collection() + "',", c.methods()).report(ctx, call));
      }
      case INFORMER_RECEIVER -> {
        release = new Release(LifecycleApis.INFORMER_STOPS, false, fabric8);
        if (isHolder(receiver)) {
          Optional<VariableDeclarator> d = lifecycle.declaratorOf(receiver);
          if (d.isEmpty() || reportedHolders.contains(d.get()) || factoryStopsItsInformers(ctx, d.get(), call)) {
            return;
          }
          if (parked.waitsForeverAfter(call) && d.get().getInitializer().filter(i -> isInformerCreation(ctx, i)).isPresent()) {
            reportedHolders.add(d.get());
            LifecycleMessages.startedInParkedMain(site.library(), "Informer '" + d.get().getNameAsString() + "'").report(ctx, call);
            return;
          }
          Optional<Leak> leak = lifecycle.ofHolder(receiver, release, e -> isInformerCreation(ctx, e));
          if (leak.isPresent()) {
            reportedHolders.add(d.get());
            informerText(ctx, call, site.library(), started, leak.get()).report(ctx, call);
            return;
          }
          stoppedOnlyByUncalledCode(ctx, lifecycle, receiver, d.get(), release, e -> isInformerCreation(ctx, e))
              .ifPresent(in -> {
                reportedHolders.add(d.get());
                LifecycleMessages.stoppedOnlyInUncalledCode(site.library(), "Informer field '" + d.get().getNameAsString()
                    + "'", in).report(ctx, call);
              });
        } else if (isInformerCreation(ctx, receiver) && !createdByFactory(receiver)
            && !startedByInform(ctx, receiver)) {
          // A chain: fabric8 run() returns the informer; start() and client-java run() lose it.
          Optional<Leak> leak = fabric8 && call.getNameAsString().equals("run")
              ? lifecycle.ofResult(call, release)
              : fabric8 && lifecycle.clientClosed(receiver) ? Optional.empty() : Optional.of(new Leak(Fate.DISCARDED, ""));
          leak.ifPresent(l -> informerText(ctx, call, site.library(), started, l).report(ctx, call));
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
        if (isHolder(receiver) && lifecycle.injected(receiver) || isInjectedComponentsFactory(lifecycle, receiver)) {
          reportIfStartedByHook(ctx, call, receiver, site.library());
          return;
        }
        if (!isHolder(receiver)) {
          Optional<RecordHeldFactories.Held> held = new RecordHeldFactories(ctx.types())
              .of(receiver, ctx.unit(), e -> isFactoryCreation(ctx, e));
          if (held.isPresent()) {
            LifecycleMessages.factoryHeldInCollection(site.library(), held.get(), FindingText.enclosingTypeName(call))
                .report(ctx, call);
          } else if (fabric8) {
            reportIfStoppedOnlyOnFresh(ctx, call, "The SharedInformerFactory from " + receiver);
          }
          return;
        }
        if (isHolder(receiver)) {
          Optional<VariableDeclarator> d = lifecycle.declaratorOf(receiver);
          if (d.isEmpty() || !reportedHolders.add(d.get())) {
            return;
          }
          if (parked.waitsForeverAfter(call) && d.get().getInitializer().filter(i -> isFactoryCreation(ctx, i)).isPresent()) {
            LifecycleMessages.startedInParkedMain(site.library(), "SharedInformerFactory '" + d.get().getNameAsString() + "'")
                .report(ctx, call);
            return;
          }
          Optional<Leak> leak = lifecycle.ofHolder(receiver, release, e -> isFactoryCreation(ctx, e))
              .filter(l -> !(l.fate() == Fate.LOCAL_NEVER_RELEASED
                  && informersKeptByOwners(new UncalledStops(ctx.types()), lifecycle, d.get())));
          if (leak.isPresent()) {
            (inMainUnstopped(call, leak.get())
                ? LifecycleMessages.startedInMainWithoutHook(site.library(), "SharedInformerFactory '" + d.get().getNameAsString() + "'")
                : LifecycleMessages.factory(site.library(), leak.get(), FindingText.enclosingTypeName(call))).report(ctx, call);
            return;
          }
          Optional<String> uncalled = stoppedOnlyByUncalledCode(ctx, lifecycle, receiver, d.get(), release,
              e -> isFactoryCreation(ctx, e));
          Optional<String[]> returned = uncalled.isPresent() ? Optional.empty()
              : returnedToFieldStoppedOnlyByUncalledCode(ctx, lifecycle, d.get(), release);
          if (uncalled.isPresent()) {
            LifecycleMessages.stoppedOnlyInUncalledCode(site.library(),
                "SharedInformerFactory '" + d.get().getNameAsString() + "'", uncalled.get()).report(ctx, call);
          } else if (returned.isPresent()) {
            LifecycleMessages.stoppedOnlyInUncalledCode(site.library(),
                "SharedInformerFactory field '" + returned.get()[0] + "'", returned.get()[1]).report(ctx, call);
          } else if (fabric8) {
            reportIfStoppedOnlyOnFresh(ctx, call, "SharedInformerFactory '" + d.get().getNameAsString() + "'");
          } else if (!StartupHooks.fileStopsFactories(ctx.unit())
              && !new StartupHooks(ctx.types()).fileHasShutdownPathThatMayStop(ctx.unit())) {
            reportIfSourcesNeverStop(ctx, call, "SharedInformerFactory '" + d.get().getNameAsString() + "'", site.library());
          }
        }
      }
    }
  }

  /**
   * A start directly in {@code main} of a file with no shutdown path that may stop it, where main hands none of
   * its variables to another source file that has one: the handle is judged
   * like any other (a main that returns, or waits, with nothing that stops what it started, leaves the
   * informers to SIGTERM); a main that ends the JVM after the start still owns nothing.
   */
  private static boolean ownedByMain(RuleContext ctx, MethodCallExpr call) {
    if (!ParkedMain.startsInMain(call)) {
      return false;
    }
    StartupHooks hooks = new StartupHooks(ctx.types());
    return !hooks.fileHasShutdownPathThatMayStop(ctx.unit())
        && call.findAncestor(MethodDeclaration.class)
            .filter(hooks::handsOffToFileThatMayStop).isEmpty();
  }

  /**
   * A factory made in a local that the method returns ({@code SharedInformerFactory f = client.informers(); ..;
   * f.startAllRegisteredInformers(); return f;}), where every caller of that method in the file assigns the
   * result to one private field whose every stop sits in a method nothing runs: the field and those methods.
   * The local may only be called on and returned; the field is judged as any factory field is (no getter, no
   * hand-on, see {@link #stoppedOnlyByUncalledCode}).
   */
  private static Optional<String[]> returnedToFieldStoppedOnlyByUncalledCode(RuleContext ctx, HandleLifecycle lifecycle,
      VariableDeclarator local, Release release) {
    if (!(local.getParentNode().orElse(null) instanceof VariableDeclarationExpr)
        || local.getInitializer().filter(i -> isFactoryCreation(ctx, i)).isEmpty()) {
      return Optional.empty();
    }
    Node body = Scopes.enclosingBody(local);
    if (!(body instanceof MethodDeclaration method) || method.findAncestor(LambdaExpr.class).isPresent()) {
      return Optional.empty();
    }
    boolean returned = false;
    for (NameExpr use : body.findAll(NameExpr.class)) {
      if (!use.getNameAsString().equals(local.getNameAsString()) || !Scopes.refersTo(use, local)) {
        continue;
      }
      Node p = use.getParentNode().orElse(null);
      if (p instanceof ReturnStmt r && r.findAncestor(LambdaExpr.class).filter(method::isAncestorOf).isEmpty()) {
        returned = true;
      } else if (!(p instanceof MethodCallExpr c && c.getScope().filter(s -> s == use).isPresent()
          && !release.releases().contains(c.getNameAsString()))) {
        return Optional.empty();
      }
    }
    if (!returned || referenced(ctx.unit(), method)) {
      return Optional.empty();
    }
    Expression holder = null;
    VariableDeclarator field = null;
    for (MethodCallExpr call : FileNodes.of(ctx.unit(), MethodCallExpr.class)) {
      if (!call.getNameAsString().equals(method.getNameAsString())
          || SourceMethods.forCallInFile(call).filter(m -> m == method).isEmpty()) {
        continue;
      }
      if (!(call.getParentNode().orElse(null) instanceof AssignExpr a) || a.getValue() != call || !isHolder(a.getTarget())) {
        return Optional.empty();
      }
      Optional<VariableDeclarator> target = lifecycle.declaratorOf(a.getTarget())
          .filter(v -> v.getParentNode().orElse(null) instanceof FieldDeclaration);
      if (target.isEmpty() || field != null && target.get() != field) {
        return Optional.empty();
      }
      holder = a.getTarget();
      field = target.get();
    }
    if (field == null) {
      return Optional.empty();
    }
    String name = field.getNameAsString();
    return stoppedOnlyByUncalledCode(ctx, lifecycle, holder, field, release, e -> e.isNullLiteralExpr()
            || e instanceof MethodCallExpr m && SourceMethods.forCallInFile(m).filter(x -> x == method).isPresent())
        .map(methods -> new String[] {name, methods});
  }

  /**
   * A local factory that is only used to make informers and start them, where every informer it made ends up
   * in a field of the class that the class stops ({@code SharedIndexInformer<T> i = factory.sharedIndexInformerFor(..);
   * factory.startAllRegisteredInformers(); return i;} with each caller in the file assigning the result to a field
   * that close() stops): the factory owns nothing but those informers, so stopping each of them releases what it
   * started. A registration whose informer is dropped, kept in a local, or handed to other code (which may or may
   * not stop it), or a factory used any other way, leaves the factory judged as before.
   */
  private static boolean informersKeptByOwners(UncalledStops uncalled, HandleLifecycle lifecycle,
      VariableDeclarator factory) {
    Node body = Scopes.enclosingBody(factory);
    String name = factory.getNameAsString();
    int registrations = 0;
    for (NameExpr use : body.findAll(NameExpr.class)) {
      if (!use.getNameAsString().equals(name) || !Scopes.refersTo(use, factory)) {
        continue;
      }
      if (!(use.getParentNode().orElse(null) instanceof MethodCallExpr call)
          || call.getScope().filter(s -> s == use).isEmpty()) {
        return false;
      }
      String method = call.getNameAsString();
      if (method.equals(LifecycleApis.F8_FACTORY_START) && call.getArguments().isEmpty()) {
        continue;
      }
      if (!LifecycleApis.F8_REGISTRATIONS.contains(method) || !endsInStoppedField(uncalled, lifecycle, call)) {
        return false;
      }
      registrations++;
    }
    return registrations > 0;
  }

  /**
   * The informer {@code made} is assigned to a field, or kept in a local that is only configured
   * ({@code informer.addEventHandler(..)}) and then assigned to a field or returned to callers of the file that
   * all assign it to a field; and the class stops every such field by a direct {@code stop()}/{@code close()}.
   */
  private static boolean endsInStoppedField(UncalledStops uncalled, HandleLifecycle lifecycle, MethodCallExpr made) {
    Node parent = made.getParentNode().orElse(null);
    if (parent instanceof AssignExpr a && a.getValue() == made) {
      return stoppedField(uncalled, lifecycle, a.getTarget());
    }
    if (!(parent instanceof VariableDeclarator local) || !(local.getParentNode().orElse(null) instanceof VariableDeclarationExpr)) {
      return false;
    }
    Node body = Scopes.enclosingBody(local);
    boolean kept = false;
    for (NameExpr use : body.findAll(NameExpr.class)) {
      if (!use.getNameAsString().equals(local.getNameAsString()) || !Scopes.refersTo(use, local)) {
        continue;
      }
      Node p = use.getParentNode().orElse(null);
      if (p instanceof MethodCallExpr c && c.getScope().filter(s -> s == use).isPresent()
          && !LifecycleApis.INFORMER_STOPS.contains(c.getNameAsString())
          && c.getParentNode().filter(ExpressionStmt.class::isInstance).isPresent()) {
        continue; // configured: informer.addEventHandler(handler);
      }
      if (p instanceof AssignExpr a && a.getValue() == use && stoppedField(uncalled, lifecycle, a.getTarget())) {
        kept = true;
      } else if (p instanceof ReturnStmt r && returnedToStoppedFields(uncalled, lifecycle, r)) {
        kept = true;
      } else {
        return false;
      }
    }
    return kept;
  }

  /** Every call in the file of the method that returns the informer assigns it to a field the class stops. */
  private static boolean returnedToStoppedFields(UncalledStops uncalled, HandleLifecycle lifecycle, ReturnStmt r) {
    Optional<MethodDeclaration> method = r.findAncestor(MethodDeclaration.class)
        .filter(m -> r.findAncestor(LambdaExpr.class).filter(m::isAncestorOf).isEmpty());
    Optional<CompilationUnit> unit = r.findCompilationUnit();
    if (method.isEmpty() || unit.isEmpty() || referenced(unit.get(), method.get())) {
      return false;
    }
    int callers = 0;
    for (MethodCallExpr call : FileNodes.of(unit.get(), MethodCallExpr.class)) {
      if (!call.getNameAsString().equals(method.get().getNameAsString())
          || SourceMethods.forCallInFile(call).filter(m -> m == method.get()).isEmpty()) {
        continue;
      }
      if (!(call.getParentNode().orElse(null) instanceof AssignExpr a) || a.getValue() != call
          || !stoppedField(uncalled, lifecycle, a.getTarget())) {
        return false;
      }
      callers++;
    }
    return callers > 0;
  }

  /**
   * A field of this class ({@code x} or {@code this.x}) on which the class calls stop() or close(), in code that
   * may run (not only in methods that nothing calls, see {@link UncalledStops#someStopMayRun}).
   */
  private static boolean stoppedField(UncalledStops uncalled, HandleLifecycle lifecycle, Expression target) {
    if (!isHolder(target)) {
      return false;
    }
    Optional<VariableDeclarator> field = lifecycle.declaratorOf(target)
        .filter(d -> d.getParentNode().orElse(null) instanceof FieldDeclaration);
    Optional<TypeDeclaration> owner = field.flatMap(d -> d.findAncestor(TypeDeclaration.class));
    if (owner.isEmpty()) {
      return false;
    }
    return owner.get().findAll(MethodCallExpr.class).stream().anyMatch(c -> c.getArguments().isEmpty()
        && LifecycleApis.INFORMER_STOPS.contains(c.getNameAsString())
        && c.getScope().map(Expressions::withoutParenthesesAndCasts).filter(InformerNeverStopped::isHolder)
            .flatMap(lifecycle::declaratorOf).filter(d -> d == field.get()).isPresent())
        && uncalled.someStopMayRun(field.get(), LifecycleApis.INFORMER_STOPS);
  }

  /** {@code this::helper} or {@code Owner::helper} in the file: a caller whose use of the result is not seen. */
  private static boolean referenced(CompilationUnit unit, MethodDeclaration method) {
    return FileNodes.of(unit, MethodReferenceExpr.class).stream()
        .anyMatch(r -> r.getIdentifier().equals(method.getNameAsString()));
  }

  /** Kept nowhere or in a local nothing stops, in main: the main message; otherwise the fate's own. */
  private static boolean inMainUnstopped(Node start, Leak leak) {
    return ParkedMain.startsInMain(start)
        && (leak.fate() == Fate.DISCARDED || leak.fate() == Fate.LOCAL_NEVER_RELEASED);
  }

  private static FindingText informerText(RuleContext ctx, MethodCallExpr call, Library library, String started, Leak leak) {
    if (inMainUnstopped(call, leak)) {
      String what = leak.fate() == Fate.LOCAL_NEVER_RELEASED ? "Informer '" + leak.holder() + "'"
          : "The informer started by " + started;
      return LifecycleMessages.startedInMainWithoutHook(library, what);
    }
    return LifecycleMessages.informer(library, started, leak, FindingText.enclosingTypeName(call));
  }

  /**
   * A factory that this code was given, started from startup code: the container runs the hook once
   * and stops nothing on shutdown unless a destroy method or a shutdown path says so. A client-java
   * factory has no close()/shutdown() for Spring to infer; a fabric8 one is not closed either (only its
   * KubernetesClient is, and that is no shutdown path of this code).
   */
  private static void reportIfStartedByHook(RuleContext ctx, Node start, Expression receiver, Library library) {
    StartupHooks hooks = new StartupHooks(ctx.types());
    Optional<String> hook = hooks.hookOf(start);
    if (StartupHooks.fileStopsFactories(ctx.unit()) || hooks.fileHasShutdownPathThatMayStop(ctx.unit())
        || providerMayStop(ctx, hooks, receiver)
        || library == Library.CLIENT_JAVA && ContainerManagers.heldBy(ctx.types(), start)) {
      return;
    }
    if (hook.isEmpty()) {
      // Started by a method others call: only when nothing in the sources can stop a factory at all.
      reportIfSourcesNeverStop(ctx, start, "SharedInformerFactory '" + receiver + "'", library);
      return;
    }
    LifecycleMessages.factoryStartedByHook(library, receiver.toString(), hook.get()).report(ctx, start);
  }

  /**
   * A client-java factory started where the rest of the rule sees an owner elsewhere (a constructor
   * parameter, a getter), in sources that never name a factory stop: nothing can stop it.
   */
  private static void reportIfSourcesNeverStop(RuleContext ctx, Node start, String factory, Library library) {
    if (library == Library.CLIENT_JAVA && UnstoppedProject.neverStopped(ctx.types(), start,
        K8S_INFORMER_FACTORY.substring(K8S_INFORMER_FACTORY.lastIndexOf('.') + 1))) {
      LifecycleMessages.factoryNeverStoppedInSources(factory).report(ctx, start);
    }
  }

  /** The stop side of the new-factory trap: the file's only stops are on fresh client.informers() factories. */
  private static void reportIfStoppedOnlyOnFresh(RuleContext ctx, MethodCallExpr start, String factory) {
    MisdirectedStops.onlyFreshStops(ctx, start)
        .ifPresent(at -> LifecycleMessages.factoryStoppedOnFresh(factory, at).report(ctx, start));
  }

  /** {@code components.informerFactory()}: a factory handed out by a component this code was given. */
  private static boolean isInjectedComponentsFactory(HandleLifecycle lifecycle, Expression receiver) {
    return receiver instanceof MethodCallExpr m && m.getArguments().isEmpty() && m.getScope().isPresent()
        && !m.getNameAsString().equals(LifecycleApis.F8_FACTORY_CREATOR)
        && isHolder(Expressions.withoutParenthesesAndCasts(m.getScope().get()))
        && lifecycle.injected(m.getScope().get());
  }

  /**
   * The component that hands the factory out ({@code components.informerFactory()}) owns it: when its
   * source is analyzed and stops a factory or has a shutdown path, or cannot be found, it may stop it.
   */
  private static boolean providerMayStop(RuleContext ctx, StartupHooks hooks, Expression receiver) {
    if (!(receiver instanceof MethodCallExpr getter)) {
      return false;
    }
    Optional<CompilationUnit> provider = providerType(ctx, getter)
        .flatMap(Node::findCompilationUnit);
    return provider.isEmpty() || StartupHooks.fileStopsFactories(provider.get())
        || hooks.fileHasShutdownPath(provider.get());
  }

  /** The analyzed type that declares the getter (abstract or not), in either mode. */
  private static Optional<TypeDeclaration<?>> providerType(RuleContext ctx, MethodCallExpr getter) {
    if (ctx.types().underlying() instanceof LenientTypeFacts lenient) {
      return getter.getScope().flatMap(lenient::sourceTypeOf);
    }
    return Resolution.attempt(() -> getter.resolve().declaringType().toAst().orElse(null))
        .filter(TypeDeclaration.class::isInstance).map(t -> (TypeDeclaration<?>) t);
  }

  /**
   * {@code executor.execute(factory::startAllRegisteredInformers)}: a start handed to a scheduler,
   * judged as the call it stands for when the factory was given to this code.
   */
  private static void checkStartReference(RuleContext ctx, HandleLifecycle lifecycle, MethodReferenceExpr ref) {
    if (!ref.getIdentifier().equals(LifecycleApis.F8_FACTORY_START)) {
      return;
    }
    String name = ref.getScope() instanceof NameExpr n ? n.getNameAsString()
        : ref.getScope() instanceof TypeExpr t && t.getType().isClassOrInterfaceType()
            && t.getType().asClassOrInterfaceType().getScope().isEmpty()
            ? t.getType().asClassOrInterfaceType().getNameAsString() : null;
    if (name == null) {
      return;
    }
    Optional<VariableRef> ref0 = Scopes.lookup(name, ref);
    Optional<Type> declared = ref0.flatMap(VariableRef::declaration).flatMap(d ->
        d instanceof VariableDeclarator v ? Optional.of(v.getType())
            : d instanceof Parameter p ? Optional.of(p.getType()) : Optional.empty());
    if (declared.isEmpty() || !lifecycle.injected(ref0.get())) {
      return;
    }
    Library library = ctx.types().isA(declared.get(), Set.of(F8_INFORMER_FACTORY)).isYes() ? Library.FABRIC8
        : ctx.types().isA(declared.get(), Set.of(K8S_INFORMER_FACTORY)).isYes() ? Library.CLIENT_JAVA : null;
    if (library != null) {
      reportIfStartedByHook(ctx, ref, new NameExpr(name), library);
    }
  }

  /**
   * A field that would leak if its stops were not there, all of whose stops sit in methods nothing
   * runs ({@code shutdown()} that no source file, hook or container calls): the methods, named.
   */
  private static Optional<String> stoppedOnlyByUncalledCode(RuleContext ctx, HandleLifecycle lifecycle,
      Expression holder, VariableDeclarator field, Release release, Predicate<Expression> isCreation) {
    if (!(field.getParentNode().orElse(null) instanceof FieldDeclaration)) {
      return Optional.empty();
    }
    Release none = new Release(Set.of(), release.requireFinally(), release.clientCloseReleases());
    return lifecycle.ofHolder(holder, none, isCreation).filter(l -> l.fate() == Fate.FIELD_NEVER_RELEASED)
        .flatMap(l -> new UncalledStops(ctx.types()).onlyIn(field, release.releases()));
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

  /**
   * {@code client.pods().inform(h).run()}: fabric8's {@code inform(..)} returns an informer that is already
   * running, so a {@code run()} or {@code start()} chained on it starts nothing new; the informer is judged
   * once, at the {@code inform(..)} call.
   */
  private static boolean startedByInform(RuleContext ctx, Expression receiver) {
    Expression x = Expressions.withoutParenthesesAndCasts(receiver);
    while (x instanceof MethodCallExpr m && m.getScope().isPresent()) {
      if (LifecycleApis.INFORMER_CREATORS.contains(m.getNameAsString())) {
        MethodCallExpr creation = m;
        return CallMatcher.first(LifecycleApis.STARTS, StartSite::matcher, s -> s.matches(creation, ctx.types()))
            .filter(site -> site.started() == LifecycleApis.Started.INFORMER_RESULT).isPresent();
      }
      if (!LifecycleApis.F8_INFORMER_FLUENT.contains(m.getNameAsString())) {
        return false;
      }
      x = Expressions.withoutParenthesesAndCasts(m.getScope().get());
    }
    return false;
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
