package io.github.informerguard.analyzer.model;

import java.util.ArrayList;
import java.util.List;

/** Parses JVM generic signatures and descriptors (JVMS 4.7.9.1) into {@link Sig}s. */
public final class Signatures {

  private final String s;
  private int pos;

  private Signatures(String s) {
    this.s = s;
  }

  public static Sig.ClassSig classSignature(String signature) {
    Signatures p = new Signatures(signature);
    List<Sig.TypeParam> params = p.typeParams();
    List<Sig> supers = new ArrayList<>();
    while (p.pos < p.s.length()) {
      supers.add(p.type());
    }
    return new Sig.ClassSig(params, List.copyOf(supers));
  }

  public static Sig.MethodSig methodSignature(String signature) {
    Signatures p = new Signatures(signature);
    List<Sig.TypeParam> params = p.typeParams();
    p.expect('(');
    List<Sig> parameters = new ArrayList<>();
    while (p.peek() != ')') {
      parameters.add(p.type());
    }
    p.expect(')');
    Sig result = p.type();
    return new Sig.MethodSig(params, List.copyOf(parameters), result);
  }

  public static Sig typeSignature(String signature) {
    return new Signatures(signature).type();
  }

  /** The erased source name of a type ({@code java.lang.String}, {@code int[]}). */
  public static String erasure(Sig sig) {
    if (sig instanceof Sig.ClassRef c) {
      return c.name();
    }
    if (sig instanceof Sig.Array a) {
      return erasure(a.component()) + "[]";
    }
    if (sig instanceof Sig.Primitive p) {
      return switch (p.code()) {
        case 'B' -> "byte";
        case 'C' -> "char";
        case 'D' -> "double";
        case 'F' -> "float";
        case 'I' -> "int";
        case 'J' -> "long";
        case 'S' -> "short";
        case 'Z' -> "boolean";
        default -> "void";
      };
    }
    return "java.lang.Object"; // a type variable; callers that know its bound erase to that
  }

  private char peek() {
    return s.charAt(pos);
  }

  private void expect(char c) {
    if (s.charAt(pos) != c) {
      throw new IllegalArgumentException("expected '" + c + "' at " + pos + " in " + s);
    }
    pos++;
  }

  private List<Sig.TypeParam> typeParams() {
    if (pos >= s.length() || peek() != '<') {
      return List.of();
    }
    pos++;
    List<Sig.TypeParam> out = new ArrayList<>();
    while (peek() != '>') {
      int colon = s.indexOf(':', pos);
      String name = s.substring(pos, colon);
      pos = colon;
      List<Sig> bounds = new ArrayList<>();
      while (peek() == ':') {
        pos++;
        if (peek() != ':' && peek() != '>' && (peek() == 'L' || peek() == 'T' || peek() == '[')) {
          bounds.add(type()); // Object too: the solver erases an unbounded class-file variable to it
        }
      }
      out.add(new Sig.TypeParam(name, List.copyOf(bounds)));
    }
    pos++;
    return List.copyOf(out);
  }

  private Sig type() {
    char c = s.charAt(pos++);
    switch (c) {
      case 'L':
        return classType();
      case 'T': {
        int end = s.indexOf(';', pos);
        String name = s.substring(pos, end);
        pos = end + 1;
        return new Sig.Var(name);
      }
      case '[':
        return new Sig.Array(type());
      default:
        return new Sig.Primitive(c);
    }
  }

  private Sig.ClassRef classType() {
    StringBuilder name = new StringBuilder();
    List<Sig.Arg> args = List.of();
    while (true) {
      char c = s.charAt(pos++);
      if (c == ';') {
        break;
      }
      if (c == '<') {
        args = typeArgs();
      } else if (c == '/' || c == '$' || c == '.') {
        name.append('.');
        if (c == '.') {
          args = List.of(); // a member of a parameterized outer type: its own arguments follow
        }
      } else {
        name.append(c);
      }
    }
    return new Sig.ClassRef(name.toString(), args);
  }

  private List<Sig.Arg> typeArgs() {
    List<Sig.Arg> out = new ArrayList<>();
    while (peek() != '>') {
      char c = peek();
      if (c == '*') {
        pos++;
        out.add(Sig.Arg.ANY);
      } else if (c == '+' || c == '-') {
        pos++;
        out.add(new Sig.Arg(c, type()));
      } else {
        out.add(new Sig.Arg('=', type()));
      }
    }
    pos++;
    return List.copyOf(out);
  }
}
