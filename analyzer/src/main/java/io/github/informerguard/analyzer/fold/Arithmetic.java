package io.github.informerguard.analyzer.fold;

import com.github.javaparser.ast.expr.BinaryExpr;
import java.util.Optional;

/** Binary operators with Java's numeric promotion, int overflow included (as javac folds them). */
final class Arithmetic {

  private Arithmetic() {}

  static Optional<Folded> binary(BinaryExpr.Operator op, Folded l, Folded r) {
    boolean config = l.configDefault() || r.configDefault();
    Object a = l.value();
    Object b = r.value();
    if (a instanceof Boolean x && b instanceof Boolean y) {
      return switch (op) {
        case AND -> Optional.of(new Folded(x && y, config));
        case OR -> Optional.of(new Folded(x || y, config));
        case EQUALS -> Optional.of(new Folded(x.equals(y), config));
        case NOT_EQUALS -> Optional.of(new Folded(!x.equals(y), config));
        default -> Optional.empty();
      };
    }
    if (!(a instanceof Number x) || !(b instanceof Number y)) {
      return Optional.empty();
    }
    Optional<Object> v;
    if (x instanceof Double || y instanceof Double) {
      v = doubles(op, x.doubleValue(), y.doubleValue());
    } else if (x instanceof Long || y instanceof Long) {
      v = longs(op, x.longValue(), y.longValue());
    } else {
      v = ints(op, x.intValue(), y.intValue());
    }
    return v.map(o -> new Folded(o, config));
  }

  private static Optional<Object> ints(BinaryExpr.Operator op, int a, int b) {
    return switch (op) {
      case PLUS -> Optional.of(a + b);
      case MINUS -> Optional.of(a - b);
      case MULTIPLY -> Optional.of(a * b);
      case DIVIDE -> b == 0 ? Optional.empty() : Optional.of(a / b);
      case REMAINDER -> b == 0 ? Optional.empty() : Optional.of(a % b);
      case LEFT_SHIFT -> Optional.of(a << b);
      case SIGNED_RIGHT_SHIFT -> Optional.of(a >> b);
      default -> compare(op, Integer.compare(a, b));
    };
  }

  private static Optional<Object> longs(BinaryExpr.Operator op, long a, long b) {
    return switch (op) {
      case PLUS -> Optional.of(a + b);
      case MINUS -> Optional.of(a - b);
      case MULTIPLY -> Optional.of(a * b);
      case DIVIDE -> b == 0 ? Optional.empty() : Optional.of(a / b);
      case REMAINDER -> b == 0 ? Optional.empty() : Optional.of(a % b);
      case LEFT_SHIFT -> Optional.of(a << b);
      case SIGNED_RIGHT_SHIFT -> Optional.of(a >> b);
      default -> compare(op, Long.compare(a, b));
    };
  }

  private static Optional<Object> doubles(BinaryExpr.Operator op, double a, double b) {
    return switch (op) {
      case PLUS -> Optional.of(a + b);
      case MINUS -> Optional.of(a - b);
      case MULTIPLY -> Optional.of(a * b);
      case DIVIDE -> b == 0 ? Optional.empty() : Optional.of(a / b);
      default -> compare(op, Double.compare(a, b));
    };
  }

  private static Optional<Object> compare(BinaryExpr.Operator op, int c) {
    return switch (op) {
      case LESS -> Optional.of(c < 0);
      case LESS_EQUALS -> Optional.of(c <= 0);
      case GREATER -> Optional.of(c > 0);
      case GREATER_EQUALS -> Optional.of(c >= 0);
      case EQUALS -> Optional.of(c == 0);
      case NOT_EQUALS -> Optional.of(c != 0);
      default -> Optional.empty();
    };
  }
}
