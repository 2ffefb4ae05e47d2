package io.github.informerguard.analyzer.resolve;

/** Existence checks for JDK types, by loading them from the running JDK (which is safe). */
final class JdkTypes {

  private JdkTypes() {}

  static boolean exists(String qualifiedName) {
    try {
      Class.forName(qualifiedName, false, ClassLoader.getPlatformClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
