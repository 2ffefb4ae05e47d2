import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def builds = log.split(/\[INFO\] BUILD SUCCESS/).toList().subList(0, 3)
def informers = new File(basedir, 'src/main/java/demo/Informers.java').canonicalPath
def generated = new File(basedir, 'target/generated-sources/annotations/demo/GeneratedInformers.java').canonicalPath
def started = '[INFO] informer-guard: analysis started in the background; the check goal reports it'

// 1: the start goal analyzed the one source file, the check the file generated after it; both
// findings reported as without the start goal.
assert builds[0].contains(started)
assert builds[0].contains('[INFO] informer-guard: 2 files analyzed, 0 files unchanged since the last build; 1 analyzed in the background by the start goal')
assert builds[0].contains("[WARNING] ${informers}:[9,19] ShortResyncPeriod: resync period resolves to 20s")
assert builds[0].contains("[WARNING] ${generated}:[9,19] ShortResyncPeriod: resync period resolves to 30s")
assert builds[0].contains('informer-guard: 2 findings (2 warning) in 2 files; 2 files scanned, 2 parsed')

// 2: package does not reach the check: nothing analyzed, nothing written (clean removed the rest).
assert builds[1].contains('[INFO] informer-guard: not analyzing early, this build does not run the check goal')
assert !builds[1].contains(started)
assert !builds[1].contains('ShortResyncPeriod')

// 3: the file was rewritten after the start goal read it: its results are dropped and the
// check analyzes the new text.
assert builds[2].contains(started)
assert builds[2].contains("[INFO] informer-guard: 1 file analyzed, 0 files unchanged since the last build; the start goal's results were out of date")
assert builds[2].contains("[WARNING] ${informers}:[10,19] ShortResyncPeriod: resync period resolves to 10s")
assert !builds[2].contains('resolves to 20s')
def json = new JsonSlurper().parse(new File(basedir, 'target/informer-guard/informer-guard.json'))
assert json.findings.collect { [it.ruleId, it.line] } == [['ShortResyncPeriod', 10]]
assert json.stats.filesParsed == 1
return true
