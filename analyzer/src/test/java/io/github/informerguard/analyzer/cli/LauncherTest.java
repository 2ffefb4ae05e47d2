package io.github.informerguard.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LauncherTest {

  @TempDir Path dir;

  @Test
  void relaunchesUnlessTheFlagIsSetOptedOutOrAlreadyRelaunched() {
    assertThat(Launcher.shouldRelaunch(List.of("-Xmx1g"), Map.of(), null, null)).isTrue();
    assertThat(Launcher.shouldRelaunch(List.of("-XX:-DontCompileHugeMethods"), Map.of(), null, null)).isFalse();
    assertThat(Launcher.shouldRelaunch(List.of("-XX:+DontCompileHugeMethods"), Map.of(), null, null)).isFalse();
    assertThat(Launcher.shouldRelaunch(List.of(), Map.of(), null, "true")).isFalse();
    assertThat(Launcher.shouldRelaunch(List.of(), Map.of(), "false", null)).isFalse();
    assertThat(Launcher.shouldRelaunch(List.of(), Map.of("INFORMER_GUARD_NO_RELAUNCH", "1"), null, null)).isFalse();
    assertThat(Launcher.shouldRelaunch(List.of(), Map.of("INFORMER_GUARD_NO_RELAUNCH", "0"), null, null)).isTrue();
    assertThat(Launcher.shouldRelaunch(
        List.of("-agentlib:jdwp=transport=dt_socket,server=y,address=5005"), Map.of(), null, null)).isFalse();
  }

  @Test
  void relaunchKeepsTheJvmOptionsAndArgumentsAndAddsTheFlag() {
    List<String> command = Launcher.command(Path.of("/opt/jdk"), List.of("-Xmx2g", "-Dx=y"), "ig.jar",
        new String[] {"--format", "json", "src dir"});
    assertThat(command).containsExactly(Path.of("/opt/jdk/bin/java").toString(), "-Xmx2g", "-Dx=y",
        "-XX:-DontCompileHugeMethods", "-XX:TieredStopAtLevel=1", "-Dinformerguard.relaunched=true", "-cp", "ig.jar",
        Launcher.MAIN, "--format", "json", "src dir");
    // A compiler setting of the caller's own is kept as it is.
    assertThat(Launcher.command(Path.of("/opt/jdk"), List.of("-XX:TieredStopAtLevel=4"), "ig.jar", new String[0]))
        .containsOnlyOnce("-XX:TieredStopAtLevel=4").doesNotContain("-XX:TieredStopAtLevel=1");
    assertThat(Launcher.MAIN).isEqualTo(Main.class.getName());
  }

  @Test
  void theRelaunchedCliGetsTheFlagAndItsExitStatusAndOutputComeThrough() throws Exception {
    // -XX:+PrintCommandLineFlags is passed on, so each JVM prints its own flags: two lines, the second with the flag.
    Run ok = launch(Map.of(), "--list-rules");
    assertThat(ok.status).isZero();
    assertThat(ok.out).contains("ShortResyncPeriod");
    assertThat(flagLines(ok.out)).hasSize(2);
    assertThat(flagLines(ok.out).get(1)).contains("-XX:-DontCompileHugeMethods", "-XX:TieredStopAtLevel=1");
    // The test's class path holds folders of classes: no class sharing archive (the JVM would not start).
    assertThat(flagLines(ok.out).get(1)).doesNotContain("ArchiveClassesAtExit", "SharedArchiveFile");

    Run bad = launch(Map.of(), "--fail-on", "sometimes", "src");
    assertThat(bad.status).isEqualTo(2);
    assertThat(bad.err).contains("informer-guard:");

    Run optedOut = launch(Map.of("INFORMER_GUARD_NO_RELAUNCH", "1"), "--list-rules");
    assertThat(optedOut.status).isZero();
    assertThat(flagLines(optedOut.out)).singleElement().asString().doesNotContain("DontCompileHugeMethods");
  }

  private record Run(int status, String out, String err) {}

  private Run launch(Map<String, String> env, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:+PrintCommandLineFlags", "-Xmx128m",
        "-D" + ClassSharing.DIR + "=" + dir.resolve("cds"), "-cp", System.getProperty("java.class.path"), Launcher.class.getName()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
        .redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile());
    builder.environment().remove(Launcher.NO_RELAUNCH_ENV);
    builder.environment().putAll(env);
    Process p = builder.start();
    assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
    return new Run(p.exitValue(), Files.readString(dir.resolve("out.txt")), Files.readString(dir.resolve("err.txt")));
  }

  private static List<String> flagLines(String out) {
    return out.lines().filter(l -> l.contains("-XX:InitialHeapSize")).toList();
  }
}
