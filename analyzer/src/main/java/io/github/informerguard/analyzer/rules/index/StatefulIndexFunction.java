package io.github.informerguard.analyzer.rules.index;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import io.github.informerguard.analyzer.rules.CatalogRule;
import io.github.informerguard.analyzer.api.Family;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.catalog.CallMatcher;
import io.github.informerguard.analyzer.catalog.IndexerApis;
import io.github.informerguard.analyzer.catalog.IndexerApis.Shape;
import io.github.informerguard.analyzer.catalog.IndexerApis.Site;
import io.github.informerguard.analyzer.fold.ConstantFolder;
import io.github.informerguard.analyzer.fold.Folded;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Flags index functions registered with an informer, indexer or cache that write shared or
 * captured state, mutate the object they index, are non-deterministic, or call the Kubernetes
 * API or do I/O, and cache key functions ({@code new Cache<>(name, indexFn, keyFn)},
 * {@code new CacheImpl<>(...)}) with the same hazards or a key derived from the object's identity.
 * Docs: docs/rules/StatefulIndexFunction.md.
 */
public final class StatefulIndexFunction extends CatalogRule {

  public static final String ID = "StatefulIndexFunction";

  public StatefulIndexFunction() {
    super(warning(ID, Family.INDEX_FUNCTIONS,
        "Index function that writes shared state, mutates the indexed object, is non-deterministic, or does I/O / API calls",
        IndexerApis.TRIGGER_WORDS), MethodCallExpr.class, ObjectCreationExpr.class);
  }

  @Override
  public void check(RuleContext ctx) {
    IndexFunctions functions = new IndexFunctions(ctx.types());
    PurityScanner scanner = new PurityScanner(ctx.types());
    ConstantFolder folder = new ConstantFolder(ctx.types());
    Set<Node> reported = Collections.newSetFromMap(new IdentityHashMap<>());
    for (MethodCallExpr call : ctx.nodes(MethodCallExpr.class)) {
      CallMatcher.first(IndexerApis.METHODS, Site::matcher, m -> m.matches(call, ctx.types()))
          .ifPresent(site -> inspect(ctx, functions, scanner, folder, reported, site, call, call.getArguments()));
    }
    for (ObjectCreationExpr created : ctx.nodes(ObjectCreationExpr.class)) {
      CallMatcher.first(IndexerApis.CONSTRUCTORS, Site::matcher, m -> m.matches(created, ctx.types()))
          .ifPresent(site -> inspect(ctx, functions, scanner, folder, reported, site, created, created.getArguments()));
    }
  }

  private void inspect(RuleContext ctx, IndexFunctions functions, PurityScanner scanner, ConstantFolder folder,
      Set<Node> reported, Site site, Node registration, List<Expression> args) {
    for (int position : site.positions()) {
      Expression arg = args.get(position);
      List<IndexFunctions.Passed> passed = site.shape() == Shape.MAP
          ? functions.mapEntries(arg, registration)
          : List.of(new IndexFunctions.Passed(arg, position == 1 ? Optional.of(args.get(0)) : Optional.empty(), arg));
      boolean keyFunction = site.isKeyFunction(position);
      for (IndexFunctions.Passed p : passed) {
        if (reported.contains(p.anchor())) {
          continue;
        }
        Optional<PurityScanner.Hazard> hazard = functions.body(p.value())
            .flatMap(b -> scanner.firstHazard(b, keyFunction));
        if (hazard.isPresent()) {
          reported.add(p.anchor());
          Optional<String> name = p.key().flatMap(folder::fold).map(Folded::value)
              .filter(String.class::isInstance).map(String.class::cast);
          IndexMessages.Text text = keyFunction
              ? IndexMessages.keyMessage(p.anchor(), hazard.get(), site.library())
              : IndexMessages.message(p.anchor(), name, hazard.get(), site.library());
          ctx.report(p.anchor(), text.message(), text.detail());
        }
      }
    }
  }
}
