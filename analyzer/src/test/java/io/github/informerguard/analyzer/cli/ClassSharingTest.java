package io.github.informerguard.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The relaunch's class data sharing archive: written by a run that parsed a file, used by the runs
 * after it, dropped when the run parsed nothing or was interrupted, never used for another jar, and
 * left alone when the caller chose sharing options of its own.
 */
class ClassSharingTest {

  @TempDir Path dir;
  private Path cache;
  private Path jar;

  @BeforeEach
  void setUp() throws Exception {
    cache = dir.resolve("cache");
    jar = dir.resolve("informer-guard.jar");
    Files.writeString(jar, "a jar");
    Files.createDirectories(dir.resolve("classes/p"));
    Files.writeString(dir.resolve("classes/p/A.class"), "a class");
    System.setProperty(ClassSharing.DIR, cache.toString());
  }

  @AfterEach
  void tearDown() {
    System.clearProperty(ClassSharing.DIR);
    System.clearProperty(ClassSharing.MARKER);
  }

  private static String option(List<String> options, String prefix) {
    return options.stream().filter(o -> o.startsWith(prefix)).findFirst().map(o -> o.substring(prefix.length())).orElse(null);
  }

  @Test
  void aRunThatParsedWritesTheArchiveThatTheNextRunMaps() throws Exception {
    ClassSharing first = ClassSharing.plan(List.of(), Map.of(), jar.toString());
    Path pending = Path.of(option(first.options(), "-XX:ArchiveClassesAtExit="));
    String marker = option(first.options(), "-D" + ClassSharing.MARKER + "=");
    assertThat(option(first.options(), "-XX:SharedArchiveFile=")).isNull();
    assertThat(first.options()).contains("-Xlog:cds*=off");

    // The child: the JVM writes the archive at exit, the CLI marks that it parsed a file.
    Files.writeString(pending, "archive");
    System.setProperty(ClassSharing.MARKER, marker);
    ClassSharing.analyzed(3);
    first.finish(0);

    ClassSharing second = ClassSharing.plan(List.of(), Map.of(), jar.toString());
    Path archive = Path.of(option(second.options(), "-XX:SharedArchiveFile="));
    assertThat(archive).hasContent("archive");
    assertThat(option(second.options(), "-XX:ArchiveClassesAtExit=")).isNull();
    try (var files = Files.list(cache)) {
      assertThat(files).containsExactly(archive);
    }

    // A rebuilt jar (another size or time) gets an archive of its own.
    Files.writeString(jar, "a rebuilt jar");
    Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 5_000));
    assertThat(option(ClassSharing.plan(List.of(), Map.of(), jar.toString()).options(), "-XX:ArchiveClassesAtExit="))
        .isNotNull();
  }

  @Test
  void aRunThatParsedNothingOrWasInterruptedLeavesNoArchive() throws Exception {
    for (int parsed : new int[] {0, 5}) {
      ClassSharing run = ClassSharing.plan(List.of(), Map.of(), jar.toString());
      Files.writeString(Path.of(option(run.options(), "-XX:ArchiveClassesAtExit=")), "archive");
      System.setProperty(ClassSharing.MARKER, option(run.options(), "-D" + ClassSharing.MARKER + "="));
      ClassSharing.analyzed(parsed);
      run.finish(parsed == 0 ? 0 : 130);
      try (var files = Files.list(cache)) {
        assertThat(files).as("parsed " + parsed).isEmpty();
      }
    }
  }

  @Test
  void theCallersOwnSharingOptionsOrAnOptOutTurnItOff() {
    for (String own : List.of("-Xshare:off", "-XX:SharedArchiveFile=/x.jsa", "-XX:ArchiveClassesAtExit=/y.jsa")) {
      assertThat(ClassSharing.plan(List.of(own), Map.of(), jar.toString()).options()).as(own).isEmpty();
    }
    assertThat(ClassSharing.plan(List.of(), Map.of(ClassSharing.NO_CDS_ENV, "1"), jar.toString()).options()).isEmpty();
    // A folder of classes on the class path (a build's target/classes) would stop the JVM from starting.
    assertThat(ClassSharing.plan(List.of(), Map.of(), dir.resolve("classes") + java.io.File.pathSeparator + jar).options())
        .isEmpty();
    assertThat(ClassSharing.plan(List.of(), Map.of(ClassSharing.NO_CDS_ENV, "0"), jar.toString()).options()).isNotEmpty();
  }
}
