package io.github.informerguard.analyzer.resolve;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.nodeTypes.NodeWithTypeParameters;
import com.github.javaparser.ast.type.ArrayType;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.PrimitiveType;
import com.github.javaparser.ast.type.Type;
import com.github.javaparser.ast.type.TypeParameter;
import com.github.javaparser.ast.type.WildcardType;
import io.github.informerguard.analyzer.model.ApiModel;
import io.github.informerguard.analyzer.model.ModelMethod;
import io.github.informerguard.analyzer.model.ModelType;
import io.github.informerguard.analyzer.model.Sig;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.TypeVariable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Types fluent chains without a classpath, the way {@link ChainTyper} does with the solver:
 * every step looks the method up on the receiver and its supertypes, substitutes the
 * receiver's type arguments into the declared return type in one pass, and erases method
 * type variables to their first bound. Declarations come from the analyzed sources (with
 * Lombok accessors), then the generated {@link ApiModel}, then the running JDK. Anything it
 * cannot find is empty, so rules stay silent rather than guess.
 */
final class LenientChainTyper {

  /** A type with its type arguments (an empty argument is unknown). */
  record MType(String name, List<Optional<MType>> args) {
    static MType raw(String name) {
      return new MType(name, List.of());
    }
  }

  /** A method as typing needs it: type parameters, parameter count, return type, client lines (-1: all). */
  record MethodView(List<Sig.TypeParam> typeParams, int arity, boolean varargs, Sig result, long lines) {
    boolean accepts(int arguments) {
      return arity == arguments || (varargs && arguments >= arity - 1);
    }
  }

  /** A direct supertype and the client lines where the type has it (-1: all). */
  record Edge(Sig type, long lines) {}

  /** A type reached from a receiver, with the lines in which the path to it exists. */
  record Owner(MType type, long lines) {}

  /** A declared type from any of the three sources. */
  interface Declared {
    List<Sig.TypeParam> typeParams();

    List<Edge> supertypes();

    List<MethodView> methods(String name);

    Optional<Sig> field(String name);
  }

  private static final int MAX_DEPTH = 32;
  /** A bound on parameterized ancestors, against recursive generic hierarchies. */
  private static final int MAX_ANCESTORS = 512;

  /** Model and JDK types never change during a run; one lenient typer serves every worker thread. */
  private static final Map<String, Optional<Declared>> LIBRARY = new ConcurrentHashMap<>();

  private final SourceTypes sources;
  private final TypeNames names;
  /**
   * Return types on library receivers by receiver, name and arity: files ask the same DSL steps
   * again and again. A library type's supertypes are library types, so no answer here depends on
   * the analyzed sources (which a long-lived front end may see change).
   */
  private final Map<List<Object>, Optional<MType>> returns = new ConcurrentHashMap<>();

  LenientChainTyper(SourceTypes sources, TypeNames names) {
    this.sources = sources;
    this.names = names;
  }

  /**
   * The declaration of {@code name}: the analyzed sources first (not cached here: the source index
   * keeps its own bounded cache of parsed files), then the model, then the JDK.
   */
  Optional<Declared> declared(String name) {
    Optional<TypeDeclaration<?>> source = sources.find(name);
    if (source.isPresent()) {
      return Optional.of(new SourceDeclared(source.get()));
    }
    return LIBRARY.computeIfAbsent(name, n -> ApiModel.get().type(n).<Declared>map(ModelDeclared::new).or(() -> jdk(n)));
  }

  /** What {@code name(...)} with {@code arity} arguments returns on {@code receiver}. */
  Optional<MType> returnType(MType receiver, String name, int arity) {
    if (sources.find(receiver.name()).isPresent()) {
      return computeReturnType(receiver, name, arity);
    }
    List<Object> key = List.of(receiver, name, arity);
    Optional<MType> known = returns.get(key);
    if (known == null) {
      known = computeReturnType(receiver, name, arity);
      returns.put(key, known);
    }
    return known;
  }

  private Optional<MType> computeReturnType(MType receiver, String name, int arity) {
    List<Optional<MType>> results = new ArrayList<>();
    List<Long> lines = new ArrayList<>();
    for (Owner o : selfAndAncestors(receiver)) {
      MType owner = o.type();
      Optional<Declared> d = declared(owner.name());
      if (d.isEmpty()) {
        continue;
      }
      Map<String, Optional<MType>> bindings = bindings(d.get(), owner);
      for (MethodView m : d.get().methods(name)) {
        if (!m.accepts(arity) || (m.lines() & o.lines()) == 0) {
          continue;
        }
        Map<String, Optional<MType>> scope = new HashMap<>(bindings);
        Map<String, Sig.TypeParam> bounds = new HashMap<>(paramsByName(d.get().typeParams()));
        for (Sig.TypeParam tp : m.typeParams()) {
          scope.put(tp.name(), Optional.empty()); // method type variables: erased to their bound
          bounds.put(tp.name(), tp);
        }
        results.add(convert(m.result(), scope, bounds, 0));
        lines.add(m.lines() & o.lines());
      }
    }
    // Lines differ (fabric8 5.x SharedInformer.run() is void, 8.x returns the informer; 8.x
    // withNewFilter() has one more type argument): code compiles against one line, and the
    // newest line that has the method decides, as the solver does on a current classpath.
    long newest = Long.highestOneBit(lines.stream().reduce(0L, (a, b) -> a | b));
    List<Optional<MType>> inNewest = new ArrayList<>();
    for (int i = 0; i < results.size(); i++) {
      if ((lines.get(i) & newest) != 0) {
        inNewest.add(results.get(i));
      }
    }
    return pick(inNewest);
  }

  /** The type of field {@code name} on {@code receiver} (declared there or inherited). */
  Optional<MType> fieldType(MType receiver, String name) {
    for (Owner o : selfAndAncestors(receiver)) {
      MType owner = o.type();
      Optional<Declared> d = declared(owner.name());
      Optional<Sig> f = d.flatMap(x -> x.field(name));
      if (f.isPresent()) {
        return convert(f.get(), bindings(d.get(), owner), paramsByName(d.get().typeParams()), 0);
      }
    }
    return Optional.empty();
  }

  /** Overloads and covariant overrides must agree on the erased type, or the most specific wins. */
  private Optional<MType> pick(List<Optional<MType>> results) {
    if (results.isEmpty()) {
      return Optional.empty();
    }
    Set<String> erasures = new HashSet<>();
    for (Optional<MType> r : results) {
      erasures.add(r.map(MType::name).orElse("?"));
    }
    if (erasures.size() == 1 && !erasures.contains("?")) {
      return results.get(0);
    }
    if (results.stream().anyMatch(Optional::isEmpty)) {
      return Optional.empty();
    }
    outer:
    for (Optional<MType> candidate : results) {
      Set<String> supers = ancestorNames(candidate.get().name());
      for (Optional<MType> other : results) {
        if (!supers.contains(other.get().name())) {
          continue outer;
        }
      }
      return candidate;
    }
    return Optional.empty();
  }

  /** The type's name and every supertype's, through sources, model and JDK. */
  Set<String> ancestorNames(String name) {
    Set<String> out = new LinkedHashSet<>();
    Deque<String> todo = new ArrayDeque<>(List.of(name));
    while (!todo.isEmpty()) {
      String t = todo.removeFirst();
      if (!out.add(t)) {
        continue;
      }
      declared(t).ifPresent(d -> d.supertypes().forEach(s -> {
        if (s.type() instanceof Sig.ClassRef c) {
          todo.addLast(c.name());
        }
      }));
    }
    return out;
  }

  /**
   * The receiver and its supertypes, each with type arguments as seen from the receiver and the
   * lines in which it is a supertype (fabric8 5.x SharedIndexInformer extends SharedInformer, 8.x
   * does not), so that a method counts only in the lines where the receiver inherits it.
   */
  List<Owner> selfAndAncestors(MType start) {
    List<Owner> out = new ArrayList<>();
    // Keyed by type and arguments: lines may reach one supertype with different arguments
    // (FilterWatchListDeletable<T, L> in 5.x, <T, L, R> since 6.x).
    Map<MType, Integer> index = new HashMap<>();
    Deque<Owner> queue = new ArrayDeque<>(List.of(new Owner(start, -1L)));
    while (!queue.isEmpty() && out.size() < MAX_ANCESTORS) {
      Owner o = queue.removeFirst();
      Integer at = index.get(o.type());
      if (at != null) {
        Owner before = out.get(at);
        if ((before.lines() | o.lines()) == before.lines()) {
          continue;
        }
        o = new Owner(before.type(), before.lines() | o.lines()); // reached in more lines: walk on with them
        out.set(at, o);
      } else {
        index.put(o.type(), out.size());
        out.add(o);
      }
      Optional<Declared> d = declared(o.type().name());
      if (d.isEmpty()) {
        continue;
      }
      Map<String, Optional<MType>> bindings = bindings(d.get(), o.type());
      Map<String, Sig.TypeParam> bounds = paramsByName(d.get().typeParams());
      for (Edge parent : d.get().supertypes()) {
        long lines = o.lines() & parent.lines();
        if (lines != 0) {
          convert(parent.type(), bindings, bounds, 0).ifPresent(t -> queue.addLast(new Owner(t, lines)));
        }
      }
    }
    return out;
  }

  private static Map<String, Optional<MType>> bindings(Declared d, MType t) {
    Map<String, Optional<MType>> map = new HashMap<>();
    List<Sig.TypeParam> params = d.typeParams();
    for (int i = 0; i < params.size(); i++) {
      map.put(params.get(i).name(), i < t.args().size() ? t.args().get(i) : Optional.empty());
    }
    return map;
  }

  private static Map<String, Sig.TypeParam> paramsByName(List<Sig.TypeParam> params) {
    Map<String, Sig.TypeParam> map = new HashMap<>();
    params.forEach(p -> map.put(p.name(), p));
    return map;
  }

  /** Converts a signature, replacing type variables from {@code bindings} in one pass. */
  static Optional<MType> convert(Sig sig, Map<String, Optional<MType>> bindings, Map<String, Sig.TypeParam> bounds,
      int depth) {
    if (sig == null || depth > MAX_DEPTH) {
      return Optional.empty();
    }
    if (sig instanceof Sig.Var v) {
      Optional<MType> bound = bindings.get(v.name());
      if (bound != null && bound.isPresent()) {
        return bound;
      }
      Sig.TypeParam tp = bounds.get(v.name());
      return tp == null || tp.bounds().isEmpty() ? Optional.empty()
          : convert(tp.bounds().get(0), Map.of(), bounds, depth + 1);
    }
    if (!(sig instanceof Sig.ClassRef c)) {
      return Optional.empty(); // primitives and arrays carry no DSL
    }
    List<Optional<MType>> args = new ArrayList<>();
    for (Sig.Arg a : c.args()) {
      args.add(a.kind() == '=' || a.kind() == '+' ? convert(a.type(), bindings, bounds, depth + 1) : Optional.empty());
    }
    return Optional.of(new MType(c.name(), args));
  }

  // ---- The analyzed sources ----

  /** A source type declaration read as signatures, type names resolved through its file. */
  private final class SourceDeclared implements Declared {
    private final TypeDeclaration<?> type;

    SourceDeclared(TypeDeclaration<?> type) {
      this.type = type;
    }

    @Override
    public List<Sig.TypeParam> typeParams() {
      return type instanceof NodeWithTypeParameters<?> g ? typeParameters(g.getTypeParameters()) : List.of();
    }

    @Override
    public List<Edge> supertypes() {
      List<ClassOrInterfaceType> parents = new ArrayList<>();
      if (type instanceof ClassOrInterfaceDeclaration c) {
        parents.addAll(c.getExtendedTypes());
        parents.addAll(c.getImplementedTypes());
      } else if (type instanceof com.github.javaparser.ast.nodeTypes.NodeWithImplements<?> i) {
        parents.addAll(i.getImplementedTypes());
      }
      List<Edge> out = new ArrayList<>();
      for (ClassOrInterfaceType p : parents) {
        Sig s = sig(p);
        if (s != null) {
          out.add(new Edge(s, -1L));
        }
      }
      return out;
    }

    @Override
    public List<MethodView> methods(String name) {
      List<MethodView> out = new ArrayList<>();
      for (MethodDeclaration m : type.getMethodsByName(name)) {
        int arity = m.getParameters().size();
        boolean varargs = arity > 0 && m.getParameter(arity - 1).isVarArgs();
        out.add(new MethodView(typeParameters(m.getTypeParameters()), arity, varargs, sig(m.getType()), -1L));
      }
      if (out.isEmpty()) {
        Lombok.getterField(type, name, 0)
            .ifPresent(v -> out.add(new MethodView(List.of(), 0, false, sig(v.getType()), -1L)));
      }
      if (out.isEmpty() && type instanceof RecordDeclaration r) {
        r.getParameterByName(name).ifPresent(p -> out.add(new MethodView(List.of(), 0, false, sig(p.getType()), -1L)));
      }
      return out;
    }

    @Override
    public Optional<Sig> field(String name) {
      for (BodyDeclaration<?> member : type.getMembers()) {
        if (member instanceof FieldDeclaration f) {
          for (VariableDeclarator v : f.getVariables()) {
            if (v.getNameAsString().equals(name)) {
              return Optional.ofNullable(sig(v.getType()));
            }
          }
        }
      }
      return Optional.empty();
    }

    private List<Sig.TypeParam> typeParameters(List<TypeParameter> params) {
      List<Sig.TypeParam> out = new ArrayList<>();
      for (TypeParameter tp : params) {
        List<Sig> bounds = new ArrayList<>();
        for (ClassOrInterfaceType b : tp.getTypeBound()) {
          Sig s = sig(b);
          if (s != null) {
            bounds.add(s);
          }
        }
        out.add(new Sig.TypeParam(tp.getNameAsString(), bounds));
      }
      return out;
    }
  }

  /** A type written in source as a signature; null when a name does not resolve. */
  Sig sig(Type type) {
    if (type instanceof PrimitiveType p) {
      return new Sig.Primitive(switch (p.getType()) {
        case BOOLEAN -> 'Z';
        case LONG -> 'J';
        default -> Character.toUpperCase(p.getType().asString().charAt(0));
      });
    }
    if (type instanceof ArrayType a) {
      Sig c = sig(a.getComponentType());
      return c == null ? null : new Sig.Array(c);
    }
    if (!(type instanceof ClassOrInterfaceType c)) {
      return null;
    }
    if (c.getScope().isEmpty() && c.getTypeArguments().isEmpty() && isTypeVariable(c.getNameAsString(), c)) {
      return new Sig.Var(c.getNameAsString());
    }
    Optional<String> name = names.resolve(c.getNameWithScope(), c);
    if (name.isEmpty()) {
      return null;
    }
    List<Sig.Arg> args = new ArrayList<>();
    for (Type t : c.getTypeArguments().orElse(new com.github.javaparser.ast.NodeList<>())) {
      if (t instanceof WildcardType w) {
        if (w.getExtendedType().isPresent()) {
          Sig s = sig(w.getExtendedType().get());
          args.add(s == null ? Sig.Arg.ANY : new Sig.Arg('+', s));
        } else {
          args.add(Sig.Arg.ANY);
        }
      } else {
        Sig s = sig(t);
        args.add(s == null ? Sig.Arg.ANY : new Sig.Arg('=', s));
      }
    }
    return new Sig.ClassRef(name.get(), args);
  }

  /** A written type converted at its place, type variables of the enclosing declarations erased to their bounds. */
  Optional<MType> typeAt(Type type) {
    Sig s = sig(type);
    if (s == null) {
      return Optional.empty();
    }
    Map<String, Sig.TypeParam> bounds = new HashMap<>();
    for (Optional<Node> n = Optional.of(type); n.isPresent(); n = n.get().getParentNode()) {
      if (n.get() instanceof NodeWithTypeParameters<?> g) {
        for (TypeParameter tp : g.getTypeParameters()) {
          List<Sig> b = new ArrayList<>();
          for (ClassOrInterfaceType bt : tp.getTypeBound()) {
            Sig bs = sig(bt);
            if (bs != null) {
              b.add(bs);
            }
          }
          bounds.putIfAbsent(tp.getNameAsString(), new Sig.TypeParam(tp.getNameAsString(), b));
        }
      }
    }
    return convert(s, Map.of(), bounds, 0);
  }

  private static boolean isTypeVariable(String simple, Node context) {
    for (Optional<Node> n = Optional.of(context); n.isPresent(); n = n.get().getParentNode()) {
      if (n.get() instanceof NodeWithTypeParameters<?> g
          && g.getTypeParameters().stream().anyMatch(tp -> tp.getNameAsString().equals(simple))) {
        return true;
      }
    }
    return false;
  }

  // ---- The generated model ----

  private static final class ModelDeclared implements Declared {
    private final ModelType type;

    ModelDeclared(ModelType type) {
      this.type = type;
    }

    @Override
    public List<Sig.TypeParam> typeParams() {
      return type.typeParameters();
    }

    @Override
    public List<Edge> supertypes() {
      List<Edge> out = new ArrayList<>();
      for (ModelType.Supertypes header : type.supertypes()) {
        for (Sig s : header.signature().supers()) {
          out.add(new Edge(s, header.lines()));
        }
      }
      return out;
    }

    @Override
    public List<MethodView> methods(String name) {
      List<MethodView> out = new ArrayList<>();
      for (ModelMethod m : type.methods(name)) {
        Sig.MethodSig s = m.signature();
        out.add(new MethodView(s.params(), m.arity(), m.isVarargs(), s.result(), m.lines()));
      }
      return out;
    }

    @Override
    public Optional<Sig> field(String name) {
      return type.field(name).map(f -> f.type());
    }
  }

  // ---- The running JDK (java.util.Optional, CompletableFuture, Supplier, ...) ----

  private static Optional<Declared> jdk(String name) {
    if (!(name.startsWith("java.") || name.startsWith("javax."))) {
      return Optional.empty();
    }
    Class<?> c = jdkClass(name);
    return c == null ? Optional.empty() : Optional.of(new JdkDeclared(c));
  }

  private static Class<?> jdkClass(String name) {
    String binary = name;
    while (true) {
      try {
        return Class.forName(binary, false, ClassLoader.getPlatformClassLoader());
      } catch (ClassNotFoundException | LinkageError e) {
        int dot = binary.lastIndexOf('.');
        if (dot < 0) {
          return null;
        }
        binary = binary.substring(0, dot) + "$" + binary.substring(dot + 1); // a nested type: Map.Entry
        if (!Character.isUpperCase(binary.charAt(binary.lastIndexOf('.') + 1))) {
          return null;
        }
      }
    }
  }

  private static final class JdkDeclared implements Declared {
    private final Class<?> type;

    JdkDeclared(Class<?> type) {
      this.type = type;
    }

    @Override
    public List<Sig.TypeParam> typeParams() {
      return reflectParams(type.getTypeParameters());
    }

    @Override
    public List<Edge> supertypes() {
      List<Edge> out = new ArrayList<>();
      if (type.getGenericSuperclass() != null) {
        out.add(new Edge(reflect(type.getGenericSuperclass()), -1L));
      }
      for (java.lang.reflect.Type i : type.getGenericInterfaces()) {
        out.add(new Edge(reflect(i), -1L));
      }
      return out;
    }

    @Override
    public List<MethodView> methods(String name) {
      List<MethodView> out = new ArrayList<>();
      for (Method m : type.getDeclaredMethods()) {
        if (m.getName().equals(name) && !m.isSynthetic() && !m.isBridge()
            && (m.getModifiers() & (Modifier.PUBLIC | Modifier.PROTECTED)) != 0) {
          out.add(new MethodView(reflectParams(m.getTypeParameters()), m.getParameterCount(), m.isVarArgs(),
              reflect(m.getGenericReturnType()), -1L));
        }
      }
      return out;
    }

    @Override
    public Optional<Sig> field(String name) {
      try {
        return Optional.of(reflect(type.getField(name).getGenericType()));
      } catch (NoSuchFieldException e) {
        return Optional.empty();
      }
    }

    private static List<Sig.TypeParam> reflectParams(TypeVariable<?>[] vars) {
      List<Sig.TypeParam> out = new ArrayList<>();
      for (TypeVariable<?> v : vars) {
        List<Sig> bounds = new ArrayList<>();
        for (java.lang.reflect.Type b : v.getBounds()) {
          bounds.add(reflect(b)); // Object too: the solver erases an unbounded variable to it
        }
        out.add(new Sig.TypeParam(v.getName(), bounds));
      }
      return out;
    }

    private static Sig reflect(java.lang.reflect.Type t) {
      if (t instanceof Class<?> c) {
        if (c.isPrimitive()) {
          return new Sig.Primitive(c == boolean.class ? 'Z' : c == long.class ? 'J'
              : c == void.class ? 'V' : Character.toUpperCase(c.getName().charAt(0)));
        }
        if (c.isArray()) {
          return new Sig.Array(reflect(c.getComponentType()));
        }
        return Sig.ClassRef.raw(c.getName().replace('$', '.'));
      }
      if (t instanceof ParameterizedType p) {
        List<Sig.Arg> args = new ArrayList<>();
        for (java.lang.reflect.Type a : p.getActualTypeArguments()) {
          if (a instanceof java.lang.reflect.WildcardType w) {
            args.add(w.getLowerBounds().length > 0 || w.getUpperBounds()[0] == Object.class ? Sig.Arg.ANY
                : new Sig.Arg('+', reflect(w.getUpperBounds()[0])));
          } else {
            args.add(new Sig.Arg('=', reflect(a)));
          }
        }
        return new Sig.ClassRef(((Class<?>) p.getRawType()).getName().replace('$', '.'), args);
      }
      if (t instanceof TypeVariable<?> v) {
        return new Sig.Var(v.getName());
      }
      if (t instanceof GenericArrayType g) {
        return new Sig.Array(reflect(g.getGenericComponentType()));
      }
      return new Sig.Primitive('V');
    }
  }
}
