package io.github.informerguard.runtime.testing;

import java.util.Set;
import java.util.stream.Collectors;

/** Thread snapshots for leak checks. */
public final class Threads {
  private Threads() {}

  public static Set<Thread> live() {
    return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).collect(Collectors.toSet());
  }

  public static Set<String> newSince(Set<Thread> before, String prefix) {
    return live().stream().filter(t -> !before.contains(t)).map(Thread::getName)
        .filter(n -> n.startsWith(prefix)).collect(Collectors.toSet());
  }
}
