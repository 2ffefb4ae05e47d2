package io.github.informerguard.maven;

import io.github.informerguard.analyzer.report.sarif.SarifLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

/**
 * The one SARIF log of a whole reactor, at the execution root's
 * {@code target/informer-guard/informer-guard.sarif}: every module's run, each with its own
 * automation id, so that one upload to code scanning covers the build.
 *
 * <p>Rewritten after each module from the module logs written in this build (older ones, from
 * modules skipped or no longer analyzed, are left out), so it is complete once the last module
 * is done, in whatever order parallel builds finish them.
 */
final class ReactorSarif {

  /** Guards the reactor file: modules of a parallel build finish on several threads. */
  private static final Object LOCK = new Object();

  private ReactorSarif() {}

  static Path location(Path executionRoot) {
    return executionRoot.resolve("target").resolve("informer-guard").resolve(CheckMojo.SARIF_REPORT);
  }

  /**
   * Writes the reactor log from {@code moduleLogs} (in reactor order) that were written at or
   * after {@code buildStart}; returns how many runs it holds.
   */
  static int write(Path target, Path repositoryRoot, List<Path> moduleLogs, long buildStart) throws IOException {
    synchronized (LOCK) {
      SarifLog log = new SarifLog(repositoryRoot);
      for (Path module : moduleLogs) {
        if (!module.equals(target) && Files.isRegularFile(module)
            && !Files.getLastModifiedTime(module).toInstant().isBefore(FileTime.fromMillis(buildStart).toInstant())) {
          log.addRunsOf(module);
        }
      }
      log.write(target);
      return log.automationIds().size();
    }
  }
}
