package io.github.informerguard.analyzer.catalog;

import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.resolve.TypeNameExpressions;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One client API as a typed call matcher (after Error Prone's {@code MethodMatchers}): the kind of
 * call, the owner type, the method name(s), the parameter types or just the argument counts, and
 * the client lines it exists in. Built once in the catalog; {@code CatalogMatchersTest} checks each
 * against the generated API model, so a misspelt name or an API that no line has fails the build.
 *
 * <p>Matching a call checks name and argument count first (no type question), then the receiver
 * type, the static owner or the constructed type.
 */
public final class CallMatcher {

  /** What kind of call the API is. */
  public enum Kind {
    /** {@code receiver.name(...)} where the receiver is the owner or a subtype. */
    INSTANCE,
    /** {@code Owner.name(...)}, the owner written as a type name. */
    STATIC,
    /** {@code new Owner(...)}. */
    CONSTRUCTOR
  }

  private static final String CONSTRUCTOR_NAME = "<init>";

  private final Kind kind;
  private final Set<String> owners;
  private final Set<String> ownerSimpleNames;
  private final Set<String> names;
  private final Set<Integer> arities;
  /** The least argument count of a varargs overload, or {@link Integer#MAX_VALUE} when there is none. */
  private final int varargsFrom;
  private final List<List<String>> parameterLists;
  private final Set<String> lines;

  private CallMatcher(Builder b) {
    this.kind = b.kind;
    this.owners = Set.copyOf(b.owners);
    Set<String> simple = new LinkedHashSet<>();
    for (String o : owners) {
      simple.add(o.substring(o.lastIndexOf('.') + 1));
    }
    this.ownerSimpleNames = Set.copyOf(simple);
    this.names = kind == Kind.CONSTRUCTOR ? Set.of(CONSTRUCTOR_NAME) : Set.copyOf(b.names);
    Set<Integer> a = new TreeSet<>(b.arities);
    b.parameterLists.forEach(p -> a.add(p.size()));
    this.arities = Set.copyOf(a);
    this.varargsFrom = b.varargsFrom;
    this.parameterLists = List.copyOf(b.parameterLists);
    this.lines = Set.copyOf(b.lines);
    if (owners.isEmpty() || names.isEmpty() || arities.isEmpty() && varargsFrom == Integer.MAX_VALUE) {
      throw new IllegalStateException("a call matcher needs an owner, a name and its parameters: " + this);
    }
  }

  /** An instance method of the owner or of any subtype ({@code onDescendantOf}). */
  public static Builder instanceMethod() {
    return new Builder(Kind.INSTANCE);
  }

  /** A static method called on the owner's type name ({@code onClass}). */
  public static Builder staticMethod() {
    return new Builder(Kind.STATIC);
  }

  /** A constructor of the owner ({@code forClass}). */
  public static Builder constructor() {
    return new Builder(Kind.CONSTRUCTOR);
  }

  /** Whether {@code call} is a call of this API: name and argument count, then the receiver or owner type. */
  public boolean matches(MethodCallExpr call, TypeFacts types) {
    if (kind == Kind.CONSTRUCTOR || call.getScope().isEmpty()
        || !matchesShape(call.getNameAsString(), call.getArguments().size())) {
      return false;
    }
    Expression scope = call.getScope().get();
    if (kind == Kind.STATIC) {
      return owners.stream().anyMatch(o -> TypeNameExpressions.denotes(scope, o, types));
    }
    return types.isA(scope, owners).isYes();
  }

  /**
   * Whether {@code created} constructs the owner. Only the owner's own simple name (or its
   * qualified name) is resolved: a project subclass is another API, and resolving every
   * {@code new} of a file is costly.
   */
  public boolean matches(ObjectCreationExpr created, TypeFacts types) {
    return kind == Kind.CONSTRUCTOR && acceptsArity(created.getArguments().size())
        && ownerSimpleNames.contains(created.getType().getNameAsString())
        && types.isA(created.getType(), owners).isYes();
  }

  /**
   * The first of {@code sites} (catalog entries that carry a matcher) whose matcher passes
   * {@code test} ({@code m -> m.matches(call, types)}): the catalog lists an API's overloads in the
   * order a rule should try them.
   */
  public static <S> Optional<S> first(List<S> sites, Function<S, CallMatcher> matcher, Predicate<CallMatcher> test) {
    for (S site : sites) {
      if (test.test(matcher.apply(site))) {
        return Optional.of(site);
      }
    }
    return Optional.empty();
  }

  /**
   * The words whose absence from a file's text proves the file has no call this matcher matches,
   * for the prefilter: {@code name(} for a method (the prefilter allows whitespace before the
   * parenthesis, and does not take {@code information} for {@code inform(}), {@code new Simple}
   * for a constructor.
   */
  public Set<String> triggerWords() {
    Set<String> out = new TreeSet<>();
    if (kind == Kind.CONSTRUCTOR) {
      ownerSimpleNames.forEach(s -> out.add("new " + s));
    } else {
      names.forEach(n -> out.add(n + "("));
    }
    return out;
  }

  /**
   * The prefilter words of a rule: those of every matcher it reports through (so a matcher added
   * to the catalog widens the prefilter by itself) and the words of what it needs besides calls.
   */
  public static Set<String> triggerWords(Collection<CallMatcher> matchers, Collection<String> needs) {
    Set<String> out = new TreeSet<>(needs);
    matchers.forEach(m -> out.addAll(m.triggerWords()));
    return Set.copyOf(out);
  }

  /** The cheap part of {@link #matches}: the called name and the argument count. */
  public boolean matchesShape(String name, int argumentCount) {
    return names.contains(name) && acceptsArity(argumentCount);
  }

  private boolean acceptsArity(int argumentCount) {
    return arities.contains(argumentCount) || argumentCount >= varargsFrom;
  }

  public Kind kind() {
    return kind;
  }

  /** The owner types (qualified names). */
  public Set<String> owners() {
    return owners;
  }

  /** The method names ({@code <init>} for a constructor). */
  public Set<String> names() {
    return names;
  }

  /** The simple names a constructor matcher's {@code new} must be written with. */
  public Set<String> ownerSimpleNames() {
    return ownerSimpleNames;
  }

  /** The argument counts that match, besides those of a varargs overload ({@link #varargsFrom}). */
  public Set<Integer> arities() {
    return arities;
  }

  /** The least argument count a varargs overload takes (every larger count matches too), if the matcher has one. */
  public Optional<Integer> varargsFrom() {
    return varargsFrom == Integer.MAX_VALUE ? Optional.empty() : Optional.of(varargsFrom);
  }

  /**
   * The erased parameter types of the overloads the matcher means, where it says them; an empty
   * list means only the argument counts are given (any parameter types).
   */
  public List<List<String>> parameterLists() {
    return parameterLists;
  }

  /**
   * The client lines (model line names such as {@code fabric8-5.12}, or their prefixes such as
   * {@code fabric8-}) the API exists in.
   */
  public Set<String> lines() {
    return lines;
  }

  @Override
  public String toString() {
    return kind.name().toLowerCase() + " " + owners + "." + names + " arities " + arities
        + (varargsFrom == Integer.MAX_VALUE ? "" : " varargs from " + varargsFrom)
        + (parameterLists.isEmpty() ? "" : " parameters " + parameterLists) + " lines " + lines;
  }

  /** Builds a matcher; every setter adds to what was given before. */
  public static final class Builder {
    private final Kind kind;
    private final List<String> owners = new ArrayList<>();
    private final List<String> names = new ArrayList<>();
    private final Set<Integer> arities = new TreeSet<>();
    private int varargsFrom = Integer.MAX_VALUE;
    private final List<List<String>> parameterLists = new ArrayList<>();
    private final Set<String> lines = new LinkedHashSet<>();

    private Builder(Kind kind) {
      this.kind = kind;
    }

    /** Owner types for an instance method (subtypes match too). */
    public Builder onDescendantOf(String... qualifiedNames) {
      owners.addAll(List.of(qualifiedNames));
      return this;
    }

    /** The owner type of a static method or constructor. */
    public Builder onClass(String qualifiedName) {
      owners.add(qualifiedName);
      return this;
    }

    public Builder named(String... methodNames) {
      names.addAll(List.of(methodNames));
      return this;
    }

    /** Argument counts of overloads whose parameter types do not matter. */
    public Builder withArities(Integer... counts) {
      arities.addAll(List.of(counts));
      return this;
    }

    /**
     * A varargs overload whose fixed parameters number {@code fixedCount}: it takes that many
     * arguments or more (AssertJ's {@code fail(String, Object...)} from one on).
     */
    public Builder withVarargsAfter(int fixedCount) {
      varargsFrom = Math.min(varargsFrom, fixedCount);
      return this;
    }

    /** One overload by its erased parameter types ({@code long}, {@code java.lang.Class}). */
    public Builder withParameters(String... erasedTypes) {
      parameterLists.add(List.of(erasedTypes));
      return this;
    }

    /**
     * The client lines the API exists in: model line names or prefixes of them, or one of the
     * non-model lines of {@code InterruptApis} (the JDK, test frameworks) for owners outside the model.
     */
    public Builder inLines(String... lineNamesOrPrefixes) {
      lines.addAll(List.of(lineNamesOrPrefixes));
      return this;
    }

    public CallMatcher build() {
      return new CallMatcher(this);
    }
  }
}
