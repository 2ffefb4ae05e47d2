import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
// Closures keep a failed assertion's message short (the expectation, not the whole log).
def logHas = { String s -> log.contains(s) }
def logCount = { regex -> (log =~ regex).size() }
def json = new JsonSlurper().parse(new File(basedir, 'target/informer-guard/informer-guard.json'))

// includeTests adds the test root: both findings are reported, with the test one resolved
// against the test classpath.
assert json.findings.collect { [it.ruleId, it.file, it.line] } == [
    ['ShortResyncPeriod', 'src/main/java/demo/Informers.java', 10],
    ['ShortResyncPeriod', 'src/test/java/demo/InformersTest.java', 10],
]
assert json.mode == 'precise'
def main = new File(basedir, 'src/main/java/demo/Informers.java').canonicalPath
assert logHas("[WARNING] ${main}:[10,19] ShortResyncPeriod: resync period resolves to 30s")
assert new File(basedir, 'target/informer-guard/informer-guard.sarif').isFile()
assert logHas('[WARNING] informer-guard: 2 findings at or above warning; the build goes on because failOnViolation is false')
assert logHas('BUILD SUCCESS')
return true
