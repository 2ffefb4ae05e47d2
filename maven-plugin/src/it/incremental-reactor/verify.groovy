import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
// Every module's cache line, in build order: settings-module then operator-module, four builds.
def lines = (log =~ /\[INFO\] informer-guard: (\d+) files? analyzed, (\d+) files? unchanged since the last build/)
    .collect { [it[1] as int, it[2] as int] }
assert lines == [
    [1, 0], [4, 0],   // 1: nothing cached yet (settings: Resync; operator: three operators and Local)
    [0, 1], [0, 4],   // 2: nothing changed
    [1, 0], [4, 0],   // 3: Resync.java changed; so did the operator module's classpath (the settings jar)
    [0, 1], [2, 2],   // 4: Local.java changed, and ConfigMapOperator took its constant; the other two are reused
] : "cache lines: ${lines}"

def warnings = (log =~ /\[WARNING\] (\S+):\[(\d+),(\d+)\] ShortResyncPeriod: resync period resolves to (\S+)/)
    .collect { [new File(it[1]).name, it[4]] }
// Builds 1 and 2 report nothing; build 3 the sibling's 20s; build 4 that one (from the cache) and the local 30s.
assert warnings == [['PodOperator.java', '20s'], ['ConfigMapOperator.java', '30s'], ['PodOperator.java', '20s']] : "${warnings}"

def json = new JsonSlurper().parse(new File(basedir, 'operator-module/target/informer-guard/informer-guard.json'))
assert json.findings.collect { [it.file, it.message.find(/resolves to \S+/)] } == [
    ['src/main/java/demo/operator/ConfigMapOperator.java', 'resolves to 30s'],
    ['src/main/java/demo/operator/PodOperator.java', 'resolves to 20s']]
return true
