import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
// Closures keep a failed assertion's message short (the expectation, not the whole log).
def logHas = { String s -> log.contains(s) }
def logCount = { regex -> (log =~ regex).size() }
def slurper = new JsonSlurper()

// The aggregator has pom packaging: one skip line per invocation.
assert logCount(/\[INFO\] Skipping informer-guard: pom packaging has no sources to analyze/) == 2

// A jar module without any source folder is skipped with one line per invocation.
def emptyRoot = new File(basedir, 'empty-module/src/main/java').canonicalPath
assert logCount(/\[INFO\] Skipping informer-guard: no source root exists \(\Q${emptyRoot}\E\)/) == 2

// The settings module itself is clean.
def settings = slurper.parse(new File(basedir, 'settings-module/target/informer-guard/informer-guard.json'))
assert settings.findings == []

// The operator module's finding carries the value folded from the sibling module's class file.
def operator = slurper.parse(new File(basedir, 'operator-module/target/informer-guard/informer-guard.json'))
assert operator.mode == 'precise'
assert operator.findings.collect { [it.ruleId, it.file, it.line] } == [['ShortResyncPeriod', 'src/main/java/demo/operator/PodOperator.java', 14]]
assert operator.findings[0].message.contains('resolves to 20s (20000 ms)')

// Both invocations (jar, then target/classes on the classpath) log the same finding.
def file = new File(basedir, 'operator-module/src/main/java/demo/operator/PodOperator.java').canonicalPath
assert logCount(/\[WARNING\] \Q${file}\E:\[14,26\] ShortResyncPeriod: resync period resolves to 20s \(20000 ms\)/) == 2
// The second invocation cleaned and did not package: only target/classes could supply the constant.
assert !new File(basedir, 'settings-module/target/settings-module-1.0.jar').exists()
assert new File(basedir, 'settings-module/target/classes/demo/settings/Resync.class').isFile()
// Both modules with sources were analyzed by the start goal in both invocations (the second runs
// the check from the command line after compile), and the findings above are the check's.
assert logCount(/\[INFO\] informer-guard: analysis started in the background; the check goal reports it/) == 4
assert logCount(/\[INFO\] informer-guard: 1 file analyzed, 0 files unchanged since the last build; 1 analyzed in the background by the start goal/) == 4
return true
