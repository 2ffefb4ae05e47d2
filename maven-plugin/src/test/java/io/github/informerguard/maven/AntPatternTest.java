package io.github.informerguard.maven;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AntPatternTest {

  @Test
  void doubleStarSlashMatchesZeroOrMoreFolders() {
    AntPattern p = AntPattern.compile("**/*.java");
    assertThat(p.matches("Foo.java")).isTrue();
    assertThat(p.matches("a/b/Foo.java")).isTrue();
    assertThat(p.matches("a/b/Foo.txt")).isFalse();
  }

  @Test
  void singleStarStaysInOneFolder() {
    AntPattern p = AntPattern.compile("demo/*.java");
    assertThat(p.matches("demo/Foo.java")).isTrue();
    assertThat(p.matches("demo/sub/Foo.java")).isFalse();
  }

  @Test
  void folderInTheMiddleMatchesAtAnyDepth() {
    AntPattern p = AntPattern.compile("**/generated/**");
    assertThat(p.matches("generated/Foo.java")).isTrue();
    assertThat(p.matches("com/acme/generated/deep/Foo.java")).isTrue();
    assertThat(p.matches("com/acme/generatedish/Foo.java")).isFalse();
  }

  @Test
  void trailingSlashMeansEverythingBelow() {
    AntPattern p = AntPattern.compile("legacy/");
    assertThat(p.matches("legacy/a/B.java")).isTrue();
    assertThat(p.matches("other/legacy/B.java")).isFalse();
  }

  @Test
  void questionMarkIsOneCharacterAndDotsAreLiteral() {
    AntPattern p = AntPattern.compile("Foo?.java");
    assertThat(p.matches("Foo1.java")).isTrue();
    assertThat(p.matches("Foo12.java")).isFalse();
    assertThat(AntPattern.compile("*.java").matches("Fooxjava")).isFalse();
  }
}
