def log = new File(basedir, 'build.log').text
// Closures keep a failed assertion's message short (the expectation, not the whole log).
def logHas = { String s -> log.contains(s) }
def logCount = { regex -> (log =~ regex).size() }
def policy = new File(basedir, 'informer-guard.yaml').canonicalPath
// The failure names the file and the misspelt key, and lists what the rule accepts.
assert logHas("Invalid informer-guard policy: ${policy}: unknown key 'rules.ShortResyncPeriod.minimumPeriode'; ShortResyncPeriod accepts enabled, severity, minimumPeriod")
assert logHas('BUILD FAILURE')
assert !new File(basedir, 'target/informer-guard/informer-guard.json').exists()
return true
