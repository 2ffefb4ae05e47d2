package io.github.informerguard.analyzer.engine;

import io.github.informerguard.analyzer.policy.Policy;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What to analyze and how.
 *
 * @param inputs files or directories (searched recursively for {@code .java})
 * @param classpath jars and class folders; empty selects lenient mode, present selects precise
 * @param policy rule settings and excludes
 * @param onlyRules when present, run only these rule ids (CLI {@code --rules})
 * @param workingDirectory reports show paths relative to it
 * @param threads worker threads; 0 means one per available core
 */
public record AnalysisRequest(
    List<Path> inputs,
    Optional<List<Path>> classpath,
    Policy policy,
    Optional<Set<String>> onlyRules,
    Path workingDirectory,
    int threads) {

  public AnalysisRequest {
    inputs = List.copyOf(inputs);
    classpath = classpath.map(List::copyOf);
    onlyRules = onlyRules.map(Set::copyOf);
  }

  public static AnalysisRequest lenient(List<Path> inputs, Policy policy, Path workingDirectory) {
    return new AnalysisRequest(inputs, Optional.empty(), policy, Optional.empty(), workingDirectory, 0);
  }

  public static AnalysisRequest precise(List<Path> inputs, List<Path> classpath, Policy policy, Path workingDirectory) {
    return new AnalysisRequest(inputs, Optional.of(classpath), policy, Optional.empty(), workingDirectory, 0);
  }
}
