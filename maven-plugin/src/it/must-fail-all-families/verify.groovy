import groovy.json.JsonSlurper

// The exact findings this project must produce: [ruleId, file relative to the project, line].
// Each misuse in src/ carries a "// violation: <RuleId>" comment on the line listed here.
def EXPECTED = [
    ['InformerNeverStopped',  'src/main/java/demo/cancel/CancellationMisuse.java', 19],
    ['WatchNeverClosed',      'src/main/java/demo/cancel/CancellationMisuse.java', 23],
    ['UnboundedInformerWait', 'src/main/java/demo/cancel/CancellationMisuse.java', 27],
    ['InterruptSwallowed',    'src/main/java/demo/cancel/CancellationMisuse.java', 33],
    ['MissingGoneHandling',   'src/main/java/demo/gone/GoneMisuse.java', 22],
    ['StatefulIndexFunction', 'src/main/java/demo/index/IndexMisuse.java', 15],
    ['ShortResyncPeriod', 'src/main/java/demo/resync/ResyncMisuse.java', 23],
    ['ShortResyncPeriod', 'src/main/java/demo/resync/ResyncMisuse.java', 26],
    ['ShortResyncPeriod', 'src/main/java/demo/resync/ResyncMisuse.java', 27],
]

def log = new File(basedir, 'build.log').text
// Closures keep a failed assertion's message short (the expectation, not the whole log).
def logHas = { String s -> log.contains(s) }
def logCount = { regex -> (log =~ regex).size() }
def reports = new File(basedir, 'target/informer-guard')
def json = new JsonSlurper().parse(new File(reports, 'informer-guard.json'))
def sarif = new JsonSlurper().parse(new File(reports, 'informer-guard.sarif'))

// The JSON report holds exactly the expected findings, in precise mode, with no file errors.
assert json.mode == 'precise'
assert json.errors == []
def actual = json.findings.collect { [it.ruleId, it.file, it.line] }
assert actual.toSet() == EXPECTED.toSet() : "findings differ\n  unexpected: ${actual - EXPECTED}\n  missing:    ${EXPECTED - actual}"
assert actual.size() == EXPECTED.size()

// The folded values appear in the messages (a constant in the same file, a TimeUnit call, a constant in another file).
def messages = json.findings.findAll { it.ruleId == 'ShortResyncPeriod' }.collectEntries { [(it.line): it.message] }
assert messages[23].contains('30s')
assert messages[26].contains('10s')
assert messages[27].contains('20s')

// Each finding is logged javac-style at its severity's level, with the absolute path.
def levels = [error: 'ERROR', warning: 'WARNING', info: 'INFO']
json.findings.each { f ->
  def path = new File(basedir, f.file).canonicalPath
  def page = "https://github.com/informerguard/informer-guard/blob/main/docs/rules/${f.ruleId}.md"
  def line = "[${levels[f.severity]}] ${path}:[${f.line},${f.column}] ${f.ruleId}: ${f.message} (see ${page})"
  assert logHas(line) : "missing log line: ${line}"
}

// The module README's "What the output looks like" excerpt is this build's log: every line of it
// (the project folder shown as /home/me/operator; a trailing "..." cuts a line; the milliseconds
// may differ) must be in build.log, so the excerpt cannot go stale. Refresh it from this build.log.
def readme = new File(moduleDir, 'README.md').text
def block = (readme =~ /(?s)<!-- excerpt: must-fail-all-families -->\n```\n(.*?)```\n<!-- \/excerpt -->/)
assert block.find() : 'maven-plugin/README.md has the must-fail-all-families excerpt block'
def noMillis = { String l -> l.replaceFirst(/, \d+ ms$/, ', N ms') }
def logLines = log.readLines().collect(noMillis)
def excerpt = block.group(1).readLines().findAll { it != '...' }
assert excerpt.size() > 1
excerpt.each { String shown ->
  def expected = noMillis(shown.replace('/home/me/operator', basedir.canonicalPath))
  def found = expected.endsWith('...')
      ? logLines.any { it.startsWith(expected[0..-4]) }
      : logLines.contains(expected)
  assert found : "README excerpt line not in build.log: ${shown}"
}

// One summary line per rule, and the failure names the count and the threshold.
EXPECTED.collect { it[0] }.toSet().each { rule ->
  def n = EXPECTED.count { it[0] == rule }
  assert logCount(/\[INFO\] ${rule}: ${n} findings? \(/) > 0
}
assert logHas("informer-guard found ${EXPECTED.size()} findings at or above warning.")
assert logHas('BUILD FAILURE')

// The SARIF report has the same results and describes every rule that ran.
// Its URIs are relative to the repository root (the nearest folder above holding .git), as code scanning needs.
def run = sarif.runs[0]
assert sarif.version == '2.1.0'
def root = basedir.canonicalFile
while (root != null && !new File(root, '.git').exists()) { root = root.parentFile }
def relative = root == null ? '' : root.toPath().relativize(basedir.canonicalFile.toPath()).toString().replace('\\', '/')
def prefix = relative.isEmpty() ? '' : relative + '/'
assert run.results.collect { [it.ruleId, it.locations[0].physicalLocation.artifactLocation.uri,
                               it.locations[0].physicalLocation.region.startLine] }.toSet() ==
    EXPECTED.collect { [it[0], prefix + it[1], it[2]] }.toSet()
assert run.results.every { it.partialFingerprints['informerGuard/v1'] }
assert run.tool.driver.rules*.id.containsAll(EXPECTED.collect { it[0] }.toSet())
return true
