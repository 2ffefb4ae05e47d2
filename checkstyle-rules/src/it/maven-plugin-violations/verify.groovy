def ig = evaluate(new File(itSources, 'common.groovy'))
def log = new File(basedir, 'build.log').text
def expected = ig.marks(new File(basedir, 'src/main/java/demo/PodWatcher.java'))
assert !expected.isEmpty()
def reported = ig.reported(log, 'PodWatcher.java')
assert reported == expected : "console: reported ${reported}, expected ${expected}"
assert log.contains("You have ${expected.size()} Checkstyle violations") : 'the build fails on the violations'
def (version, errors, files) = ig.resultXml(new File(basedir, 'target/checkstyle-result.xml'))
assert errors == expected : "checkstyle-result.xml: ${errors}, expected ${expected}"
assert version == checkstyleVersion : "ran Checkstyle ${version}"
true
