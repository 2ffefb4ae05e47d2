def ig = evaluate(new File(itSources, 'common.groovy'))
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
assert ig.reported(log, '.java').isEmpty() : 'no violation on the clean project'
def (version, errors, files) = ig.resultXml(new File(basedir, 'target/checkstyle-result.xml'))
assert files.contains('PodWatcher.java') : "the file was audited: ${files}"
assert errors.isEmpty()
assert version == checkstyleVersion
true
