// Runs Checkstyle's own Main in a fresh JVM on a classpath of Checkstyle (with its dependencies,
// resolved by the IT project) plus the -all jar, which must bring the analyzer, JavaParser,
// Jackson and picocli itself. Returns a closure (basedir, expected Checkstyle version).
def ig = evaluate(new File(itSources, 'common.groovy'))
return { File basedir, String version ->
  def checkstyleCp = new File(basedir, 'target/checkstyle.classpath').text.trim()
  assert checkstyleCp.contains("checkstyle-${version}.jar")
  ['informer-guard', 'javaparser', 'jackson', 'snakeyaml'].each {
    assert !checkstyleCp.contains(it) : "Checkstyle's classpath must not bring ${it}"
  }
  assert new File(allJar).isFile()
  def classpath = checkstyleCp + File.pathSeparator + allJar
  def project = new File(basedir, '../maven-plugin-violations')
  def java = new File(System.getProperty('java.home'), 'bin/java').path
  def run = { String config ->
    def p = new ProcessBuilder(java, '-cp', classpath, 'com.puppycrawl.tools.checkstyle.Main', '-c', config, 'src/')
        .directory(project).redirectErrorStream(true).start()
    def out = p.inputStream.text
    [p.waitFor(), out]
  }
  def expected = ig.marks(new File(project, 'src/main/java/demo/PodWatcher.java'))
  assert !expected.isEmpty()

  def (code, out) = run(new File(itConfigDir, 'informer-guard-checks.xml').path)
  println out
  assert code == 0 : "warnings only, so Checkstyle exits 0; got ${code}"
  assert out.contains('Audit done.')
  assert ig.reported(out, 'PodWatcher.java') == expected

  // The configuration inside the -all jar, by its classpath name.
  def (code2, out2) = run('informer-guard-checks.xml')
  println out2
  if (ig.missing.isEmpty()) {
    assert code2 == 0 && ig.reported(out2, 'PodWatcher.java') == expected
  } else {
    assert code2 != 0
    assert out2.contains("informer-guard: rule ${ig.missing[0]} is not in this analyzer build")
  }
  true
}
