import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
// Closures keep a failed assertion's message short (the expectation, not the whole log).
def logHas = { String s -> log.contains(s) }
def logCount = { regex -> (log =~ regex).size() }
def json = new JsonSlurper().parse(new File(basedir, 'target/informer-guard/informer-guard.json'))

// demo/legacy/** is excluded before analysis: never scanned, never reported.
assert json.stats.filesScanned == 1
assert json.findings.collect { [it.ruleId, it.file, it.line] } == [['ShortResyncPeriod', 'src/main/java/demo/Informers.java', 10]]
assert !logHas('OldInformers')
// One finding is within maxAllowedViolations=1, so the build passes.
assert logHas('[INFO] informer-guard: 1 finding at or above warning, within maxAllowedViolations (1)')
assert logHas('BUILD SUCCESS')
return true
