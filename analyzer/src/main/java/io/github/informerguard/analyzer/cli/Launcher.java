package io.github.informerguard.analyzer.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The runnable jar's entry point. JavaParser's lexer ({@code GeneratedJavaParserTokenManager
 * .jjMoveNfa_0}, 8,246 bytes of bytecode in 3.28.2) is larger than the 8,000 bytes above which
 * HotSpot never compiles a method, so the hottest method of a run would stay interpreted. When the
 * JVM was not started with {@code -XX:-DontCompileHugeMethods}, this starts the same java again
 * with it (and with the caller's JVM options), passes standard input, output and error through,
 * and exits with the analysis' exit status. It loads nothing of the analyzer before deciding.
 *
 * <p>The relaunch also stops the JIT at C1 ({@code -XX:TieredStopAtLevel=1}) unless the caller
 * chose a compiler setting: a run lasts seconds to a minute, and C2 spent more CPU compiling
 * JavaParser than its faster code saved (measured on the analyzer benchmark's tree, see
 * docs/benchmarks.md).
 *
 * <p>The relaunched JVM also maps the classes it needs from a class data sharing archive (AppCDS,
 * see {@link ClassSharing}) when one exists for this jar and JDK, and otherwise writes one as it
 * exits: loading and linking the parser's classes took about a sixth of a run's CPU.
 *
 * <p>Opt out with the environment variable {@code INFORMER_GUARD_NO_RELAUNCH=1} or
 * {@code -Dinformerguard.relaunch=false}; the relaunched JVM carries
 * {@code -Dinformerguard.relaunched=true} and never relaunches again.
 */
public final class Launcher {

  static final String HUGE_METHODS_FLAG = "-XX:-DontCompileHugeMethods";
  static final String C1_ONLY_FLAG = "-XX:TieredStopAtLevel=1";
  static final String RELAUNCHED = "informerguard.relaunched";
  static final String RELAUNCH = "informerguard.relaunch";
  static final String NO_RELAUNCH_ENV = "INFORMER_GUARD_NO_RELAUNCH";
  /** By name: the launcher decides before the CLI and its libraries are loaded. */
  static final String MAIN = "io.github.informerguard.analyzer.cli.Main";

  private Launcher() {}

  public static void main(String[] args) {
    List<String> jvmArgs = ManagementFactory.getRuntimeMXBean().getInputArguments();
    if (!shouldRelaunch(jvmArgs, System.getenv(), System.getProperty(RELAUNCH), System.getProperty(RELAUNCHED))) {
      Main.main(args);
      return;
    }
    List<String> command = command(Path.of(System.getProperty("java.home")), jvmArgs,
        System.getProperty("java.class.path"), args);
    ClassSharing sharing = ClassSharing.plan(jvmArgs, System.getenv(), System.getProperty("java.class.path"));
    command.addAll(1, sharing.options());
    Process child;
    try {
      ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
      // Their options are among this JVM's arguments already and are passed on with them.
      builder.environment().remove("JDK_JAVA_OPTIONS");
      builder.environment().remove("JAVA_TOOL_OPTIONS");
      child = builder.start();
    } catch (IOException | RuntimeException e) {
      // No second JVM (a restricted environment): the analysis still runs, only slower.
      Main.main(args);
      return;
    }
    // A terminated launcher must not leave the analysis running on its own.
    Runtime.getRuntime().addShutdownHook(new Thread(child::destroy));
    int status;
    try {
      status = child.waitFor();
    } catch (InterruptedException e) {
      child.destroy();
      Thread.currentThread().interrupt();
      status = 130;
    }
    sharing.finish(status);
    System.exit(status);
  }

  static boolean shouldRelaunch(List<String> jvmArgs, Map<String, String> env, String relaunch, String relaunched) {
    if ("true".equals(relaunched) || "false".equals(relaunch)) {
      return false;
    }
    String optOut = env.get(NO_RELAUNCH_ENV);
    if (optOut != null && !optOut.isEmpty() && !optOut.equals("0")) {
      return false;
    }
    // Whoever set the flag either way (-XX:+DontCompileHugeMethods too) has decided; a debugger
    // attached to this JVM must see the analysis, and a second JVM could not take its port.
    return jvmArgs.stream().noneMatch(a -> (a.startsWith("-XX:") && a.endsWith("DontCompileHugeMethods"))
        || a.startsWith("-agentlib:jdwp") || a.startsWith("-Xrunjdwp"));
  }

  /** The same java and JVM options, plus the flags, running the CLI itself on the same class path. */
  static List<String> command(Path javaHome, List<String> jvmArgs, String classPath, String[] args) {
    List<String> command = new ArrayList<>();
    command.add(javaHome.resolve("bin").resolve("java").toString());
    command.addAll(jvmArgs);
    command.add(HUGE_METHODS_FLAG);
    if (jvmArgs.stream().noneMatch(a -> a.startsWith("-XX:TieredStopAtLevel") || a.endsWith("TieredCompilation")
        || a.equals("-Xint") || a.equals("-Xcomp"))) {
      command.add(C1_ONLY_FLAG);
    }
    command.add("-D" + RELAUNCHED + "=true");
    command.add("-cp");
    command.add(classPath);
    command.add(MAIN);
    command.addAll(List.of(args));
    return command;
  }
}
