package io.github.informerguard.analyzer.rules;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import io.github.informerguard.analyzer.api.RuleContext;
import io.github.informerguard.analyzer.api.Severity;

/**
 * A finding's text as DESIGN.md splits it: a one-sentence message that names what was found and
 * its specifics, and a detail with the mechanics and the fix. Message builders return one so that
 * the two parts cannot be swapped at a report call.
 */
public record FindingText(String message, String detail) {

  private static final int MAX_CODE = 80;

  /** Source text as a message quotes it: on one line and at most 80 characters. */
  public static String shorten(String code) {
    String flat = code.replaceAll("\\s+", " ").trim();
    return flat.length() <= MAX_CODE ? flat : flat.substring(0, MAX_CODE - 3) + "...";
  }

  /** The name of the class that holds {@code n}, as messages name the owner of a handle. */
  public static String enclosingTypeName(Node n) {
    return n.findAncestor(TypeDeclaration.class).map(t -> ((TypeDeclaration<?>) t).getNameAsString()).orElse("the class");
  }

  public void report(RuleContext ctx, Node at) {
    ctx.report(at, message, detail);
  }

  public void report(RuleContext ctx, Node at, Severity severity) {
    ctx.report(at, severity, message, detail);
  }
}
