import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def builds = log.split(/\[INFO\] BUILD SUCCESS/).toList().subList(0, 2)
def generated = new File(basedir, 'target/generated-sources/annotations/demo/GeneratedInformers.java').canonicalPath
def informers = new File(basedir, 'src/main/java/demo/Informers.java').canonicalPath

// 1: only src/main/java is analyzed; the generated root (which holds the file) is left out.
assert new File(generated).isFile()
assert builds[0].contains('informer-guard: no findings; 1 file scanned') : 'build 1 summary'
assert !builds[0].contains(generated)

// 2: with excludeGeneratedSources=false the generated file is analyzed and its finding logged.
assert builds[1].contains("[WARNING] ${generated}:[9,19] ShortResyncPeriod: resync period resolves to 30s")
def json = new JsonSlurper().parse(new File(basedir, 'target/informer-guard/informer-guard.json'))
assert json.findings.collect { [it.ruleId, it.file] } == [['ShortResyncPeriod', 'target/generated-sources/annotations/demo/GeneratedInformers.java']]
assert json.stats.filesScanned == 2
return true
