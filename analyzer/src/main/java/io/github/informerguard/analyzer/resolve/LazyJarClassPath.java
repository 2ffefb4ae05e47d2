package io.github.informerguard.analyzer.resolve;

import java.io.File;
import java.io.InputStream;
import java.net.URL;
import javassist.ClassPath;
import javassist.ClassPool;
import javassist.NotFoundException;

/**
 * A jar on javassist's class path that is opened only when a class is looked up in one of its
 * folders ({@link JarContents}); until then it answers "not here", which is what the opened jar
 * would answer. Kept in its place on the pool's path, so the search order is the classpath's.
 *
 * <p>Thread-safe: the jar is opened once, under this object's lock.
 */
final class LazyJarClassPath implements ClassPath {

  /** {@code -Dinformerguard.lazyJars=false} opens every jar up front (for measuring; same results). */
  static final boolean LAZY = !"false".equals(System.getProperty("informerguard.lazyJars"));

  private final String jar;
  private final JarContents contents;
  /** Guarded by this; null until a lookup needs the jar. */
  private ClassPath opened;
  /** Guarded by this. */
  private boolean unusable;

  LazyJarClassPath(String jar, JarContents contents) {
    this.jar = jar;
    this.contents = contents;
  }

  /** The entries javassist itself treats as jars (see {@code ClassPoolTail.makePathObject}). */
  static boolean isJar(String entry) {
    String lower = entry.toLowerCase(java.util.Locale.ROOT);
    return (lower.endsWith(".jar") || lower.endsWith(".zip")) && new File(entry).isFile();
  }

  @Override
  public InputStream openClassfile(String classname) throws NotFoundException {
    ClassPath path = contents.mayHoldClass(classname) ? open() : null;
    return path == null ? null : path.openClassfile(classname);
  }

  @Override
  public URL find(String classname) {
    ClassPath path = contents.mayHoldClass(classname) ? open() : null;
    return path == null ? null : path.find(classname);
  }

  private synchronized ClassPath open() {
    if (opened == null && !unusable) {
      try {
        // A pool of its own only makes javassist's jar reader; lookups go through the main pool.
        opened = new ClassPool(false).appendClassPath(jar);
      } catch (NotFoundException e) {
        Diagnostics.debug("classpath entry not usable for constants: " + jar);
        unusable = true;
      }
    }
    return opened;
  }

  @Override
  public String toString() {
    return jar;
  }
}
