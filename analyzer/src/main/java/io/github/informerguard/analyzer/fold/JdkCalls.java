package io.github.informerguard.analyzer.fold;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The JDK methods the folder evaluates. Each is pure, so evaluating it at analysis time gives
 * what the program computes at run time. Anything else stays unknown.
 */
final class JdkCalls {

  private static final Set<String> STATIC_OWNERS =
      Set.of("java.time.Duration", "java.lang.Long", "java.lang.Integer", "java.lang.Math",
          "java.lang.StrictMath", "java.lang.System");

  private JdkCalls() {}

  static boolean isStaticOwner(String qualifiedName) {
    return STATIC_OWNERS.contains(qualifiedName);
  }

  static Optional<Object> statik(String owner, String m, List<Object> a) {
    try {
      return Optional.ofNullable(switch (owner) {
        case "java.time.Duration" -> duration(m, a);
        case "java.lang.Long" -> switch (m) {
          case "valueOf", "parseLong" -> a.size() == 1 ? toLong(a.get(0)) : null;
          default -> null;
        };
        case "java.lang.Integer" -> switch (m) {
          case "valueOf", "parseInt" -> a.size() == 1 ? toInt(a.get(0)) : null;
          default -> null;
        };
        case "java.lang.Math", "java.lang.StrictMath" -> math(m, a);
        default -> null;
      });
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  private static Object duration(String m, List<Object> a) {
    if (a.size() == 1 && a.get(0) instanceof String s && m.equals("parse")) {
      return Duration.parse(s);
    }
    if (a.size() == 2 && a.get(0) instanceof Number n && a.get(1) instanceof ChronoUnit u && m.equals("of")) {
      return Duration.of(n.longValue(), u);
    }
    if (a.size() != 1 || !(a.get(0) instanceof Number n) || n instanceof Double) {
      return null;
    }
    long v = n.longValue();
    return switch (m) {
      case "ofNanos" -> Duration.ofNanos(v);
      case "ofMillis" -> Duration.ofMillis(v);
      case "ofSeconds" -> Duration.ofSeconds(v);
      case "ofMinutes" -> Duration.ofMinutes(v);
      case "ofHours" -> Duration.ofHours(v);
      case "ofDays" -> Duration.ofDays(v);
      default -> null;
    };
  }

  private static Object math(String m, List<Object> a) {
    if (a.size() == 2 && a.get(0) instanceof Number x && a.get(1) instanceof Number y) {
      boolean dbl = x instanceof Double || y instanceof Double;
      boolean lng = x instanceof Long || y instanceof Long;
      return switch (m) {
        case "min" -> dbl ? (Object) Math.min(x.doubleValue(), y.doubleValue())
            : lng ? (Object) Math.min(x.longValue(), y.longValue()) : (Object) Math.min(x.intValue(), y.intValue());
        case "max" -> dbl ? (Object) Math.max(x.doubleValue(), y.doubleValue())
            : lng ? (Object) Math.max(x.longValue(), y.longValue()) : (Object) Math.max(x.intValue(), y.intValue());
        case "multiplyExact" -> lng ? (Object) Math.multiplyExact(x.longValue(), y.longValue())
            : (Object) Math.multiplyExact(x.intValue(), y.intValue());
        case "addExact" -> lng ? (Object) Math.addExact(x.longValue(), y.longValue())
            : (Object) Math.addExact(x.intValue(), y.intValue());
        default -> null;
      };
    }
    if (a.size() == 1 && a.get(0) instanceof Number x) {
      return switch (m) {
        case "abs" -> x instanceof Long ? (Object) Math.abs(x.longValue())
            : x instanceof Double ? (Object) Math.abs(x.doubleValue()) : (Object) Math.abs(x.intValue());
        case "toIntExact" -> Math.toIntExact(x.longValue());
        case "round" -> Math.round(x.doubleValue());
        default -> null;
      };
    }
    return null;
  }

  static Optional<Object> instance(Object receiver, String m, List<Object> a) {
    try {
      if (receiver instanceof TimeUnit u) {
        return Optional.ofNullable(timeUnit(u, m, a));
      }
      if (receiver instanceof Duration d) {
        return Optional.ofNullable(durationInstance(d, m, a));
      }
      if (receiver instanceof Number n && a.isEmpty()) {
        return Optional.ofNullable(switch (m) {
          case "longValue" -> n.longValue();
          case "intValue" -> n.intValue();
          default -> null;
        });
      }
      return Optional.empty();
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  private static Object timeUnit(TimeUnit u, String m, List<Object> a) {
    if (m.equals("convert") && a.size() == 2 && a.get(0) instanceof Number n && a.get(1) instanceof TimeUnit from) {
      return u.convert(n.longValue(), from);
    }
    if (m.equals("toChronoUnit") && a.isEmpty()) {
      return u.toChronoUnit();
    }
    if (a.size() != 1 || !(a.get(0) instanceof Number n)) {
      return null;
    }
    long v = n.longValue();
    return switch (m) {
      case "toNanos" -> u.toNanos(v);
      case "toMicros" -> u.toMicros(v);
      case "toMillis" -> u.toMillis(v);
      case "toSeconds" -> u.toSeconds(v);
      case "toMinutes" -> u.toMinutes(v);
      case "toHours" -> u.toHours(v);
      case "toDays" -> u.toDays(v);
      default -> null;
    };
  }

  private static Object durationInstance(Duration d, String m, List<Object> a) {
    if (a.isEmpty()) {
      return switch (m) {
        case "toMillis" -> d.toMillis();
        case "toSeconds", "getSeconds" -> d.getSeconds();
        case "toMinutes" -> d.toMinutes();
        case "toHours" -> d.toHours();
        case "toNanos" -> d.toNanos();
        case "abs" -> d.abs();
        case "negated" -> d.negated();
        default -> null;
      };
    }
    if (a.size() == 1 && a.get(0) instanceof Duration other) {
      return switch (m) {
        case "plus" -> d.plus(other);
        case "minus" -> d.minus(other);
        default -> null;
      };
    }
    if (a.size() != 1 || !(a.get(0) instanceof Number n) || n instanceof Double) {
      return null;
    }
    long v = n.longValue();
    return switch (m) {
      case "multipliedBy" -> d.multipliedBy(v);
      case "dividedBy" -> d.dividedBy(v);
      case "plusMillis" -> d.plusMillis(v);
      case "plusSeconds" -> d.plusSeconds(v);
      case "plusMinutes" -> d.plusMinutes(v);
      case "plusHours" -> d.plusHours(v);
      case "minusMillis" -> d.minusMillis(v);
      case "minusSeconds" -> d.minusSeconds(v);
      case "minusMinutes" -> d.minusMinutes(v);
      default -> null;
    };
  }

  private static Long toLong(Object o) {
    if (o instanceof String s) {
      return Long.parseLong(s.trim());
    }
    return o instanceof Number n && !(n instanceof Double) ? n.longValue() : null;
  }

  private static Integer toInt(Object o) {
    if (o instanceof String s) {
      return Integer.parseInt(s.trim());
    }
    return o instanceof Integer i ? i : null;
  }
}
