package io.github.informerguard.analyzer.rules.cancel;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import io.github.informerguard.analyzer.api.TypeFacts;
import io.github.informerguard.analyzer.catalog.LifecycleApis;
import java.util.Optional;

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
    if (types.callIndexFiles().isEmpty()) {
      return false;
    }
    // The index kept, as it read each file, whether it names one of these words: no file is read again.
    return !types.sourcesMention(LifecycleApis.FACTORY_STOP_MENTIONS).orElse(true);
  }
}
