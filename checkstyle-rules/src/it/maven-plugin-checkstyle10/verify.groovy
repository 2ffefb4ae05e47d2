// The same project and configuration under Checkstyle 10.x.
def ig = evaluate(new File(itSources, 'common.groovy'))
def log = new File(basedir, 'build.log').text
def expected = ig.marks(new File(basedir, '../maven-plugin-violations/src/main/java/demo/PodWatcher.java'))
assert !expected.isEmpty()
assert ig.reported(log, 'PodWatcher.java') == expected
assert log.contains("You have ${expected.size()} Checkstyle violations")
def (version, errors, files) = ig.resultXml(new File(basedir, 'target/checkstyle-result.xml'))
assert version == checkstyleLegacyVersion : "ran Checkstyle ${version}"
assert errors == expected
true
