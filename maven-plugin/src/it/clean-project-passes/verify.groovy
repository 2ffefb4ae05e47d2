import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
// Closures keep a failed assertion's message short (the expectation, not the whole log).
def logHas = { String s -> log.contains(s) }
def logCount = { regex -> (log =~ regex).size() }
def json = new JsonSlurper().parse(new File(basedir, 'target/informer-guard/informer-guard.json'))

// Correct usage produces no finding; test sources are not analyzed by default.
assert json.mode == 'precise'
assert json.findings == []
assert json.stats.filesScanned == 2

// The file that does not parse is listed and logged as a warning, and does not fail the build.
assert json.errors.size() == 1
assert json.errors[0].file == 'src/main/java/demo/Broken.java'
def broken = new File(basedir, 'src/main/java/demo/Broken.java').canonicalPath
assert logCount(/(?m)^\[WARNING\] \Q${broken}\E:\d+: does not parse/) > 0
assert logHas('informer-guard: no findings, 1 file not analyzed; 2 files scanned')
assert new File(basedir, 'target/informer-guard/informer-guard.sarif').isFile()
// What each classpath jar holds is kept outside target/ (under the local repository by default),
// one file per jar, so that a clean build opens only the jars it looks names up in.
def jarIndex = new File(localRepositoryPath, '.cache/informer-guard/jar-index')
assert jarIndex.listFiles()?.any { it.name.startsWith('kubernetes-client-api-') && it.name.endsWith('.txt') }
assert !jarIndex.listFiles().any { it.name.endsWith('.tmp') }
assert logHas('BUILD SUCCESS')
return true
