package io.github.informerguard.analyzer.rules.resync;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.ClassExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
import io.github.informerguard.analyzer.catalog.ApiTypes;
import io.github.informerguard.analyzer.catalog.CallMatcher;
import io.github.informerguard.analyzer.catalog.LifecycleApis;
import io.github.informerguard.analyzer.catalog.ResyncApis;
import io.github.informerguard.analyzer.catalog.ResyncApis.Kind;
import io.github.informerguard.analyzer.catalog.ResyncApis.Site;
import io.github.informerguard.analyzer.fold.ConstantFolder;
import io.github.informerguard.analyzer.fold.Folded;
import io.github.informerguard.analyzer.resolve.Expressions;
import io.github.informerguard.analyzer.resolve.Scopes;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * How the informer a handler is added to was made, as far as the file shows it: the call that
 * created it, the resync period that call gave it, and whether that call also started it. A
 * handler's own period only matters relative to the informer's (both clients, every line the
 * API model holds): with an informer period of 0 no resync check is ever scheduled and every
 * handler's period becomes 0.
 */
final class InformerOrigin {

  private static final int MAX_STEPS = 8;

  /** Calls whose result is a running informer ({@code inform(...)}). */
  private static final List<CallMatcher> STARTS_RESULT = LifecycleApis.STARTS.stream()
      .filter(s -> s.started() == LifecycleApis.Started.INFORMER_RESULT).map(LifecycleApis.StartSite::matcher).toList();

  /**
   * @param period the informer's own resync period, when it folds
   * @param startedAtCreation whether the creating call also started it ({@code inform(...)}, a
   *     chained {@code run()}): a handler period below the informer's is then raised to it
   */
  record Origin(Optional<Folded> period, boolean startedAtCreation) {}

  private InformerOrigin() {}

  /** The origin of {@code receiver}, the informer a handler is added to; empty when the file does not show it. */
  static Optional<Origin> of(Expression receiver, TypeFacts types, ConstantFolder folder) {
    Expression e = receiver;
    boolean started = false;
    Set<Node> seen = new HashSet<>();
    for (int step = 0; step < MAX_STEPS; step++) {
      e = Expressions.withoutParenthesesAndCasts(e);
      if (e instanceof MethodCallExpr call) {
        boolean startsHere = STARTS_RESULT.stream().anyMatch(m -> m.matches(call, types));
        Optional<Site> created = CallMatcher.first(informerSites(ResyncApis.METHODS), Site::matcher,
            m -> m.matches(call, types));
        if (created.isPresent()) {
          return Optional.of(new Origin(created.get().periodArgument(call.getArguments()).flatMap(folder::fold),
              started || startsHere));
        }
        if (startsHere) {
          return Optional.of(new Origin(Optional.of(Folded.of(0L)), true)); // inform() and inform(handler) pass 0
        }
        if (call.getScope().isPresent() && LifecycleApis.F8_INFORMER_FLUENT.contains(call.getNameAsString())) {
          started |= LifecycleApis.INFORMER_SELF_STARTS.contains(call.getNameAsString());
          e = call.getScope().get(); // the same informer, handed back
          continue;
        }
        return Optional.empty();
      }
      if (e instanceof ObjectCreationExpr created) {
        boolean startedOnTheWay = started;
        return CallMatcher.first(informerSites(ResyncApis.CONSTRUCTORS), Site::matcher, m -> m.matches(created, types))
            .map(site -> new Origin(site.periodArgument(created.getArguments()).flatMap(folder::fold), startedOnTheWay));
      }
      if (!(e instanceof NameExpr || e instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr)) {
        return Optional.empty();
      }
      Optional<VariableRef> ref = types.variable(e);
      if (ref.isEmpty() || ref.get().declaration().isEmpty() || !seen.add(ref.get().declaration().get())) {
        return Optional.empty();
      }
      Optional<Expression> value = onlyValue(ref.get());
      if (value.isEmpty()) {
        return Optional.empty();
      }
      e = value.get();
    }
    return Optional.empty();
  }

  /**
   * Whether the class starts the informer named by {@code receiver} ({@code informer.start()},
   * {@code this.informer.run()}) anywhere: the handler may be added after that, when the informer
   * already runs.
   */
  static boolean startedByName(Expression receiver) {
    Expression r = Expressions.withoutParenthesesAndCasts(receiver);
    String name = r instanceof NameExpr n ? n.getNameAsString()
        : r instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr ? f.getNameAsString() : null;
    Optional<TypeDeclaration> owner = r.findAncestor(TypeDeclaration.class);
    if (name == null || owner.isEmpty()) {
      return false;
    }
    return owner.get().findAll(MethodCallExpr.class).stream()
        .anyMatch(c -> LifecycleApis.INFORMER_SELF_STARTS.contains(c.getNameAsString()) && c.getArguments().isEmpty()
            && c.getScope().filter(s -> writes(Expressions.withoutParenthesesAndCasts(s), name)).isPresent());
  }

  /**
   * The API type a client-java controller watch is for: {@code X} of the
   * {@code controllerWatchBuilder(X.class, queue)} call that {@code builderCall} (a call on the
   * builder it returns, {@code withResyncPeriod(...)}) is chained to; empty when the chain does not
   * show it (a builder held in a variable).
   */
  static Optional<String> watchedType(MethodCallExpr builderCall, TypeFacts types) {
    Optional<Expression> scope = builderCall.getScope();
    for (int step = 0; step < MAX_STEPS && scope.isPresent(); step++) {
      if (!(Expressions.withoutParenthesesAndCasts(scope.get()) instanceof MethodCallExpr call)) {
        return Optional.empty();
      }
      if (call.getNameAsString().equals(ResyncApis.CONTROLLER_WATCH_BUILDER_FACTORY)) {
        return call.getArguments().stream().findFirst().flatMap(a -> classLiteral(a, types));
      }
      scope = call.getScope();
    }
    return Optional.empty();
  }

  /** The qualified name (as written when it does not resolve) of the type of {@code X.class}. */
  static Optional<String> classLiteral(Expression e, TypeFacts types) {
    if (!(Expressions.withoutParenthesesAndCasts(e) instanceof ClassExpr c)) {
      return Optional.empty();
    }
    String written = c.getType().asString();
    return Optional.of(types.typeName(written, c).orElse(written));
  }

  /**
   * Whether the file registers a client-java informer for {@code apiType} and every such
   * registration ({@code sharedIndexInformerFor(..., X.class, period)}, {@code new
   * DefaultSharedIndexInformer(X.class, ...)}, {@code @KubernetesInformer(apiTypeClass = X.class)})
   * has a period that folds to 0. A controller watch is added to that informer with
   * {@code addEventHandlerWithResyncPeriod}, which gives the handler the informer's check period
   * and lowers it only to a smaller value, so a positive watch period never runs there
   * (client-java 13 to 24 bytecode; kubernetes-client/java#2219). Any registration with a positive
   * or unknown period, or none in the file, keeps the watch's period in play.
   */
  static boolean registeredOnlyWithZero(RuleContext ctx, String apiType, ConstantFolder folder) {
    TypeFacts types = ctx.types();
    List<Optional<Folded>> periods = new java.util.ArrayList<>();
    for (MethodCallExpr call : ctx.nodes(MethodCallExpr.class)) {
      registration(call.getArguments(), apiType, types, ResyncApis.METHODS, m -> m.matches(call, types))
          .ifPresent(site -> periods.add(site.periodArgument(call.getArguments()).flatMap(folder::fold)));
    }
    for (ObjectCreationExpr created : ctx.nodes(ObjectCreationExpr.class)) {
      registration(created.getArguments(), apiType, types, ResyncApis.CONSTRUCTORS, m -> m.matches(created, types))
          .ifPresent(site -> periods.add(site.periodArgument(created.getArguments()).flatMap(folder::fold)));
    }
    for (AnnotationExpr a : ctx.nodes(AnnotationExpr.class)) {
      springInformerPeriod(a, apiType, types, folder).ifPresent(periods::add);
    }
    return !periods.isEmpty() && periods.stream()
        .allMatch(p -> p.flatMap(ConstantFolder::millis).filter(ms -> ms == 0L).isPresent());
  }

  private static Optional<Site> registration(List<Expression> args, String apiType, TypeFacts types, List<Site> sites,
      java.util.function.Predicate<CallMatcher> matches) {
    if (args.stream().noneMatch(a -> classLiteral(a, types).filter(apiType::equals).isPresent())) {
      return Optional.empty();
    }
    return CallMatcher.first(informerSites(sites), Site::matcher, matches).filter(s -> s.library().equals("client-java"));
  }

  /** {@code @KubernetesInformer(apiTypeClass = X.class, resyncPeriodMillis = p)}: p, 0 when left out (its default). */
  private static Optional<Optional<Folded>> springInformerPeriod(AnnotationExpr a,
      String apiType, TypeFacts types, ConstantFolder folder) {
    if (!(a instanceof NormalAnnotationExpr normal)
        || !a.getName().getIdentifier().equals(ResyncApis.SPRING_INFORMER_SIMPLE_NAME)
        || !types.annotationIs(a, ApiTypes.K8S_SPRING_INFORMER).isYes()) {
      return Optional.empty();
    }
    boolean forType = normal.getPairs().stream().anyMatch(p -> p.getNameAsString().equals(ResyncApis.API_TYPE_ELEMENT)
        && classLiteral(p.getValue(), types).filter(apiType::equals).isPresent());
    if (!forType) {
      return Optional.empty();
    }
    return Optional.of(normal.getPairs().stream()
        .filter(p -> p.getNameAsString().equals(ResyncApis.MILLIS_ANNOTATION_ELEMENT)).findFirst()
        .map(p -> folder.fold(p.getValue())).orElse(Optional.of(Folded.of(0L))));
  }

  private static List<Site> informerSites(List<Site> sites) {
    return sites.stream().filter(s -> s.kind() == Kind.INFORMER_RESYNC).toList();
  }

  /**
   * The one value a local or field ever holds: its initializer when nothing writes it again, or
   * the single plain assignment in its body (a local) or class (a private field) when it has no
   * initializer. Parameters and fields that other classes may write have no such value.
   */
  private static Optional<Expression> onlyValue(VariableRef v) {
    Node declaration = v.declaration().get();
    if (v.kind() == VariableRef.Kind.PARAMETER) {
      return Optional.empty();
    }
    if (v.initializer().isPresent()) {
      return Scopes.isReassigned(v, declaration) ? Optional.empty() : v.initializer();
    }
    Node region;
    if (v.kind() == VariableRef.Kind.FIELD) {
      boolean privateOrFinal = v.isFinal() || declaration.findAncestor(com.github.javaparser.ast.body.FieldDeclaration.class)
          .filter(com.github.javaparser.ast.body.FieldDeclaration::isPrivate).isPresent();
      Optional<TypeDeclaration> owner = declaration.findAncestor(TypeDeclaration.class);
      if (!privateOrFinal || owner.isEmpty()) {
        return Optional.empty();
      }
      region = owner.get();
    } else {
      region = Scopes.enclosingBody(declaration);
    }
    List<AssignExpr> writes = region.findAll(AssignExpr.class).stream()
        .filter(a -> writes(a.getTarget(), v.name()))
        .toList();
    if (writes.size() != 1 || writes.get(0).getOperator() != AssignExpr.Operator.ASSIGN) {
      return Optional.empty();
    }
    return Optional.of(writes.get(0).getValue());
  }

  private static boolean writes(Expression target, String name) {
    return target instanceof NameExpr n && n.getNameAsString().equals(name)
        || target instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr && f.getNameAsString().equals(name);
  }
}
