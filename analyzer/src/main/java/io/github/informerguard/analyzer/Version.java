package io.github.informerguard.analyzer;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The analyzer's version, from the build. */
public final class Version {

  public static final String VERSION = read();

  private Version() {}

  private static String read() {
    try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
      Properties p = new Properties();
      if (in != null) {
        p.load(in);
      }
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }
}
