package io.github.informerguard.maven;

import io.github.informerguard.analyzer.api.RuleDescriptor;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Analyses started by the {@code start} goal, early in a module's build, on a background thread,
 * and taken by the {@code check} goal of the same module and build at {@code verify}. A clean
 * module's build is mostly one thread (javac, then jar), so on a machine with a second core the
 * analysis runs beside it instead of after it.
 *
 * <p>Nothing here is written anywhere: an outcome is results in memory, which the check goal
 * checks against the files as they are when it runs (see {@link CheckMojo}) before using any of
 * them. A build that fails before {@code check} leaves its outcome unused; the thread is a daemon
 * and ends a few seconds after its last task, and an outcome of an earlier build (a Maven JVM
 * that runs several builds) is dropped by the next build's first start or check, cancelled if it
 * has not begun. One that has begun is not interrupted: the engine's parsing workers are not
 * written to be, and it ends by itself.
 * Shared by the modules of a {@code -T} build: one thread runs their analyses one after the
 * other, so they do not multiply the analysis' own workers.
 */
final class EarlyAnalysis {

  /**
   * What the start goal found: the run key it used, the cache it loaded under that key, and the
   * results of the files it analyzed (those the cache could not supply), by absolute path.
   */
  record Outcome(String key, ResultCache stored, Map<Path, ResultCache.Entry> analyzed, List<RuleDescriptor> rules,
      int parsed, long millis) {}

  /** {@code begun}: a future cannot tell a running task from a waiting one (both cancel). */
  private record Pending(Object build, Future<Outcome> outcome, AtomicBoolean begun) {}

  private static final Map<String, Pending> PENDING = new ConcurrentHashMap<>();

  private static final ThreadPoolExecutor WORKER = worker();

  private EarlyAnalysis() {}

  private static ThreadPoolExecutor worker() {
    ClassLoader realm = EarlyAnalysis.class.getClassLoader();
    ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 5, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), task -> {
      Thread t = new Thread(task, "informer-guard-early-analysis");
      t.setDaemon(true);
      // The analyzer's libraries are in the plugin's realm, not in the realm of whichever build
      // thread happened to create this one.
      t.setContextClassLoader(realm);
      return t;
    });
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }

  /** Starts {@code work} for {@code module} in {@code build}; an unused outcome of another build is dropped. */
  static void start(Object build, String module, Callable<Outcome> work) {
    dropOtherBuilds(build);
    AtomicBoolean begun = new AtomicBoolean();
    Future<Outcome> outcome = WORKER.submit(() -> {
      begun.set(true);
      return work.call();
    });
    Pending previous = PENDING.put(module, new Pending(build, outcome, begun));
    if (previous != null) {
      previous.outcome().cancel(false);
    }
  }

  /** What the check found of its module's start goal: an outcome, or why there is none ({@code why}). */
  record Taken(Optional<Outcome> outcome, String why) {
    static final String NONE = "none started";
  }

  /**
   * The outcome started for {@code module} in {@code build}, waited for; none when none was
   * started, when it failed, or when it had not begun yet (then the caller is better off
   * analyzing itself than queueing behind other modules).
   */
  static Taken take(Object build, String module) throws InterruptedException {
    dropOtherBuilds(build);
    Pending pending = PENDING.remove(module);
    if (pending == null || pending.build() != build) {
      return new Taken(Optional.empty(), Taken.NONE);
    }
    if (!pending.begun().get() && pending.outcome().cancel(false)) {
      return new Taken(Optional.empty(), "it had not begun, other modules' analyses ahead of it");
    }
    try {
      return new Taken(Optional.of(pending.outcome().get()), "");
    } catch (ExecutionException e) {
      return new Taken(Optional.empty(), "it failed: " + e.getCause());
    } catch (java.util.concurrent.CancellationException e) {
      return new Taken(Optional.empty(), "it was cancelled");
    }
  }

  private static void dropOtherBuilds(Object build) {
    PENDING.entrySet().removeIf(e -> {
      boolean other = e.getValue().build() != build;
      if (other) {
        e.getValue().outcome().cancel(false);
      }
      return other;
    });
  }

  /**
   * Whether a build of {@code tasks} (the phases and goals on Maven's command line) reaches a
   * check goal bound to one of {@code checkPhases}, given the default lifecycle's
   * {@code phases} in order: the start goal analyzes nothing when the check would not use it
   * ({@code mvn package}, {@code mvn compile}).
   */
  static boolean checkRuns(List<String> tasks, List<String> phases, Set<String> checkPhases, String prefix,
      String groupAndArtifact) {
    int earliest = checkPhases.stream().mapToInt(phases::indexOf).filter(i -> i >= 0).min().orElse(Integer.MAX_VALUE);
    for (String task : tasks) {
      if (task.contains(":")) {
        if (task.equals(prefix + ":check")
            || (task.startsWith(groupAndArtifact + ":") && task.endsWith(":check"))) {
          return true;
        }
      } else if (phases.indexOf(task) >= earliest) {
        return true;
      }
    }
    return false;
  }
}
