package io.github.informerguard.maven;

import java.util.regex.Pattern;

/**
 * An Ant-style path pattern as Maven users write them in {@code <includes>}/{@code <excludes>}:
 * {@code **} spans any number of folders (including none), {@code *} and {@code ?} stay within one
 * folder, and a pattern ending in {@code /} means everything below that folder. Paths are
 * relative, with {@code /} separators.
 */
final class AntPattern {

  private final String text;
  private final Pattern regex;

  private AntPattern(String text, Pattern regex) {
    this.text = text;
    this.regex = regex;
  }

  static AntPattern compile(String pattern) {
    String p = pattern.trim().replace('\\', '/');
    while (p.startsWith("./")) {
      p = p.substring(2);
    }
    if (p.startsWith("/")) {
      p = p.substring(1);
    }
    if (p.endsWith("/")) {
      p = p + "**";
    }
    StringBuilder re = new StringBuilder();
    int i = 0;
    while (i < p.length()) {
      char c = p.charAt(i);
      if (p.startsWith("**/", i)) {
        re.append("(?:.*/)?");
        i += 3;
      } else if (p.startsWith("**", i)) {
        re.append(".*");
        i += 2;
      } else if (c == '*') {
        re.append("[^/]*");
        i++;
      } else if (c == '?') {
        re.append("[^/]");
        i++;
      } else {
        re.append(Pattern.quote(String.valueOf(c)));
        i++;
      }
    }
    return new AntPattern(pattern, Pattern.compile(re.toString()));
  }

  boolean matches(String relativePath) {
    return regex.matcher(relativePath).matches();
  }

  @Override
  public String toString() {
    return text;
  }
}
