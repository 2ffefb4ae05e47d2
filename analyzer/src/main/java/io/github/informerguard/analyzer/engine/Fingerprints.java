package io.github.informerguard.analyzer.engine;

import com.github.javaparser.JavaToken;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import io.github.informerguard.analyzer.api.Finding;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A finding's stable identity (DESIGN.md, {@code fingerprint}): the rule id, the file as its
 * package path, the enclosing type and member, and the offending node's tokens without
 * whitespace and comments. Lines are left out on purpose, so adding code above a finding, moving
 * it within its member or reformatting it keeps the fingerprint; the baseline and SARIF's
 * {@code partialFingerprints} depend on that.
 */
public final class Fingerprints {

  private static final int HEX_CHARS = 32;

  private Fingerprints() {}

  /** The fingerprint of a finding of {@code ruleId} on {@code node} of the file at {@code file}. */
  public static String of(String ruleId, Path file, Node node) {
    String identity = String.join("\u0000", ruleId, packagePath(node, file),
        enclosingDeclarations(node), normalizedText(node));
    return sha256(identity).substring(0, HEX_CHARS);
  }

  /**
   * Gives findings that would share a fingerprint (the same call twice in one method) their
   * order of appearance as a suffix, {@code -2}, {@code -3}, so each stays one baseline entry.
   */
  public static List<Finding> disambiguate(List<Finding> findings) {
    Map<String, Integer> seen = new HashMap<>();
    Set<String> repeated = new HashSet<>();
    for (Finding f : findings) {
      if (seen.merge(f.fingerprint(), 1, Integer::sum) > 1) {
        repeated.add(f.fingerprint());
      }
    }
    if (repeated.isEmpty()) {
      return findings;
    }
    seen.clear();
    List<Finding> out = new ArrayList<>(findings.size());
    for (Finding f : findings.stream().sorted(Finding.ORDER).toList()) {
      if (!repeated.contains(f.fingerprint())) {
        out.add(f);
        continue;
      }
      int n = seen.merge(f.fingerprint(), 1, Integer::sum);
      out.add(n == 1 ? f : f.withFingerprint(f.fingerprint() + "-" + n));
    }
    return out;
  }

  /** {@code io/x/Foo.java} from the package declaration, so checkouts in any folder agree. */
  private static String packagePath(Node node, Path file) {
    String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
    return node.findCompilationUnit()
        .flatMap(cu -> cu.getPackageDeclaration())
        .map(p -> p.getNameAsString().replace('.', '/') + "/" + name)
        .orElse(name);
  }

  /**
   * The declarations that hold the node, outermost first: types, anonymous classes ({@code $}
   * and the type they implement), methods and constructors by name and parameter types (not
   * parameter names), fields by their variables, initializer blocks by kind. The node itself
   * counts when it is a declaration (an {@code onClose} method).
   */
  private static String enclosingDeclarations(Node node) {
    LinkedList<String> names = new LinkedList<>();
    Optional<Node> p = Optional.of(node);
    while (p.isPresent()) {
      Node n = p.get();
      if (n instanceof TypeDeclaration<?> t) {
        names.addFirst(t.getNameAsString());
      } else if (n instanceof ObjectCreationExpr created && created.getAnonymousClassBody().isPresent() && n != node) {
        names.addFirst("$" + created.getType().getNameAsString());
      } else if (n instanceof CallableDeclaration<?> c) {
        names.addFirst(c.getNameAsString() + c.getParameters().stream()
            .map(Parameter::getTypeAsString).collect(Collectors.joining(",", "(", ")")));
      } else if (n instanceof FieldDeclaration field) {
        names.addFirst(field.getVariables().stream().map(VariableDeclarator::getNameAsString)
            .collect(Collectors.joining(",")));
      } else if (n instanceof InitializerDeclaration init) {
        names.addFirst(init.isStatic() ? "<clinit>" : "<init>");
      }
      p = n.getParentNode();
    }
    return String.join("/", names);
  }

  private static String normalizedText(Node node) {
    return node.getTokenRange().map(tokens -> {
      StringBuilder text = new StringBuilder();
      for (JavaToken t : tokens) {
        if (!t.getCategory().isWhitespaceOrComment()) {
          text.append(t.getText()).append(' ');
        }
      }
      return text.toString();
    }).orElseGet(node::toString);
  }

  private static String sha256(String text) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      StringBuilder hex = new StringBuilder(digest.length * 2);
      for (byte b : digest) {
        hex.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
      }
      return hex.toString();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
