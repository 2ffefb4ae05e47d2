package io.github.informerguard.analyzer.resolve;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The folders of a jar that hold class files, and the class files at its root, as the jar's
 * central directory lists them: enough to tell, without opening the jar again, that a type or a
 * class cannot be in it. A precise run looks most names up in a few of its ~100 jars; the others
 * need not be opened at all (opening one reads and hashes every entry name).
 *
 * <p>Both questions are answered as the readers that would open the jar see it, so that leaving
 * a jar closed never changes an answer: JavaParser's {@code JarTypeSolver} knows a type by its
 * entry path with {@code /} and {@code $} turned into dots ({@code a/b/C$D.class} is
 * {@code a.b.C.D}), so a type can only be in the jar when a proper prefix of its name is such a
 * folder; javassist looks a binary class name {@code a.b.C$D} up as the entry
 * {@code a/b/C$D.class}.
 */
public final class JarContents {

  private static final String CLASS = ".class";

  /** Every folder holding a {@code .class} entry, {@code /} turned into dots ({@code a.b}). */
  private final Set<String> folders;
  /** The class entries at the root, without {@code .class} ({@code module-info}). */
  private final Set<String> rootClasses;
  /** {@link #folders} with {@code $} turned into dots too, as JavaParser names the types in them. */
  private final Set<String> typePackages = new HashSet<>();
  private final Set<String> rootTypes = new HashSet<>();

  public JarContents(Set<String> folders, Set<String> rootClasses) {
    this.folders = Set.copyOf(folders);
    this.rootClasses = Set.copyOf(rootClasses);
    folders.forEach(f -> typePackages.add(f.replace('$', '.')));
    rootClasses.forEach(c -> rootTypes.add(c.replace('$', '.')));
  }

  /** Reads the jar's central directory (the one costly step this class exists to do once). */
  public static JarContents read(Path jar) throws IOException {
    Set<String> folders = new HashSet<>();
    Set<String> root = new HashSet<>();
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
        String name = e.nextElement().getName();
        if (!name.endsWith(CLASS)) {
          continue;
        }
        int slash = name.lastIndexOf('/');
        if (slash < 0) {
          root.add(name.substring(0, name.length() - CLASS.length()));
        } else {
          folders.add(name.substring(0, slash).replace('/', '.'));
        }
      }
    }
    return new JarContents(folders, root);
  }

  public Set<String> folders() {
    return folders;
  }

  public Set<String> rootClasses() {
    return rootClasses;
  }

  /** Whether JavaParser's jar solver could know the type {@code a.b.C.D} (nested types with dots). */
  public boolean mayHoldType(String name) {
    if (rootTypes.contains(name)) {
      return true;
    }
    for (int dot = name.indexOf('.'); dot > 0; dot = name.indexOf('.', dot + 1)) {
      if (typePackages.contains(name.substring(0, dot))) {
        return true;
      }
    }
    return false;
  }

  /** Whether javassist could find the class {@code a.b.C$D} (a binary name) in the jar. */
  public boolean mayHoldClass(String binaryName) {
    int dot = binaryName.lastIndexOf('.');
    return dot < 0 ? rootClasses.contains(binaryName) : folders.contains(binaryName.substring(0, dot));
  }

  /** Whether the jar is a named module, which JavaParser's jar solver consults for module lookups. */
  public boolean hasModuleInfo() {
    return rootClasses.contains("module-info");
  }
}
