def log = new File(basedir, 'build.log').text
// Closures keep a failed assertion's message short (the expectation, not the whole log).
def logHas = { String s -> log.contains(s) }
def logCount = { regex -> (log =~ regex).size() }
assert logHas('[INFO] Skipping informer-guard: informer-guard.skip is true')
assert !logHas('ShortResyncPeriod')
assert !new File(basedir, 'target/informer-guard').exists()
assert logHas('BUILD SUCCESS')
return true
