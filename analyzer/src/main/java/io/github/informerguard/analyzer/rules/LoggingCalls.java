package io.github.informerguard.analyzer.rules;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.catalog.CallbackApis;
import io.github.informerguard.analyzer.resolve.TypeNameExpressions;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The one answer to "is this call logging?", which InterruptSwallowed (is the caught exception only
 * written out?) and MissingGoneHandling (is the close only noted?) both ask. A call logs when its
 * method has a logging name (a level, {@code log}, a print method, or a level followed by a word as
 * project loggers name theirs: {@code warnOp}) and its receiver is a logger: {@code System.out} /
 * {@code System.err}, a value of a logging library's type, or a variable or field named like one
 * ({@code log}, {@code LOGGER}, {@code _log}) whatever its type, so that project loggers wrapping a
 * library ({@code KitLogger log}) and Lombok's generated {@code log}, which no mode can type, count.
 */
public final class LoggingCalls {

  private static final Set<String> LOG_METHODS = Set.of("trace", "debug", "info", "warn", "warning", "error", "fatal",
      "severe", "fine", "finer", "finest", "verbose", "log", "println", "print", "printf");
  /** Level words that project loggers prefix their own methods with ({@code warnOp}, {@code debugCr}). */
  private static final List<String> LEVEL_PREFIXES = List.of("trace", "debug", "info", "warn", "error", "fatal");
  /** The level words that JBoss Logging suffixes with {@code f} (printf format) or {@code v} (MessageFormat). */
  private static final Set<String> JBOSS_FORMAT_BASES = Set.of("trace", "debug", "info", "warn", "error", "fatal", "log");
  private static final List<String> FAILURE_LEVELS = List.of("error", "warn", "warning", "severe", "fatal");
  private static final Set<String> PRINT_STREAMS = Set.of("System.out", "System.err");
  private static final Pattern LOGGER_NAME = Pattern.compile("(?i)_?(log|logger)");
  /** {@code System.Logger}, which the JDK ships beside the libraries' loggers. */
  private static final String JDK_SYSTEM_LOGGER = "java.lang.System.Logger";
  private static final String JDK_STRING = "java.lang.String";
  private static final String JDK_MESSAGE_FORMAT = "java.text.MessageFormat";
  private static final Set<String> STRING_FORMATTERS = Set.of("format", "valueOf", "join");

  private LoggingCalls() {}

  /** Whether {@code call} writes its arguments to a log or a console and hands them to nobody else. */
  public static boolean isLogging(MethodCallExpr call, TypeFacts types) {
    if (call.getScope().isEmpty() || !isLogMethodName(call.getNameAsString())) {
      return false;
    }
    return isLoggerReceiver(call.getScope().get(), types);
  }

  /**
   * {@code LoggerUtil.logError("watch closed: " + e.getMessage())}: a static method of a class in the analyzed
   * sources, called on its type's name, whose overloads of that arity are all static and only write log lines
   * (every statement a logging call in the sense of {@link #isLogging}). Calling such a facade is logging: it
   * hands the arguments to nobody else. The facade's own file is read through the source index (and recorded as
   * a dependency of the calling file), so an edit that makes it do more than log is seen.
   */
  public static boolean isProjectLogFacade(MethodCallExpr call, TypeFacts types) {
    if (!(call.getScope().orElse(null) instanceof NameExpr owner) || !Character.isUpperCase(owner.getNameAsString().charAt(0))) {
      return false;
    }
    List<com.github.javaparser.ast.body.MethodDeclaration> same = TypeNameExpressions.denoted(owner, types)
        .flatMap(types::sourceType)
        .map(t -> t.getMethodsByName(call.getNameAsString())).orElse(List.of()).stream()
        .filter(m -> m.getParameters().size() == call.getArguments().size()).toList();
    return !same.isEmpty() && same.stream().allMatch(m -> m.isStatic() && m.getBody()
        .filter(b -> !b.getStatements().isEmpty() && b.getStatements().stream().allMatch(st ->
            st instanceof com.github.javaparser.ast.stmt.ExpressionStmt e
                && e.getExpression() instanceof MethodCallExpr c && isLogging(c, types)))
        .isPresent());
  }

  /** A console stream, a value of a logging library's type, or a variable or field named like a logger. */
  private static boolean isLoggerReceiver(Expression scope, TypeFacts types) {
    if (PRINT_STREAMS.contains(scope.toString())) {
      return true;
    }
    if (simpleName(scope).filter(LoggingCalls::isLoggerName).isPresent()) {
      return true;
    }
    return types.isA(scope, CallbackApis.LOGGERS).isYes() || types.isA(scope, Set.of(JDK_SYSTEM_LOGGER)).isYes();
  }

  /**
   * Whether {@code call} asks a logger whether a level is on ({@code log.isDebugEnabled()},
   * {@code logger.isLoggable(Level.FINE)}, Log4j 2's {@code isEnabled(Level)}): a guard around logging that
   * decides nothing but whether a message is written.
   */
  public static boolean isLevelQuery(MethodCallExpr call, TypeFacts types) {
    String name = call.getNameAsString();
    boolean levelName = name.startsWith("is") && name.endsWith("Enabled") && call.getArguments().size() <= 1
        && (name.equals("isEnabled") || LEVEL_PREFIXES.stream().anyMatch(l -> name.equalsIgnoreCase("is" + l + "Enabled")))
        || name.equals("isLoggable") && call.getArguments().size() == 1;
    return levelName && call.getScope().isPresent() && !PRINT_STREAMS.contains(call.getScope().get().toString())
        && isLoggerReceiver(call.getScope().get(), types);
  }

  /**
   * Whether the value of {@code value} only becomes part of a logging call's arguments, so that what it returns
   * goes to the log and to no code that could act on it: directly, through operators ({@code "x " + v}),
   * parentheses and casts, further calls on the value ({@code describe(e).trim()}), or the arguments of a JDK
   * string formatter ({@code String.format("%s", v)}, {@code String.valueOf}, {@code String.join},
   * {@code MessageFormat.format}, {@code "..".formatted(v)}) whose own value does the same. InterruptSwallowed asks
   * it of a call the caught exception is handed to, MissingGoneHandling of a project call in a close handler.
   */
  public static boolean onlyFeedsLogging(Expression value, TypeFacts types) {
    Node node = value;
    for (Node parent = node.getParentNode().orElse(null); parent != null;
        node = parent, parent = parent.getParentNode().orElse(null)) {
      if (parent instanceof BinaryExpr || parent instanceof EnclosedExpr || parent instanceof CastExpr) {
        continue;
      }
      if (!(parent instanceof MethodCallExpr outer)) {
        return false;
      }
      Node child = node;
      boolean argument = outer.getArguments().stream().anyMatch(a -> a == child);
      if (argument && isLogging(outer, types)) {
        return true;
      }
      if (argument ? !isStringFormatter(outer, types) : outer.getScope().filter(sc -> sc == child).isEmpty()) {
        return false;
      }
    }
    return false;
  }

  /** {@code String.format/valueOf/join(..)}, {@code MessageFormat.format(..)}, {@code "..".formatted(..)}: text only. */
  private static boolean isStringFormatter(MethodCallExpr call, TypeFacts types) {
    String name = call.getNameAsString();
    Optional<Expression> scope = call.getScope();
    if (scope.isEmpty()) {
      return false;
    }
    if (STRING_FORMATTERS.contains(name) && TypeNameExpressions.denotes(scope.get(), JDK_STRING, types)) {
      return true;
    }
    if (name.equals("format") && TypeNameExpressions.denotes(scope.get(), JDK_MESSAGE_FORMAT, types)) {
      return true;
    }
    return name.equals("formatted") && (scope.get() instanceof StringLiteralExpr
        || types.isA(scope.get(), Set.of(JDK_STRING)).isYes());
  }

  /** A logging call at error or warning level ({@code error}, {@code warn}, {@code severe}, {@code errorOp}). */
  public static boolean isFailureLogging(MethodCallExpr call, TypeFacts types) {
    String name = call.getNameAsString();
    return FAILURE_LEVELS.stream().anyMatch(level -> name.equals(level)
            || name.length() > level.length() && name.startsWith(level) && Character.isUpperCase(name.charAt(level.length())))
        && isLogging(call, types);
  }

  /** A variable or field name that conventionally holds a logger: {@code log}, {@code LOGGER}, {@code _log}. */
  public static boolean isLoggerName(String simpleName) {
    return LOGGER_NAME.matcher(simpleName).matches();
  }

  private static Optional<String> simpleName(Expression scope) {
    return scope instanceof NameExpr n ? Optional.of(n.getNameAsString())
        : scope instanceof FieldAccessExpr f ? Optional.of(f.getNameAsString()) : Optional.empty();
  }

  /**
   * A logging method's name: a level or print method, or a level followed by a word, as project
   * loggers that wrap SLF4J or Log4j name theirs ({@code warnOp(..)}, {@code debugCr(..)}).
   */
  private static boolean isLogMethodName(String name) {
    if (LOG_METHODS.contains(name)) {
      return true;
    }
    for (String level : LEVEL_PREFIXES) {
      if (name.length() > level.length() && name.startsWith(level)
          && Character.isUpperCase(name.charAt(level.length()))) {
        return true;
      }
    }
    // JBoss Logging's formatting variants (infof, debugv, logf): printf- and MessageFormat-style messages
    return name.length() > 1 && (name.endsWith("f") || name.endsWith("v"))
        && JBOSS_FORMAT_BASES.contains(name.substring(0, name.length() - 1));
  }
}
