package io.github.informerguard.analyzer.rules.resync;

import static io.github.informerguard.analyzer.catalog.ApiTypes.JOSDK_CONTROLLER_CONFIGURATION;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MemberValuePair;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import io.github.informerguard.analyzer.rules.CatalogRule;
import io.github.informerguard.analyzer.api.Family;
import io.github.informerguard.analyzer.api.OptionType;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.api.RuleDescriptor;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.catalog.CallMatcher;
import io.github.informerguard.analyzer.catalog.ResyncApis;
import io.github.informerguard.analyzer.catalog.ResyncApis.Kind;
import io.github.informerguard.analyzer.catalog.ResyncApis.Site;
import io.github.informerguard.analyzer.catalog.ResyncApis.Unit;
import io.github.informerguard.analyzer.fold.ConstantFolder;
import io.github.informerguard.analyzer.fold.Folded;
import io.github.informerguard.analyzer.rules.FindingText;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Flags resync periods (and JOSDK maximum reconciliation intervals) that resolve to a constant
 * below the policy minimum, negative periods, and sub-second periods that look like seconds
 * passed as milliseconds. Docs: docs/rules/ShortResyncPeriod.md.
 */
public final class ShortResyncPeriod extends CatalogRule {

  /** The library names judge() hands the messages: JOSDK 3.0's annotation names its interval differently. */
  static final String JOSDK = "JOSDK";
  static final String JOSDK_3_0 = "JOSDK 3.0";

  public static final String ID = "ShortResyncPeriod";
  public static final String MINIMUM_PERIOD = "minimumPeriod";
  public static final String MINIMUM_RECONCILIATION_INTERVAL = "minimumReconciliationInterval";
  static final Duration DEFAULT_MINIMUM = Duration.ofMinutes(5);

  public ShortResyncPeriod() {
    super(new RuleDescriptor(
        ID,
        "Hardcoded informer resync period (or JOSDK maxReconciliationInterval) below the minimum, negative, or sub-second",
        Severity.WARNING,
        Family.RESYNC,
        "0.1.0",
        ResyncApis.TRIGGER_WORDS,
        Map.of(MINIMUM_PERIOD, OptionType.DURATION, MINIMUM_RECONCILIATION_INTERVAL, OptionType.DURATION),
        Map.of(Severity.INFO, "for a hardcoded configuration default (a property's fallback value)")),
        MethodCallExpr.class, ObjectCreationExpr.class, AnnotationExpr.class, ClassOrInterfaceDeclaration.class);
  }

  @Override
  public void check(RuleContext ctx) {
    ConstantFolder folder = new ConstantFolder(ctx.types());
    for (MethodCallExpr call : ctx.nodes(MethodCallExpr.class)) {
      CallMatcher.first(ResyncApis.METHODS, Site::matcher, m -> m.matches(call, ctx.types()))
          .ifPresent(site -> site.periodArgument(call.getArguments()).ifPresent(arg -> {
            if (site.kind() == Kind.HANDLER_RESYNC && call.getNameAsString().equals(ResyncApis.ADD_HANDLER_WITH_PERIOD)) {
              handlerPeriod(ctx, folder, call, arg, site);
            } else if (site.kind() == Kind.HANDLER_RESYNC && InformerOrigin.watchedType(call, ctx.types())
                .filter(t -> InformerOrigin.registeredOnlyWithZero(ctx, t, folder)).isPresent()) {
              return; // a controller watch on an informer registered with resync 0: its period never runs
            } else {
              evaluate(ctx, folder, call, arg, site.unit(), site.kind(), site.library());
            }
          }));
    }
    for (ObjectCreationExpr created : ctx.nodes(ObjectCreationExpr.class)) {
      CallMatcher.first(ResyncApis.CONSTRUCTORS, Site::matcher, m -> m.matches(created, ctx.types()))
          .ifPresent(site -> site.periodArgument(created.getArguments())
              .ifPresent(arg -> evaluate(ctx, folder, created, arg, site.unit(), site.kind(), site.library())));
    }
    for (AnnotationExpr annotation : ctx.nodes(AnnotationExpr.class)) {
      checkAnnotation(ctx, folder, annotation);
    }
    for (ClassOrInterfaceDeclaration type : ctx.nodes(ClassOrInterfaceDeclaration.class)) {
      checkImplementations(ctx, folder, type);
    }
  }

  /**
   * {@code informer.addEventHandlerWithResyncPeriod(handler, period)}: judged only where the period
   * given is the one that runs, which depends on the informer (the same code on fabric8 4.13, 5.12,
   * 6.13, 7.x and 8.0, and on client-java 13 to 24). An informer made with period 0 never schedules
   * a resync check, so every handler's period becomes 0. A period below the informer's is raised to
   * it once the informer runs (fabric8: {@code inform(...)} started it); before start, fabric8 lowers
   * the informer's check to the handler's. client-java gives every handler the informer's period
   * whatever it asks for (kubernetes-client/java#2219). Where the informer's own period is what
   * runs, its creating call is the finding; where the file does not show how the informer was made
   * or its period does not fold, whether the handler's period ever applies is unknown: no finding.
   * An informer that the class starts by name somewhere ({@code informer.start()}) counts as running,
   * since the order of the two calls is not followed.
   */
  private void handlerPeriod(RuleContext ctx, ConstantFolder folder, MethodCallExpr call, Expression arg, Site site) {
    if (!site.library().equals("fabric8") || call.getScope().isEmpty()) {
      return;
    }
    Optional<InformerOrigin.Origin> origin = InformerOrigin.of(call.getScope().get(), ctx.types(), folder);
    Optional<Long> informerPeriod = origin.flatMap(InformerOrigin.Origin::period).flatMap(ConstantFolder::millis);
    if (informerPeriod.isEmpty() || informerPeriod.get() <= 0) {
      return; // 0: no resync check ever runs; negative: the informer's creation throws (reported there)
    }
    long informer = informerPeriod.get();
    boolean started = origin.get().startedAtCreation() || InformerOrigin.startedByName(call.getScope().get());
    folder.alternatives(arg).ifPresent(values -> {
      List<Folded> effective = new ArrayList<>();
      for (Folded v : values) {
        Optional<Long> ms = ConstantFolder.millis(v);
        if (ms.isEmpty()) {
          return;
        }
        // <= 0 takes the informer's period; so does a shorter one on a running informer: not this call's value
        boolean informersOwn = ms.get() <= 0 || started && ms.get() < informer;
        effective.add(informersOwn ? v.with(0L) : v);
      }
      judge(ctx, call, effective, site.unit(), site.kind(), site.library());
    });
  }

  /**
   * {@code class PodWatch implements ControllerWatch<V1Pod> { Duration getResyncPeriod() { return ...; } }}:
   * the period is what the method returns, when every return folds.
   */
  private void checkImplementations(RuleContext ctx, ConstantFolder folder, ClassOrInterfaceDeclaration type) {
    if (type.isInterface()) {
      return;
    }
    for (ResyncApis.Implemented impl : ResyncApis.IMPLEMENTED) {
      boolean implementsIt = type.getImplementedTypes().stream()
          .anyMatch(t -> ctx.types().isA(t, java.util.Set.of(impl.owner())).isYes());
      if (!implementsIt) {
        continue;
      }
      if (resourceClass(type, ctx).filter(t -> InformerOrigin.registeredOnlyWithZero(ctx, t, folder))
          .isPresent()) {
        continue; // as for a built watch: added to an informer registered with resync 0, its period never runs
      }
      for (MethodDeclaration m : type.getMethodsByName(impl.method())) {
        if (!m.getParameters().isEmpty() || m.getBody().isEmpty()) {
          continue;
        }
        List<ReturnStmt> returns = m.getBody().get().findAll(ReturnStmt.class).stream()
            .filter(r -> r.findAncestor(MethodDeclaration.class).filter(x -> x == m).isPresent()).toList();
        List<Folded> values = new ArrayList<>();
        for (ReturnStmt r : returns) {
          Optional<List<Folded>> folded = r.getExpression().flatMap(folder::alternatives);
          if (folded.isEmpty()) {
            values = null;
            break;
          }
          values.addAll(folded.get());
        }
        if (values != null && !values.isEmpty()) {
          judge(ctx, m, values, impl.unit(), impl.kind(), impl.library());
        }
      }
    }
  }

  /** The type a ControllerWatch implementation watches, when {@code getResourceClass()} only returns {@code X.class}. */
  private static Optional<String> resourceClass(ClassOrInterfaceDeclaration type, RuleContext ctx) {
    List<MethodDeclaration> methods = type.getMethodsByName(ResyncApis.RESOURCE_CLASS_METHOD).stream()
        .filter(m -> m.getParameters().isEmpty() && m.getBody().isPresent()).toList();
    if (methods.size() != 1) {
      return Optional.empty();
    }
    List<ReturnStmt> returns = methods.get(0).getBody().get().findAll(ReturnStmt.class);
    if (returns.size() != 1 || returns.get(0).getExpression().isEmpty()) {
      return Optional.empty();
    }
    return InformerOrigin.classLiteral(returns.get(0).getExpression().get(), ctx.types());
  }

  private void checkAnnotation(RuleContext ctx, ConstantFolder folder, AnnotationExpr annotation) {
    // Resolving every annotation (@Override, @JsonProperty, ...) is costly; only these names can match.
    if (!(annotation instanceof NormalAnnotationExpr normal)
        || !ResyncApis.ANNOTATION_SIMPLE_NAMES.contains(annotation.getName().getIdentifier())) {
      return;
    }
    for (String springAnnotation : ResyncApis.MILLIS_ANNOTATIONS) {
      if (ctx.types().annotationIs(annotation, springAnnotation).isYes()) {
        member(normal, ResyncApis.MILLIS_ANNOTATION_ELEMENT).ifPresent(value ->
            evaluate(ctx, folder, element(value, annotation), value, Unit.MILLIS, Kind.INFORMER_RESYNC, "client-java"));
        return;
      }
    }
    if (ctx.types().annotationIs(annotation, JOSDK_CONTROLLER_CONFIGURATION).isYes()) {
      // The element as JOSDK 3.1 and later name it, then as 3.0 did: the library name picks the message's words.
      for (String[] element : new String[][] {{ResyncApis.JOSDK_INTERVAL_ELEMENT, JOSDK},
          {ResyncApis.JOSDK_3_0_INTERVAL_ELEMENT, JOSDK_3_0}}) {
        member(normal, element[0])
            .filter(NormalAnnotationExpr.class::isInstance)
            .map(NormalAnnotationExpr.class::cast)
            .ifPresent(interval -> checkMaxReconciliationInterval(ctx, folder, interval, element[1]));
      }
    }
  }

  /** {@code @MaxReconciliationInterval(interval = N, timeUnit = TimeUnit.X)}; the unit defaults to HOURS. */
  private void checkMaxReconciliationInterval(RuleContext ctx, ConstantFolder folder, NormalAnnotationExpr interval,
      String library) {
    Optional<Expression> amount = member(interval, "interval");
    if (amount.isEmpty()) {
      return; // JOSDK's default, 10 hours
    }
    TimeUnit unit = TimeUnit.HOURS;
    Optional<Expression> unitExpr = member(interval, "timeUnit");
    if (unitExpr.isPresent()) {
      Optional<Folded> u = folder.fold(unitExpr.get());
      if (u.isEmpty() || !(u.get().value() instanceof TimeUnit tu)) {
        return;
      }
      unit = tu;
    }
    Optional<Folded> n = folder.fold(amount.get());
    if (n.isEmpty() || !n.get().isIntegral()) {
      return;
    }
    long millis = unit.toMillis(((Number) n.get().value()).longValue());
    judge(ctx, element(amount.get(), interval), List.of(new Folded(millis, n.get().configDefault())), Unit.DURATION,
        Kind.RECONCILIATION_INTERVAL, library);
  }

  /** The {@code name = value} pair that holds {@code value}: findings are shown at the element. */
  private static Node element(Expression value, AnnotationExpr annotation) {
    return value.getParentNode().filter(MemberValuePair.class::isInstance).orElse(annotation);
  }

  private static Optional<Expression> member(NormalAnnotationExpr a, String name) {
    return a.getPairs().stream().filter(p -> p.getNameAsString().equals(name))
        .map(MemberValuePair::getValue).findFirst();
  }

  private void evaluate(RuleContext ctx, ConstantFolder folder, Node at, Expression arg, Unit unit,
      Kind kind, String library) {
    folder.alternatives(arg).ifPresent(values -> judge(ctx, at, values, unit, kind, library));
  }

  /**
   * Reports when every non-disabled value the argument can take is a violation (for a ternary
   * with a runtime condition, both branches must be), so that a configurable choice between a
   * short and a sane period is not flagged.
   */
  private void judge(RuleContext ctx, Node at, List<Folded> values, Unit unit, Kind kind, String library) {
    List<Long> millis = new ArrayList<>();
    boolean configDefault = false;
    for (Folded f : values) {
      Optional<Long> ms = ConstantFolder.millis(f);
      if (ms.isEmpty()) {
        return;
      }
      millis.add(ms.get());
      configDefault |= f.configDefault();
    }
    Duration minimum = kind == Kind.RECONCILIATION_INTERVAL
        ? ctx.settings().duration(MINIMUM_RECONCILIATION_INTERVAL, DEFAULT_MINIMUM)
        : ctx.settings().duration(MINIMUM_PERIOD, DEFAULT_MINIMUM);
    // JOSDK disables the interval with any value <= 0; the informers only with exactly 0.
    List<Long> active = millis.stream()
        .filter(v -> kind == Kind.RECONCILIATION_INTERVAL ? v > 0 : v != 0)
        .toList();
    if (active.isEmpty() || !active.stream().allMatch(v -> v < minimum.toMillis())) {
      return;
    }
    long shown = active.stream().mapToLong(Long::longValue).min().getAsLong();
    Optional<String> shippedIn = values.stream().map(Folded::shipped).flatMap(Optional::stream).findFirst();
    FindingText text = ResyncMessages.message(shown, minimum, unit, kind, library, configDefault, shippedIn);
    if (configDefault) {
      text.report(ctx, at, Severity.INFO);
    } else {
      text.report(ctx, at);
    }
  }
}
