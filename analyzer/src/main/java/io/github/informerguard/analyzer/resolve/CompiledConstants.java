package io.github.informerguard.analyzer.resolve;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javassist.ClassPool;
import javassist.CtClass;
import javassist.CtField;
import javassist.NotFoundException;

/**
 * Reads {@code static final} constant values from class files on the classpath (the
 * ConstantValue attribute) without loading or initialising the classes, so a constant defined
 * in a sibling module's jar or {@code target/classes} folds like one in source.
 */
public final class CompiledConstants {

  private final ClassPool pool;
  private final Map<String, Optional<Object>> cache = new ConcurrentHashMap<>();

  public CompiledConstants(List<String> classpathEntries) {
    this(classpathEntries, JarIndex.inMemory());
  }

  /**
   * As {@link #CompiledConstants(List)}; a jar is opened when a class is looked up in one of its
   * folders ({@link LazyJarClassPath}), in classpath order as before.
   */
  public CompiledConstants(List<String> classpathEntries, JarIndex jars) {
    this.pool = new ClassPool(false);
    pool.appendSystemPath();
    for (String entry : classpathEntries) {
      try {
        if (LazyJarClassPath.LAZY && LazyJarClassPath.isJar(entry)) {
          Optional<JarContents> contents = jars.contents(Path.of(entry));
          if (contents.isEmpty()) {
            throw new NotFoundException(entry);
          }
          pool.appendClassPath(new LazyJarClassPath(entry, contents.get()));
        } else {
          pool.appendClassPath(entry);
        }
      } catch (NotFoundException e) {
        Diagnostics.debug("classpath entry not usable for constants: " + entry);
      }
    }
  }

  public Optional<Object> constant(String declaringType, String field) {
    return cache.computeIfAbsent(declaringType + "#" + field, k -> read(declaringType, field));
  }

  private Optional<Object> read(String declaringType, String field) {
    synchronized (pool) {
      try {
        CtClass type = pool.get(declaringType);
        CtField f = type.getField(field);
        return Optional.ofNullable(f.getConstantValue());
      } catch (NotFoundException | RuntimeException e) {
        return readNested(declaringType, field);
      }
    }
  }

  /** javassist names nested classes with '$'; the solver gives them with '.'. */
  private Optional<Object> readNested(String declaringType, String field) {
    int dot = declaringType.lastIndexOf('.');
    if (dot < 0) {
      return Optional.empty();
    }
    String binary = declaringType.substring(0, dot) + "$" + declaringType.substring(dot + 1);
    try {
      return Optional.ofNullable(pool.get(binary).getField(field).getConstantValue());
    } catch (NotFoundException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
