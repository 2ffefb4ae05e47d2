package io.github.informerguard.analyzer.rules.resync;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.api.VariableRef;
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
