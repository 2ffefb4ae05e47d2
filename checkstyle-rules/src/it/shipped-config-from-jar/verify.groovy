// configLocation "informer-guard-checks.xml": the file inside the informer-guard-checkstyle jar.
def ig = evaluate(new File(itSources, 'common.groovy'))
def log = new File(basedir, 'build.log').text
if (ig.missing.isEmpty()) {
  def expected = ig.marks(new File(basedir, '../maven-plugin-violations/src/main/java/demo/PodWatcher.java'))
  assert ig.reported(log, 'PodWatcher.java') == expected
  assert log.contains("You have ${expected.size()} Checkstyle violations")
} else {
  // Until every rule is in the analyzer, the shipped file must fail with a message naming the rule.
  assert log.contains("informer-guard: rule ${ig.missing[0]} is not in this analyzer build") : 'clear configuration error'
}
true
