import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
// Closures keep a failed assertion's message short (the expectation, not the whole log).
def logHas = { String s -> log.contains(s) }
def logCount = { regex -> (log =~ regex).size() }
def json = new JsonSlurper().parse(new File(basedir, 'target/informer-guard/informer-guard.json'))

// With the default 5 minute minimum both periods would be flagged; the policy's 30s minimum
// keeps only the 20s one, at the policy's severity.
assert json.findings.collect { [it.ruleId, it.severity, it.line] } == [['ShortResyncPeriod', 'error', 10]]
assert json.findings[0].message.contains('below the 30s minimum')
def file = new File(basedir, 'src/main/java/demo/Informers.java').canonicalPath
assert logHas("[ERROR] ${file}:[10,19] ShortResyncPeriod: resync period resolves to 20s")
assert !logHas("${file}:[11,")
// failOn=error: the error finding fails the build.
assert logHas('informer-guard found 1 finding at or above error.')
assert logHas('BUILD FAILURE')
return true
