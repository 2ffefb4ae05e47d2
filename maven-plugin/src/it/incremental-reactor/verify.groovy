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
    [0, 1], [4, 0],   // 5: mvn clean: settings from its snapshot (build 3); operator analyzed afresh
    [0, 1], [0, 4],   // 6: mvn clean, nothing changed: both from their snapshots
] : "cache lines: ${lines}"

// A module whose results all came from the cache keeps the reports its last build wrote from them.
// After mvn clean they are restored from the copy kept beside the cache.
def kept = (log =~ /\[INFO\] informer-guard reports: .*?(?: \(unchanged since the last build, (kept|restored from the cache)\))?\r?\n/)
    .collect { it[1] ?: 'written' }
assert kept == ['written', 'written', 'kept', 'kept', 'written', 'written', 'kept', 'written', 'restored from the cache',
    'written', 'restored from the cache', 'restored from the cache'] : "reports kept: ${kept}"
// The snapshots are outside target (cacheDirectory); the per-file cache in target is written
// from them, so that incremental builds go on from there.
def store = new File(basedir, 'operator-module/ig-snapshots')
assert store.list().any { it.startsWith('operator-module-') && it.endsWith('.json') } : "snapshots: ${store.list()}"
assert store.list().any { it.startsWith('operator-module-') && it.endsWith('.reports') }
assert new File(basedir, 'operator-module/target/informer-guard/cache.json').isFile()
assert new File(basedir, 'operator-module/target/informer-guard/reports.inputs').isFile() : 'restored reports are recorded as written'

// Build 2 reused every result and kept every report, so it never needed the rules: their classes
// are not loaded (build 1, which analyzed, did load them).
def ruleClasses = { String name -> new File(basedir, name).readLines().findAll { it.contains(' io.github.informerguard.analyzer.rules.') } }
assert new File(basedir, 'build2-classes.log').readLines().any { it.contains(' io.github.informerguard.maven.CheckMojo ') }
assert !ruleClasses('build1-classes.log').isEmpty()
assert ruleClasses('build2-classes.log').isEmpty() : "rule classes loaded by the kept build: ${ruleClasses('build2-classes.log').take(3)}"
// Nor did build 6, after mvn clean, nor JavaParser: its results and reports came from the snapshots.
assert new File(basedir, 'build6-classes.log').readLines().any { it.contains(' io.github.informerguard.maven.CheckMojo ') }
assert ruleClasses('build6-classes.log').isEmpty() : "rule classes loaded after clean: ${ruleClasses('build6-classes.log').take(3)}"
assert !new File(basedir, 'build6-classes.log').readLines().any { it.contains(' com.github.javaparser.') }

def warnings = (log =~ /\[WARNING\] (\S+):\[(\d+),(\d+)\] ShortResyncPeriod: resync period resolves to (\S+)/)
    .collect { [new File(it[1]).name, it[4]] }
// Builds 1 and 2 report nothing; build 3 the sibling's 20s; builds 4 to 6 that one and the local 30s.
assert warnings == [['PodOperator.java', '20s'], ['ConfigMapOperator.java', '30s'], ['PodOperator.java', '20s'],
    ['ConfigMapOperator.java', '30s'], ['PodOperator.java', '20s'], ['ConfigMapOperator.java', '30s'], ['PodOperator.java', '20s']] : "${warnings}"

def json = new JsonSlurper().parse(new File(basedir, 'operator-module/target/informer-guard/informer-guard.json'))
assert json.findings.collect { [it.file, it.message.find(/resolves to \S+/)] } == [
    ['src/main/java/demo/operator/ConfigMapOperator.java', 'resolves to 30s'],
    ['src/main/java/demo/operator/PodOperator.java', 'resolves to 20s']]

// The reactor's SARIF at the execution root: valid 2.1.0, one run per analyzed module with its own
// automation id, URIs that exist from the repository root (the nearest folder with .git), a
// fingerprint on every result.
def sarifFile = new File(basedir, 'target/informer-guard/informer-guard.sarif')
assert sarifFile.isFile() : 'reactor SARIF at the execution root'
def mapper = new com.fasterxml.jackson.databind.ObjectMapper()
def sarif = mapper.readTree(sarifFile)
def schemaIn = getClass().classLoader.getResourceAsStream('schema/sarif-schema-2.1.0.json')
assert schemaIn != null
def schema = com.networknt.schema.JsonSchemaFactory.getInstance(com.networknt.schema.SpecVersion.VersionFlag.V7).getSchema(schemaIn)
def problems = schema.validate(sarif)
assert problems.isEmpty() : "schema: ${problems}"
def ids = sarif.get('runs').collect { it.path('automationDetails').path('id').asText() }
assert ids.size() == 2 && ids.toSet().size() == 2 : "one automation id per module: ${ids}"
def root = basedir.canonicalFile
while (root != null && !new File(root, '.git').exists()) { root = root.parentFile }
assert root != null
def rel = basedir.canonicalPath.substring(root.canonicalPath.length() + 1)
assert ids.toSet() == ["informer-guard/${rel}/settings-module/", "informer-guard/${rel}/operator-module/"].collect { it.toString() }.toSet() : "${ids}"
def results = sarif.get('runs').collectMany { run -> run.get('results').collect { it } }
assert results.size() == 2
results.each { r ->
  def uri = r.get('locations').get(0).get('physicalLocation').get('artifactLocation').get('uri').asText()
  assert new File(root, uri).isFile() : "${uri} from ${root}"
  assert !r.path('partialFingerprints').path('informerGuard/v1').asText().isEmpty() : "fingerprint on ${uri}"
}
return true
