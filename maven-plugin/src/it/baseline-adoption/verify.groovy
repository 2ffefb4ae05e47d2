import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
// The four invocations' output, in order.
def builds = log.split(/\[INFO\] BUILD SUCCESS/).toList().subList(0, 4)
def reported = { String text -> (text =~ /\[WARNING\] \S+Informers\.java:\[(\d+),\d+\] ShortResyncPeriod: resync period resolves to (\S+)/)
    .collect { "${it[2]}@${it[1]}".toString() } }

// 1: both legacy findings go to the baseline, none is reported.
assert builds[0].contains('informer-guard: wrote 2 findings to the baseline informer-guard-baseline.json')
assert reported(builds[0]) == []
def baseline = new JsonSlurper().parse(new File(basedir, 'informer-guard-baseline.json'))
assert baseline.findings.collect { it.ruleId } == ['ShortResyncPeriod', 'ShortResyncPeriod']
assert baseline.findings.every { !it.fingerprint.isEmpty() && it.file == 'src/main/java/demo/Informers.java' }

// 2: lines added above: both still match their entries.
assert reported(builds[1]) == []
assert builds[1].contains('informer-guard baseline informer-guard-baseline.json: 2 of 2 findings left out, 0 stale entries')

// 3: a new violation: exactly that one.
assert reported(builds[2]) == ['10s@23']
assert builds[2].contains('informer-guard baseline informer-guard-baseline.json: 2 of 3 findings left out, 0 stale entries')

// 4: the configMaps() finding is gone: its entry is stale; the new one is still reported.
assert reported(builds[3]) == ['10s@19']
assert builds[3].contains('informer-guard baseline informer-guard-baseline.json: 1 of 2 findings left out, 1 stale entry')
assert builds[3] =~ /\[WARNING\] informer-guard baseline entry matches nothing any more \(fixed or changed\): ShortResyncPeriod src\/main\/java\/demo\/Informers.java: resync period resolves to 20s/
return true
