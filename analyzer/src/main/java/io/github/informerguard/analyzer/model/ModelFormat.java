package io.github.informerguard.analyzer.model;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

/**
 * The text format of the generated API model (gzip-compressed in the jar), shared by the
 * generator and the loader so that the two cannot drift. One record a line, tab-separated:
 * {@code T name lines access} opens a type; {@code S lines classSignature} gives its type
 * parameters and supertypes as the class file's generic signature; {@code M name flags
 * descriptor signature default lines} is a method; {@code F name flags signature constant lines}
 * a field. {@code lines} is a hexadecimal bit set over the header's client lines.
 */
public final class ModelFormat {

  public static final String MAGIC = "#informer-guard-api-model 1";
  /** Access flags kept on members: public, protected, static, final, varargs, abstract. */
  public static final int KEPT_FLAGS = 0x0001 | 0x0004 | 0x0008 | 0x0010 | 0x0080 | 0x0400;
  public static final int STATIC = 0x0008;
  public static final int VARARGS = 0x0080;
  public static final int INTERFACE = 0x0200;
  public static final int ANNOTATION = 0x2000;
  public static final int ENUM = 0x4000;
  /** Where the signature equals the erased descriptor, the signature column holds this. */
  static final String SAME = "=";

  public static final Comparator<Path> LINE_ORDER = Comparator.comparing(p -> p.getFileName().toString());

  private ModelFormat() {}

  public static String header(List<String> lines) {
    return MAGIC + "\t" + String.join("\t", lines) + "\n";
  }

  public static String type(String name, long lines, int access) {
    return "T\t" + name + "\t" + Long.toHexString(lines) + "\t" + access + "\n";
  }

  public static String supertypes(long lines, String classSignature) {
    return "S\t" + Long.toHexString(lines) + "\t" + classSignature + "\n";
  }

  /** A method record without its lines (the generator merges lines per record). */
  public static String method(String name, int flags, String descriptor, String signature, String annotationDefault) {
    return "M\t" + name + "\t" + flags + "\t" + descriptor + "\t" + (signature.equals(descriptor) ? SAME : signature)
        + "\t" + escape(annotationDefault);
  }

  /** A field record without its lines; {@code constant} is empty or {@code =} and the escaped value. */
  public static String field(String name, int flags, String signature, String constant) {
    return "F\t" + name + "\t" + flags + "\t" + signature + "\t" + constant;
  }

  public static String member(long lines, String record) {
    return record + "\t" + Long.toHexString(lines) + "\n";
  }

  /** Keeps a value on one record: tabs, newlines and backslashes escaped. */
  public static String escape(String s) {
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
  }

  static String unescape(String s) {
    if (s.indexOf('\\') < 0) {
      return s;
    }
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length()) {
        char n = s.charAt(++i);
        b.append(switch (n) {
          case 't' -> '\t';
          case 'n' -> '\n';
          case 'r' -> '\r';
          default -> n;
        });
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }
}
