package io.github.informerguard.maven;

import io.github.informerguard.analyzer.report.sarif.SarifLog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;

/**
 * The one SARIF log of a whole reactor, at the execution root's
 * {@code target/informer-guard/informer-guard.sarif}: every module's run, each with its own
 * automation id, so that one upload to code scanning covers the build.
 *
 * <p>Rewritten after each module from the module logs written in this build (older ones, from
 * modules skipped or no longer analyzed, are left out), so it is complete once the last module
 * is done, in whatever order parallel builds finish them. Beside it, {@code informer-guard.sarif.inputs}
 * lists the module logs it was made from with their SHA-256: while those are exactly the module
 * logs of the build's projects, unchanged, the file is kept as it is (a build in which no module
 * changed reads and writes no SARIF, and so needs no JSON data binding at all).
 */
final class ReactorSarif {

  /** What {@link #write} returns when the reactor log already held every module's current run. */
  static final int KEPT = -1;

  /** Guards the reactor file and its inputs list: modules of a parallel build finish on several threads. */
  private static final Object LOCK = new Object();

  private ReactorSarif() {}

  static Path location(Path executionRoot) {
    return executionRoot.resolve("target").resolve("informer-guard").resolve(CheckMojo.SARIF_REPORT);
  }

  /**
   * Writes the reactor log from {@code moduleLogs} (in reactor order) that were written at or
   * after {@code buildStart}; returns how many runs it holds, or {@link #KEPT} when it was left
   * as it was because it already held every one of {@code moduleLogs} as it is now.
   */
  static int write(Path target, Path repositoryRoot, List<Path> moduleLogs, long buildStart) throws IOException {
    synchronized (LOCK) {
      Path inputs = target.resolveSibling(CheckMojo.SARIF_REPORT + ".inputs");
      List<Path> present = new ArrayList<>();
      List<Path> current = new ArrayList<>();
      for (Path module : moduleLogs) {
        if (!module.equals(target) && Files.isRegularFile(module)) {
          present.add(module);
          if (!Files.getLastModifiedTime(module).toInstant().isBefore(FileTime.fromMillis(buildStart).toInstant())) {
            current.add(module);
          }
        }
      }
      if (Files.isRegularFile(target) && Files.isRegularFile(inputs)
          && Files.readString(inputs, StandardCharsets.UTF_8).equals(describe(present))) {
        return KEPT;
      }
      SarifLog log = new SarifLog(repositoryRoot);
      for (Path module : current) {
        log.addRunsOf(module);
      }
      // The old list goes first: a build killed while the log is written leaves no list, so the
      // next build rewrites the log instead of keeping half of one.
      Files.deleteIfExists(inputs);
      log.write(target);
      Files.writeString(inputs, describe(current), StandardCharsets.UTF_8);
      return log.automationIds().size();
    }
  }

  private static String describe(List<Path> logs) {
    StringBuilder s = new StringBuilder();
    for (Path log : logs) {
      s.append(FileHashes.compute(log)).append(' ').append(log).append('\n');
    }
    return s.toString();
  }
}
