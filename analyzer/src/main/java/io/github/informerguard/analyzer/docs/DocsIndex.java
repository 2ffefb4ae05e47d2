package io.github.informerguard.analyzer.docs;

import io.github.informerguard.analyzer.api.RuleDescriptor;
import java.util.List;

/** Renders {@code docs/rules/README.md}, the rule index, from the descriptors. */
public final class DocsIndex {

  private DocsIndex() {}

  public static String render(List<RuleDescriptor> descriptors) {
    StringBuilder sb = new StringBuilder();
    sb.append("# informer-guard rules\n\n");
    sb.append("Generated from the rule descriptors (`RuleCatalogTest` checks that this page is current;\n");
    sb.append("run `mvn -pl analyzer test -Dtest=RuleCatalogTest -Dinformerguard.updateDocs=true` to regenerate).\n\n");
    sb.append("| Rule | Family | Default severity | Flags |\n|---|---|---|---|\n");
    for (RuleDescriptor d : descriptors) {
      sb.append("| [").append(d.id()).append("](").append(d.id()).append(".md) | ")
          .append(d.family().label()).append(" | ").append(d.defaultSeverity().id()).append(" | ")
          .append(d.summary().replace("|", "\\|")).append(" |\n");
    }
    sb.append("\nSuppress one rule with `@SuppressWarnings(\"informer-guard:<RuleId>\")` on a declaration, ");
    sb.append("or all rules with `@SuppressWarnings(\"informer-guard\")`.\n");
    return sb.toString();
  }
}
