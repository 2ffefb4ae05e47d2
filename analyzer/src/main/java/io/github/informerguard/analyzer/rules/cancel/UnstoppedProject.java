package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.catalog.LifecycleApis;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Sources in which nothing can stop a client-java SharedInformerFactory: no file of the analysis
 * (the analyzed files and every file under their source roots) names stopAllRegisteredInformers()
 * anywhere (a call, a method reference, a destroy method given as text) or a ControllerManager or
 * LeaderElectingController (whose shutdown() stops the factory they run). client-java factories have
 * no other stop: no close() for a container to infer, no client that stops them when closed. So a
 * factory such sources start runs until the process is killed, on non-daemon threads, even when a
 * getter or a constructor parameter makes it look owned elsewhere. Only starts outside {@code main}
 * count (a main's factory lives as long as the process by design). Text-based on purpose: a mention
 * anywhere only withholds the finding.
 */
final class UnstoppedProject {

  /** Words whose presence in any source file means a factory may be stopped there. */
  private static final Set<String> STOP_WORDS = Stream.concat(LifecycleApis.FACTORY_STOPS.stream(),
      Stream.of("ControllerManager", "LeaderElectingController")).collect(Collectors.toSet());

  /** The answer per call-index file list (the same list object until a file changes). */
  private static final Map<Collection<Path>, Boolean> MENTIONS = Collections.synchronizedMap(new IdentityHashMap<>());

  private UnstoppedProject() {}

  /** Whether the start at {@code start} of a client-java factory of simple type {@code factoryType} is never stopped. */
  static boolean neverStopped(TypeFacts types, Node start, String factoryType) {
    Optional<CallableDeclaration> callable = start.findAncestor(CallableDeclaration.class);
    if (callable.isEmpty() || callable.get() instanceof MethodDeclaration m && m.isStatic()
        && m.getNameAsString().equals("main")) {
      return false;
    }
    // The call index answers only when it read the sources; it also records them as this file's inputs.
    for (String stop : LifecycleApis.FACTORY_STOPS) {
      Optional<Boolean> called = types.calledInSources(factoryType, stop, 0);
      if (called.isEmpty() || called.get()) {
        return false;
      }
    }
    Collection<Path> files = types.callIndexFiles();
    if (files.isEmpty()) {
      return false;
    }
    synchronized (MENTIONS) {
      if (MENTIONS.size() > 16) {
        MENTIONS.clear(); // a long-lived front end: keep only recent indexes
      }
    }
    return !MENTIONS.computeIfAbsent(files, UnstoppedProject::anyMentionsAStop);
  }

  private static boolean anyMentionsAStop(Collection<Path> files) {
    for (Path f : files) {
      try {
        // Latin-1 reads any byte: the words looked for are ASCII.
        String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
        if (STOP_WORDS.stream().anyMatch(text::contains)) {
          return true;
        }
      } catch (IOException | SecurityException e) {
        return true; // a file that cannot be read may stop it
      }
    }
    return false;
  }
}
