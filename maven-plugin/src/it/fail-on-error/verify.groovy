import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
// Closures keep a failed assertion's message short (the expectation, not the whole log).
def logHas = { String s -> log.contains(s) }
def logCount = { regex -> (log =~ regex).size() }
def json = new JsonSlurper().parse(new File(basedir, 'target/informer-guard/informer-guard.json'))

// Both warnings are found, logged and reported; with failOn=error they do not fail the build.
assert json.findings.collect { [it.ruleId, it.severity, it.line] } == [
    ['ShortResyncPeriod', 'warning', 10],
    ['ShortResyncPeriod', 'warning', 11],
]
// At the called method's name, inform(...), on each line.
assert logCount(/(?m)^\[WARNING\] .*Informers\.java:\[10,19\] ShortResyncPeriod: /) == 1
assert logCount(/(?m)^\[WARNING\] .*Informers\.java:\[11,38\] ShortResyncPeriod: /) == 1
assert logHas('[INFO] ShortResyncPeriod: 2 findings (2 warning)')
assert !logHas('informer-guard found')
assert logHas('BUILD SUCCESS')
return true
