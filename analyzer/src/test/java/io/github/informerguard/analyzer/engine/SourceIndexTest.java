package io.github.informerguard.analyzer.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceIndexTest {

  @TempDir
  Path dir;

  /** A class of generated size (over the size up to which analyzed trees are offered to the cache). */
  private Path largeApiClass() throws Exception {
    StringBuilder text = new StringBuilder("package gen;\npublic class BigApi {\n");
    for (int i = 0; text.length() <= SourceIndex.MAX_CACHED_CHARS; i++) {
      text.append("  public String call").append(i).append("(String a) { return a + \"").append(i).append("\"; }\n");
    }
    text.append("  public static final String NAME = \"big\";\n}\n");
    Path file = dir.resolve("gen/BigApi.java");
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
    return file;
  }

  @Test
  void filesCallingListsTheFilesThatCallTheMethodAnyArityAndFollowsEdits() throws Exception {
    Path root = dir.resolve("src");
    Path caller = root.resolve("app/Starter.java");
    Files.createDirectories(caller.getParent());
    Files.writeString(caller, "package app;\nclass Starter { void go(C c) { c.pods().watch(null, w); } }\n");
    SourceFile declares = new SourceFile(root.resolve("app/Api.java"),
        "package app;\ninterface Api { Object watch(Object w); } // watch(x) in a comment\n");
    SourceFile mentions = new SourceFile(root.resolve("app/Names.java"),
        "package app;\nclass Names { String s = \"watch(w)\"; Runnable r = this::watch; void watch() {} }\n");
    SourceIndex index = new SourceIndex(List.of(declares, mentions));
    index.addByPath(caller, "app.Starter", Optional.of(root));
    // A declaration, a comment, a string and a method reference are no calls; the file known by path is one.
    assertThat(index.filesCalling("watch")).contains(List.of("app.Starter"));
    index.add(new SourceFile(declares.path(), "package app;\nclass Api { void open(W w) { w.watch(w); } }\n"));
    assertThat(index.filesCalling("watch").orElseThrow()).containsExactlyInAnyOrder("app.Starter", "app.Api");
  }

  @Test
  void filesCallingTakesWhatTheScreenRecordedInsteadOfReadingTheFileAgain() throws Exception {
    Path root = dir.resolve("src");
    Path screenedCaller = root.resolve("app/Starter.java");
    Path screenedOther = root.resolve("app/Other.java");
    Path unscreened = root.resolve("app/Beside.java");
    Files.createDirectories(screenedCaller.getParent());
    // On disk now: the screened caller no longer calls watch and the other file does. The answer
    // follows what the screen read, so neither file was read again; the file beside them that no
    // screen read (under the same source root) is read for it.
    Files.writeString(screenedCaller, "package app;\nclass Starter { }\n");
    Files.writeString(screenedOther, "package app;\nclass Other { void go(C c) { c.pods().watch(w); } }\n");
    Files.writeString(unscreened, "package app;\nclass Beside { void go(C c) { c.watch(null, w); } }\n");
    SourceIndex index = new SourceIndex(List.of());
    index.addByPath(screenedCaller, "app.Starter", Optional.of(root),
        FileFacts.of("app.Starter", "package app;\nclass Starter { void go(C c) { c.pods().watch(null, w); } }\n", 1));
    index.addByPath(screenedOther, "app.Other", Optional.of(root), FileFacts.of("app.Other", "package app;\nclass Other { }\n", 0));
    assertThat(index.filesCalling("watch").orElseThrow()).containsExactlyInAnyOrder("app.Starter", "app.Beside");
    assertThat(index.callIndexFiles()).hasSize(3);
  }

  @Test
  void mentionsOfAStopWordComeFromTheScreenAndFromTheFilesItDidNotRead() throws Exception {
    Path root = dir.resolve("src");
    Path screened = root.resolve("app/Runner.java");
    Files.createDirectories(screened.getParent());
    Files.writeString(screened, "package app;\nclass Runner { }\n");
    Set<String> stops = Set.of("stopAllRegisteredInformers");
    SourceIndex index = new SourceIndex(List.of());
    // The screen found the word (in a string: a destroy method named as text); the file has since lost it.
    index.addByPath(screened, "app.Runner", Optional.of(root), FileFacts.of("app.Runner",
        "package app;\nclass Runner { String destroy = \"stopAllRegisteredInformers\"; }\n",
        FileFacts.wordsIn("stopAllRegisteredInformers")));
    index.filesCalling("watch");
    assertThat(index.mentionedAnywhere(stops)).contains(true);
    assertThat(index.mentionedAnywhere(Set.of("ControllerManager"))).contains(false);
    // A word the index does not keep is looked for in the files as they are now.
    assertThat(index.mentionedAnywhere(Set.of("Runner"))).contains(true);
    assertThat(index.mentionedAnywhere(Set.of("Absent"))).contains(false);

    // Without screen facts (and without a filesCalling pass first, so the call index's own pass reads the
    // files): a file beside it that names a ControllerManager in a comment, and a binary .java file whose
    // bytes hold the stop.
    SourceIndex unscreened = new SourceIndex(List.of());
    unscreened.addByPath(screened, "app.Runner", Optional.of(root));
    Files.writeString(root.resolve("app/Beside.java"), "package app;\n// run by a ControllerManager\nclass Beside { }\n");
    assertThat(unscreened.mentionedAnywhere(Set.of("ControllerManager"))).contains(true);
    assertThat(unscreened.mentionedAnywhere(stops)).contains(false);
    Files.write(root.resolve("app/Blob.java"), "\0stopAllRegisteredInformers".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    SourceIndex withBinary = new SourceIndex(List.of());
    withBinary.addByPath(screened, "app.Runner", Optional.of(root));
    assertThat(withBinary.mentionedAnywhere(stops)).contains(true);
  }

  @Test
  void recordedFactsTellACallFromADeclarationACommentAStringAndAReference() {
    assertThat(FileFacts.of(new SourceFile(dir.resolve("A.java"), "class A { void f() { x.watch(); } }")).calls(0)).isTrue();
    assertThat(FileFacts.of(new SourceFile(dir.resolve("B.java"),
        "class B { Object watch(Object w) { return w; } /* watch(x) */ String s = \"watch(w)\"; Runnable r = this::watch; }"))
        .calls(0)).isFalse();
    // The screen's word bits decide whether the text is lexed at all: no "watch" bit, no call.
    assertThat(FileFacts.of("C", "class C { void f() { x.watch(); } }", 0).calls(0)).isFalse();
  }

  @Test
  void aLargeFileLookedUpRepeatedlyIsParsedOnce() throws Exception {
    Path file = largeApiClass();
    SourceIndex index = new SourceIndex(List.of());
    index.addByPath(file, "gen.BigApi", Optional.of(dir));
    for (int i = 0; i < 5; i++) {
      assertThat(index.find("gen.BigApi")).isPresent();
    }
    // Before: a file over MAX_CACHED_CHARS was parsed again on every lookup (five parses here).
    assertThat(index.parses()).isEqualTo(1);
  }

  @Test
  void threadsAskingForTheSameFileAtOnceParseItOnce() throws Exception {
    Path file = largeApiClass();
    SourceIndex index = new SourceIndex(List.of());
    index.addByPath(file, "gen.BigApi", Optional.of(dir));
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Boolean>> found = pool.invokeAll(List.of(
          () -> index.find("gen.BigApi").isPresent(), () -> index.find("gen.BigApi").isPresent(),
          () -> index.find("gen.BigApi").isPresent(), () -> index.find("gen.BigApi").isPresent()));
      for (Future<Boolean> f : found) {
        assertThat(f.get()).isTrue();
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(index.parses()).isEqualTo(1);
  }
}
