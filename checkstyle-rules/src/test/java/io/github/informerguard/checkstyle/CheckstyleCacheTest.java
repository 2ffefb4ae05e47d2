package io.github.informerguard.checkstyle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.puppycrawl.tools.checkstyle.DefaultConfiguration;
import io.github.informerguard.checkstyle.CheckstyleHarness.Reported;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What Checkstyle's own result cache (which maven-checkstyle-plugin always turns on, as
 * {@code target/checkstyle-cachefile}) does to a finding caused by a constant in another file,
 * and the setting the README gives to avoid it.
 */
class CheckstyleCacheTest {

  @TempDir
  Path temp;

  private Path src;
  private Path periods;

  private void writeSources(long resyncMillis, long modified) throws Exception {
    src = Files.createDirectories(temp.resolve("src/main/java"));
    Path pkg = Files.createDirectories(src.resolve("demo"));
    periods = pkg.resolve("Periods.java");
    Files.writeString(periods, "package demo;\n\npublic final class Periods {\n"
        + "  public static final long RESYNC = " + resyncMillis + "L;\n}\n");
    Files.setLastModifiedTime(periods, FileTime.fromMillis(modified));
    Path uses = pkg.resolve("Uses.java");
    if (!Files.exists(uses)) {
      Files.writeString(uses, """
          package demo;

          import io.fabric8.kubernetes.api.model.Pod;
          import io.fabric8.kubernetes.client.KubernetesClient;
          import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
          import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

          class Uses {
            SharedIndexInformer<Pod> start(KubernetesClient client, ResourceEventHandler<Pod> h) {
              return client.pods().inform(h, Periods.RESYNC);
            }
          }
          """);
      Files.setLastModifiedTime(uses, FileTime.fromMillis(1_000_000L));
    }
  }

  private List<Reported> run(String cacheFile) throws Exception {
    DefaultConfiguration config = CheckstyleHarness.loadXml(temp, """
        <?xml version="1.0"?>
        <!DOCTYPE module PUBLIC "-//Checkstyle//DTD Checkstyle Configuration 1.3//EN"
            "https://checkstyle.org/dtds/configuration_1_3.dtd">
        <module name="Checker"><module name="ShortResyncPeriod"/></module>
        """);
    config.addProperty("cacheFile", cacheFile);
    CheckstyleHarness.Run run = CheckstyleHarness.run(config, src, CheckstyleHarness.javaFiles(src));
    assertThat(run.exceptions()).isEmpty();
    return List.copyOf(run.reported());
  }

  @Test
  void defaultCacheHidesAFindingCausedByAConstantInAnotherFile() throws Exception {
    String cache = temp.resolve("target/checkstyle-cachefile").toString();
    writeSources(600_000, 2_000_000L);
    assertThat(run(cache)).as("10 minutes is fine").isEmpty();
    writeSources(30_000, 3_000_000L);
    assertThat(run(cache)).as("Uses.java had no violation and did not change: Checkstyle skips it").isEmpty();
    assertThat(run(temp.resolve("fresh-cache").toString())).as("without the old cache the finding is there")
        .extracting(Reported::file).containsExactly("demo/Uses.java");
  }

  @Test
  void aCacheFileThatKeepsNothingReportsItAtOnce() throws Exception {
    assumeTrue(Files.isWritable(Path.of("/dev/null")), "/dev/null exists on Linux and macOS");
    writeSources(600_000, 2_000_000L);
    assertThat(run("/dev/null")).isEmpty();
    writeSources(30_000, 3_000_000L);
    assertThat(run("/dev/null")).extracting(Reported::file).containsExactly("demo/Uses.java");
  }
}
