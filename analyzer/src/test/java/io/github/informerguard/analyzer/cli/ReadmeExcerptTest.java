package io.github.informerguard.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The quick-start excerpt in the root README.md is a copy of real output, and copies go stale when
 * rules or messages change: this runs the CLI on {@code samples/} as the README says to and requires
 * every line of the excerpt (between {@code <!-- excerpt: cli-samples -->} and
 * {@code <!-- /excerpt -->}) in that output. Only the run's milliseconds may differ; a line that is
 * just {@code ...} stands for the lines left out. To refresh the excerpt, copy the lines from
 * {@code java -jar analyzer/target/informer-guard.jar samples}.
 */
class ReadmeExcerptTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern BLOCK =
      Pattern.compile("<!-- excerpt: cli-samples -->\\n```\\n(.*?)```\\n<!-- /excerpt -->", Pattern.DOTALL);

  @Test
  void everyLineOfTheQuickStartExcerptIsInTheRealOutputOnSamples() throws IOException {
    Matcher block = BLOCK.matcher(Files.readString(ROOT.resolve("README.md")));
    assertThat(block.find()).as("README.md has the cli-samples excerpt block").isTrue();
    List<String> excerpt = block.group(1).lines().filter(l -> !l.equals("...")).toList();
    assertThat(excerpt).as("the excerpt shows findings and the summary").hasSizeGreaterThan(1);

    StringWriter out = new StringWriter();
    int status = Main.run(new String[] {"samples"}, ROOT, new PrintWriter(out), new PrintWriter(new StringWriter()));

    assertThat(status).as("exit status the README promises").isEqualTo(1);
    List<String> real = out.toString().lines().map(ReadmeExcerptTest::withoutMillis).toList();
    assertThat(real).as("real output of java -jar informer-guard.jar samples (refresh README.md's excerpt from it)")
        .containsAll(excerpt.stream().map(ReadmeExcerptTest::withoutMillis).toList());
  }

  /** The summary's timing is the one part of the output that differs between runs. */
  private static String withoutMillis(String line) {
    return line.replaceFirst(", \\d+ ms$", ", N ms");
  }
}
