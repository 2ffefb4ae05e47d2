package io.github.informerguard.analyzer.api;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.DataKey;
import com.github.javaparser.ast.Node;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The nodes of one compilation unit by kind, collected in one pre-order walk before the rules run
 * (SonarJava's {@code nodesToVisit()}): a rule or helper that asks for the file's method calls
 * gets them from here instead of walking the whole tree again. The lists are in the order
 * {@code unit.findAll(kind)} gives. A kind nobody subscribed to, or a unit without an index (a
 * file the rules followed a declaration into), falls back to a walk of its own, which
 * {@link #unsubscribedWalks()} and {@link #otherUnitWalks()} count.
 */
public final class FileNodes {

  private static final DataKey<FileNodes> KEY = new DataKey<>() {};
  private static final AtomicLong UNSUBSCRIBED_WALKS = new AtomicLong();
  private static final AtomicLong OTHER_UNIT_WALKS = new AtomicLong();

  private final Map<Class<?>, List<Node>> byKind = new IdentityHashMap<>();

  private FileNodes(CompilationUnit unit, Collection<Class<? extends Node>> kinds) {
    List<Class<? extends Node>> wanted = new ArrayList<>(kinds);
    List<List<Node>> lists = new ArrayList<>(wanted.size());
    for (Class<? extends Node> k : wanted) {
      List<Node> list = new ArrayList<>();
      lists.add(list);
      byKind.put(k, list);
    }
    // Pre-order, children left to right, as unit.walk(PREORDER, ..) and findAll go; with an
    // ArrayDeque, not JavaParser's iterator, whose java.util.Stack (a synchronized Vector) took
    // about a tenth of a lenient run's CPU.
    ArrayDeque<Node> pending = new ArrayDeque<>();
    pending.push(unit);
    while (!pending.isEmpty()) {
      Node n = pending.pop();
      for (int i = 0; i < wanted.size(); i++) {
        if (wanted.get(i).isInstance(n)) {
          lists.get(i).add(n);
        }
      }
      List<Node> children = n.getChildNodes();
      for (int c = children.size() - 1; c >= 0; c--) {
        pending.push(children.get(c));
      }
    }
  }

  /** Walks {@code unit} once, collecting the nodes of every kind in {@code kinds}, and attaches the result to it. */
  public static FileNodes index(CompilationUnit unit, Collection<Class<? extends Node>> kinds) {
    FileNodes nodes = new FileNodes(unit, kinds);
    unit.setData(KEY, nodes);
    return nodes;
  }

  /** Drops the index of {@code unit} (its trees may be cached beyond the analysis). */
  public static void release(CompilationUnit unit) {
    unit.removeData(KEY);
  }

  /**
   * Every node of {@code kind} in {@code unit}, in pre-order: from the unit's index when it has one
   * for that kind, else from a walk.
   */
  @SuppressWarnings("unchecked")
  public static <T extends Node> List<T> of(CompilationUnit unit, Class<T> kind) {
    if (unit.containsData(KEY)) {
      List<Node> indexed = unit.getData(KEY).byKind.get(kind);
      if (indexed != null) {
        return (List<T>) Collections.unmodifiableList(indexed);
      }
      UNSUBSCRIBED_WALKS.incrementAndGet();
    } else {
      OTHER_UNIT_WALKS.incrementAndGet();
    }
    return unit.findAll(kind);
  }

  /**
   * How many walks {@link #of} made of a file under analysis for a kind no rule subscribed to, since
   * the JVM started: each is a second walk of that file (for tests and benchmarks).
   */
  public static long unsubscribedWalks() {
    return UNSUBSCRIBED_WALKS.get();
  }

  /** How many walks {@link #of} made of other files' trees (a declaration the rules followed into another file). */
  public static long otherUnitWalks() {
    return OTHER_UNIT_WALKS.get();
  }
}
