package io.github.informerguard.analyzer.resolve;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import io.github.informerguard.analyzer.model.ApiModel;
import java.util.Optional;

/** Resolves a type name written in source to a qualified name, from the file's own declarations and imports. */
public final class TypeNames {

  private final SourceTypes sources;

  public TypeNames(SourceTypes sources) {
    this.sources = sources;
  }

  /** The qualified name that {@code written} (simple or qualified) denotes at {@code context}. */
  public Optional<String> resolve(String written, Node context) {
    Optional<CompilationUnit> cu = context.findCompilationUnit();
    if (cu.isEmpty()) {
      return Optional.empty();
    }
    String first = written.contains(".") ? written.substring(0, written.indexOf('.')) : written;
    String rest = written.substring(first.length());
    if (!first.isEmpty() && Character.isLowerCase(first.charAt(0)) && written.contains(".")) {
      return Optional.of(written); // already qualified: pkg.Type
    }
    return resolveSimple(first, cu.get(), context).map(q -> q + rest);
  }

  private Optional<String> resolveSimple(String simple, CompilationUnit cu, Node context) {
    // Types declared in this file, innermost first.
    Optional<Node> n = Optional.of(context);
    while (n.isPresent()) {
      if (n.get() instanceof TypeDeclaration<?> t) {
        if (t.getNameAsString().equals(simple)) {
          return t.getFullyQualifiedName();
        }
        for (var member : t.getMembers()) {
          if (member instanceof TypeDeclaration<?> inner && inner.getNameAsString().equals(simple)) {
            return inner.getFullyQualifiedName();
          }
        }
      }
      n = n.get().getParentNode();
    }
    for (TypeDeclaration<?> t : cu.getTypes()) {
      if (t.getNameAsString().equals(simple)) {
        return t.getFullyQualifiedName();
      }
    }
    for (ImportDeclaration imp : cu.getImports()) {
      if (!imp.isStatic() && !imp.isAsterisk() && imp.getName().getIdentifier().equals(simple)) {
        return Optional.of(imp.getNameAsString());
      }
    }
    String pkg = cu.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
    String samePackage = pkg.isEmpty() ? simple : pkg + "." + simple;
    if (sources.find(samePackage).isPresent()) {
      return Optional.of(samePackage);
    }
    for (ImportDeclaration imp : cu.getImports()) {
      if (!imp.isStatic() && imp.isAsterisk()) {
        String candidate = imp.getNameAsString() + "." + simple;
        if (sources.find(candidate).isPresent()) {
          return Optional.of(candidate);
        }
        Optional<String> known = ApiModel.get().typeInPackage(imp.getNameAsString(), simple);
        if (known.isPresent()) {
          return known;
        }
        if (imp.getNameAsString().startsWith("java.") && JdkTypes.exists(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    if (!simple.isEmpty() && Character.isUpperCase(simple.charAt(0)) && JdkTypes.exists("java.lang." + simple)) {
      return Optional.of("java.lang." + simple);
    }
    return Optional.empty();
  }

  /** Whether {@code simple} written in {@code context} denotes the JDK type {@code qualified}. */
  public boolean denotes(String written, Node context, String qualified) {
    if (written.equals(qualified)) {
      return true;
    }
    return resolve(written, context).map(qualified::equals).orElse(false);
  }
}
