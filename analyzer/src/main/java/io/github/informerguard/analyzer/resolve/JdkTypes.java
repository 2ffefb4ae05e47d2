package io.github.informerguard.analyzer.resolve;

/** Existence checks for JDK types, by loading them from the running JDK (which is safe). */
final class JdkTypes {

  private JdkTypes() {}

  /**
   * Whether the JDK type is one of {@code targets} or a subtype of one, as the running JDK's classes
   * say ({@code ConcurrentLinkedQueue} is a {@code Queue}); targets that are not JDK types do not match.
   */
  static boolean isSubtype(String qualifiedName, java.util.Set<String> targets) {
    try {
      Class<?> c = Class.forName(qualifiedName, false, ClassLoader.getPlatformClassLoader());
      for (String t : targets) {
        if ((t.startsWith("java.") || t.startsWith("javax.")) && exists(t)
            && Class.forName(t, false, ClassLoader.getPlatformClassLoader()).isAssignableFrom(c)) {
          return true;
        }
      }
      return false;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  static boolean exists(String qualifiedName) {
    try {
      Class.forName(qualifiedName, false, ClassLoader.getPlatformClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
